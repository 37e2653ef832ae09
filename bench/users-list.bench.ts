/**
 * Benchmark: GET /api/users over 200,000 users at 1 and 32 concurrent clients, on
 * PostgreSQL and PGlite. Prints p50/p99 in ms, req/s and cache hits per kind of request, and the
 * EXPLAIN ANALYZE of the page + count statements of the slowest new combinations. Each run uses
 * its own throwaway database (a random database on the PostgreSQL server at BENCH_PG_URL, an
 * in-memory PGlite).
 *
 *   npx tsx bench/users-list.bench.ts [--users 200000] [--requests 2000] [--distinct 120]
 *     [--only postgres|pglite] [--pool N] [--explain 2]
 *
 * Users come from the demo seed's generator (`seedDemo` with `users`, the other tables at scale
 * 0.05: names, e-mails and +91 phones as `npm run seed -- --users N` writes them), COPY in
 * batches, then VACUUM ANALYZE. Times the whole app in-process (createApp + app.request with a
 * signed access token: auth, routing, validation, queries, JSON), with table versions kept from
 * NOTIFY as `npm start` does, and the server's default pool unless --pool.
 *
 * Rows: "repeated" cycles REPEATED_QUERIES (page cache hits after the warm-up); "1 write per 100"
 * makes every 100th request an UPDATE of one user's name (a users write: every cached page and
 * total is invalidated; the process is told, as after its own writes; writes are not timed); "new: …" gives every request a combination never
 * asked before, per kind: name fragment, e-mail fragment, phone digits (each with role and
 * status filters), and role/status filters on pages 2-5,000.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import v8 from 'node:v8'
import vm from 'node:vm'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { UserListQuerySchema } from '../src/api/schemas/users'
import { ensureAdmin } from '../server/bootstrap'
import { fewMatches, userListCountQuery, userListPageQuery } from '../server/db/queries/users.queries'
import { seedDemo } from '../server/db/seed/seed'
import { rawRows } from '../server/db/sql'
import { createApp, type App } from '../server/app'
import type { AppConfig } from '../server/deps'
import { signAccessToken } from '../server/services/access-token'
import { loadEnv } from '../server/env'
import type { Database } from '../server/db/client'
import { TableVersions } from '../server/services/table-versions'
import { createBenchDatabase } from './bench-db'
import { percentile } from './measure'

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '2000' },
    distinct: { type: 'string', default: '120' },
    only: { type: 'string' },
    pool: { type: 'string' },
    explain: { type: 'string', default: '2' },
  },
})
// The seed's 200,000 generated rows are garbage once written: collected before timing (a server
// never seeds in its process), else one full GC lands inside the first timed row.
v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void
const ADMIN_EMAIL = 'admin@example.com'

/** The repeated views: the screen's first load, a search of each kind, role and status filters, a deep page. */
export const REPEATED_QUERIES = [
  '',
  'search=kumar',
  'search=gmail',
  'search=98765',
  'role=admin',
  'role=agent&status=active',
  'role=user&status=inactive',
  'search=sharma&role=user&status=active',
  'status=inactive&page=50',
  'page=500',
].map((q) => `/api/users?${q}${q ? '&' : ''}limit=20`)

const NAME_TERMS = [
  'kumar',
  'sharma',
  'singh',
  'patel',
  'priya',
  'raj',
  'anand',
  'deep',
  'reddy',
  'iyer',
  'nair',
  'gupta',
  'mehta',
  'joshi',
  'das',
  'rao',
  'verma',
  'khan',
  'arjun',
  'devi',
  'aditi',
  'rahul',
  'pooja',
  'vik',
]
const EMAIL_TERMS = ['gmail', 'yahoo.co', 'outlook', 'rediffmail', 'hotmail', 'example.in', '@gmail.com', '.in']
const ROLES = ['', 'admin', 'agent', 'user']
const STATUSES = ['', 'active', 'inactive']

/** A deterministic shuffle (so two runs time the same requests). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items]
  let s = seed
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31
    const j = s % (i + 1)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** `n` distinct never-repeated URLs per kind of new combination (none in REPEATED_QUERIES). */
