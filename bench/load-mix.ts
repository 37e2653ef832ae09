/**
 * The request mix of `npm run bench:load` (bench/load.ts): what admins do with the console, as
 * weighted kinds of request. Reads: projects list pages with the filters and searches moderators
 * use (SPEC.md 2 "Projects list"), a project's detail and verification history, the dashboard,
 * the users list. Writes: a project field edit (PUT /api/projects/:id), a verification status
 * change (PUT /api/projects/:id/verify), bulk activate/deactivate and bulk verify of 5 projects.
 * Every request is one that succeeds on a seeded database (no deletes: ids stay valid).
 */

export type MixRequest = { method: 'GET' | 'PUT' | 'POST'; path: string; body?: string }
export type Kind = { name: string; write: boolean; weight: number; make: (r: Rng, d: MixData) => MixRequest }
/** What the seeded database holds that the mix refers to. */
export type MixData = { projectIds: string[]; categories: string[] }
/** A uniform random number in [0, 1). */
export type Rng = () => number

/** mulberry32: a small seeded generator, so every run sends the same sequence per client. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)]
const STATUSES = ['pending', 'under_review', 'approved', 'needs_changes', 'rejected'] as const
/** Words of the seed's titles, technologies and tags (server/db/seed). */
const SEARCHES = [
  'react',
  'hospital',
  'dashboard',
  'chat',
  'python',
  'app',
  'inventory',
  'portal',
  'payments',
  'student',
]
const USER_SEARCHES = ['a', 'an', 'sh', 'ra', 'example', 'gmail', '98']
const json = (body: unknown) => JSON.stringify(body)
const ids = (r: Rng, d: MixData, n: number) => [...new Set(Array.from({ length: n }, () => pick(r, d.projectIds)))]

/** A projects list query as the console sends it: page 1-3 of the default view or of a filter. */
function listPath(r: Rng, d: MixData): string {
  const params = new URLSearchParams({ page: String(1 + Math.floor(r() * r() * 3)), limit: '20' })
  const view = r()
  if (view < 0.25) {
    /* the default view: active projects, newest first */
  } else if (view < 0.45) params.set('category', pick(r, d.categories))
  else if (view < 0.6) params.set('verificationStatus', pick(r, STATUSES))
  else if (view < 0.7) {
    params.set('includeInactive', 'true')
    params.set('status', pick(r, ['active', 'inactive']))
  } else if (view < 0.9) params.set('search', pick(r, SEARCHES))
  else {
    params.set('search', pick(r, SEARCHES))
    params.set('category', pick(r, d.categories))
    params.set('verificationStatus', pick(r, STATUSES))
  }
  return `/api/projects?${params}`
}

/** Reads and writes, weights within each group (the groups are weighted by the --reads/--writes ratio). */
export const KINDS: Kind[] = [
  { name: 'GET projects list', write: false, weight: 45, make: (r, d) => ({ method: 'GET', path: listPath(r, d) }) },
  {
    name: 'GET project detail',
    write: false,
    weight: 20,
    make: (r, d) => ({ method: 'GET', path: `/api/projects/${pick(r, d.projectIds)}` }),
  },
  {
    name: 'GET verification history',
    write: false,
    weight: 10,
    make: (r, d) => ({ method: 'GET', path: `/api/projects/${pick(r, d.projectIds)}/verification-history` }),
  },
  {
    name: 'GET dashboard stats',
    write: false,
    weight: 10,
    make: () => ({ method: 'GET', path: '/api/admin/dashboard/stats' }),
  },
  {
    name: 'GET users list',
    write: false,
    weight: 15,
    make: (r) => {
      const params = new URLSearchParams({ page: String(1 + Math.floor(r() * 3)), limit: '20' })
      if (r() < 0.5) params.set('search', pick(r, USER_SEARCHES))
      if (r() < 0.3) params.set('role', pick(r, ['admin', 'agent', 'user']))
      return { method: 'GET', path: `/api/users?${params}` }
    },
  },
  {
    name: 'PUT project fields',
    write: true,
    weight: 35,
    make: (r, d) => {
      const edit =
        r() < 0.5
          ? { discount: Math.floor(r() * 40) }
          : { price: 500 + Math.floor(r() * 20_000), isFeatured: r() < 0.3 }
      return { method: 'PUT', path: `/api/projects/${pick(r, d.projectIds)}`, body: json(edit) }
    },
  },
  {
    name: 'PUT verification status',
    write: true,
    weight: 30,
    make: (r, d) => ({
      method: 'PUT',
      path: `/api/projects/${pick(r, d.projectIds)}/verify`,
      body: json({ status: pick(r, STATUSES), notes: 'Checked by the load bench' }),
    }),
  },
  {
    name: 'POST bulk-update',
    write: true,
    weight: 20,
    make: (r, d) => ({
      method: 'POST',
      path: '/api/projects/bulk-update',
      body: json({ ids: ids(r, d, 5), isActive: r() < 0.8 }),
    }),
  },
  {
    name: 'POST bulk-verify',
    write: true,
    weight: 15,
    make: (r, d) => ({
      method: 'POST',
      path: '/api/projects/bulk-verify',
      body: json({ ids: ids(r, d, 5), status: pick(r, STATUSES), notes: 'Bulk check by the load bench' }),
    }),
  },
]

/** A chooser of `kinds` (default all) with reads:writes = `reads`:`writes` overall. */
export function kindChooser(reads: number, writes: number, kinds: readonly Kind[] = KINDS): (r: Rng) => Kind {
  const groups = [kinds.filter((k) => !k.write), kinds.filter((k) => k.write)]
  const shares = [reads / (reads + writes), writes / (reads + writes)]
  const table = groups.flatMap((group, g) => {
    const sum = group.reduce((s, k) => s + k.weight, 0)
    return group.map((k) => ({ kind: k, p: (shares[g] * k.weight) / sum }))
  })
  return (r) => {
    let x = r()
    for (const { kind, p } of table) {
      if (x < p) return kind
      x -= p
    }
    return table[table.length - 1].kind
  }
}