function distinctQueries(n: number, users: number): Record<string, string[]> {
  const filters = ROLES.flatMap((role) =>
    STATUSES.map((status) => `${role ? `&role=${role}` : ''}${status ? `&status=${status}` : ''}`),
  )
  const searches = (terms: string[]) =>
    shuffled(
      terms.flatMap((t) =>
        filters.flatMap((f) => [1, 2, 3].map((page) => `search=${encodeURIComponent(t)}${f}&page=${page}`)),
      ),
      7,
    )
  const digits: string[] = []
  for (let i = 0; digits.length < 4 * n; i++) {
    const d = String((i * 7_919 + 1_234) % 100_000)
      .padStart(5, '0')
      .slice(0, 4 + (i % 2))
    const q = `search=${d}${filters[i % filters.length]}`
    if (!digits.includes(q)) digits.push(q)
  }
  const lastPage = Math.max(2, Math.floor(users / 20))
  const pages = shuffled(
    filters.flatMap((f) =>
      Array.from(
        { length: 60 },
        (_, i) =>
          `${f.slice(1)}${f ? '&' : ''}page=${2 + Math.floor((((i * i * 37 + i * 11) % 1000) / 1000) * Math.min(5000, lastPage))}`,
      ),
    ),
    11,
  )
  const all: Record<string, string[]> = {
    'name fragment + role/status': searches(NAME_TERMS),
    'e-mail fragment + role/status': searches(EMAIL_TERMS),
    'phone digits + role/status': digits,
    'role/status, pages 2-5,000': [...new Set(pages)],
  }
  return Object.fromEntries(
    Object.entries(all).map(([kind, list]) => {
      const urls = [...new Set(list)].filter((q) => !REPEATED_QUERIES.includes(`/api/users?${q}&limit=20`))
      if (urls.length < 2 * n) throw new Error(`${kind}: only ${urls.length} distinct queries for --distinct ${n}`)
      return [kind, urls.slice(0, 2 * n).map((q) => `/api/users?${q}&limit=20`)]
    }),
  )
}

/**
 * `total` list requests from `clients` concurrent loops over `queries`; latency per request in
 * ms (and per URL in `each`). With `write`, every 100th request is a users write instead (untimed).
 */
async function run(
  app: App,
  authorization: string,
  clients: number,
  total: number,
  queries: string[],
  write?: (n: number) => Promise<void>,
) {
  const latencies: number[] = []
  const each = new Map<string, number>()
  let next = 0
  let hits = 0
  const client = async () => {
    while (next < total) {
      const n = next++
      if (write && n % 100 === 99) {
        await write(n)
        continue
      }
      const url = queries[n % queries.length]
      const started = performance.now()
      const res = await app.request(url, { headers: { authorization } })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${url} → ${res.status}`)
      if (res.headers.get('x-cache') === 'hit') hits++
      const ms = performance.now() - started
      latencies.push(ms)
      each.set(url, Math.max(ms, each.get(url) ?? 0))
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: clients }, client))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    hits: `${Math.round((100 * hits) / latencies.length)}%`,
    each,
  }
}

/** EXPLAIN ANALYZE of the page and count statements listUsers runs for `url`. */
async function explain(database: Database, url: string, ms: number) {
  const params = Object.fromEntries(new URL(url, 'http://x').searchParams)
  const query = v.parse(UserListQuerySchema, params)
  console.log(`\n  ${url} (${ms.toFixed(1)} ms at 1 client)`)
  // The page statement as listUsers plans it from the count (fewMatches).
  const [[counted], [group]] = await Promise.all([
    userListCountQuery(database.db, query),
    userListCountQuery(database.db, { search: '', role: query.role, status: query.status }),
  ])
  const few = !!query.search && fewMatches(counted.total, group.total, (query.page - 1) * query.limit, query.limit)
  for (const [label, statement] of [
    ['count', userListCountQuery(database.db, query)],
    [`page${few ? ' (few matches: collected, then sorted)' : ''}`, userListPageQuery(database.db, query, few)],
  ] as const) {
    const rows = await rawRows<Record<string, string>>(database.db, sql`EXPLAIN ANALYZE ${statement}`)
    console.log(`  ${label}:\n${rows.map((r) => `    ${Object.values(r)[0]}`).join('\n')}`)
  }
}

async function bench(kind: 'pglite' | 'postgres') {
  const { database, drop } = await createBenchDatabase(kind, {
    prefix: 'bench_users',
    poolSize: args.pool ? Number(args.pool) : undefined,
  })
  try {
    const count = Number(args.users)
    const distinct = Number(args.distinct)
    const newQueries = distinctQueries(distinct, count)
    const seeded = performance.now()
    await ensureAdmin(database.db, ADMIN_EMAIL)
    await seedDemo(database, {
      scale: 0.05,
      users: count,
      adminEmail: ADMIN_EMAIL,
      dataKey: crypto.createSecretKey(crypto.randomBytes(32)),
    })
    const [admin] = await rawRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE lower(email) = ${ADMIN_EMAIL}`,
    )
    const [{ n }] = await rawRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM users`)
    console.log(`${kind}: ${n} users seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
    // As `npm start` runs it: table versions kept in memory from NOTIFY (decision 004).
    const versions = new TableVersions(database.db)
    await versions.listen(database)
    const deps: AppConfig = {
      db: database.db,
      env: loadEnv({ SEED: 'none', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-users-')) }),
      jwtSecret: new Uint8Array(32),
      mailer: { send: async () => {} },
      now: () => new Date(),
      versions,
    }
    const app = createApp(deps)
    const authorization = `Bearer ${await signAccessToken(deps.jwtSecret, admin.id, new Date())}`
    await run(app, authorization, 8, 600, REPEATED_QUERIES) // warm-up: JIT and the pool's connections
    collectGarbage()
    const rows: string[] = []
    const row = (clients: number, what: string, r: Awaited<ReturnType<typeof run>>) =>
      rows.push(
        `| ${kind} | ${clients} | ${what} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.hits} |`,
      )
    const total = Number(args.requests)
    for (const clients of [1, 32])
      row(
        clients,
        'repeated queries (page cache hits)',
        await run(app, authorization, clients, total, REPEATED_QUERIES),
      )
    const ids = (await rawRows<{ id: string }>(database.db, sql`SELECT id FROM users ORDER BY random() LIMIT 500`)).map(
      (r) => r.id,
    )
    const write = async (i: number) => {
      await database.db.execute(
        sql`UPDATE users SET name = name || '', updated_at = now() WHERE id = ${ids[i % ids.length]}`,
      )
      versions.invalidate() // as the app's own writes do: the next request reads the new version
    }
    for (const clients of [1, 32]) {
      row(
        clients,
        'repeated queries, 1 write per 100 requests',
        await run(app, authorization, clients, total, REPEATED_QUERIES, write),
      )
    }
    // Every request a new combination: the page (and, unless the page tells it, the count) computed.
    const slowest: [string, number][] = []
    for (const [what, urls] of Object.entries(newQueries)) {
      for (const [i, clients] of [1, 32].entries()) {
        const r = await run(app, authorization, clients, distinct, urls.slice(i * distinct, (i + 1) * distinct))
        row(clients, `new: ${what}`, r)
        if (clients === 1) slowest.push(...[...r.each].sort((a, b) => b[1] - a[1]).slice(0, Number(args.explain)))
      }
    }
    await versions.close()
    console.log(`\n${kind}: EXPLAIN ANALYZE of the slowest new combinations at 1 client`)
    for (const [url, ms] of slowest) await explain(database, url, ms)
    return rows
  } finally {
    await database.close()
    await drop()
  }
}

const kinds = (['postgres', 'pglite'] as const).filter((k) => !args.only || args.only === k)
const table = [
  '| database | clients | requests | p50 ms | p99 ms | req/s | cache hits |',
  '|---|---|---|---|---|---|---|',
]
for (const kind of kinds) table.push(...(await bench(kind)))
console.log(`\nCommand: npx tsx bench/users-list.bench.ts ${process.argv.slice(2).join(' ')}`.trimEnd())
console.log(
  `Date: ${new Date().toISOString()}; ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
console.log(
  `\nlist users, limit 20, ${args.users} users, ${args.requests} repeated / ${args.distinct} new requests per row`,
)
console.log(table.join('\n'))
