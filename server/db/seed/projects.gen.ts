/**
 * Demo projects (SPEC.md 3 "Project") and their verification history: believable titles,
 * descriptions, technologies and INR prices (₹499-₹49,999, stored as paise), every verification
 * status, and a history chain per project whose last status is the project's status.
 */
import type { Fragments } from './fragments'
import { recentDate, timeline, type Rng } from './random'
import { AUDIENCES, CATEGORIES, CATEGORY_VOCABULARY, DOMAINS, TAGS, TITLE_PREFIXES } from './vocabulary'
import type { Row, TableSpec } from './writer'

export const PROJECT_TABLE: TableSpec = {
  table: 'projects',
  columns: [
    'id',
    'title',
    'description',
    'category',
    'price_paise',
    'discount',
    'technologies',
    'features',
    'tags',
    'demo_url',
    'difficulty',
    'rating',
    'is_active',
    'is_featured',
    'is_in_stock',
    'stock',
    'project_owner_id',
    'verification_status',
    'verification_notes',
    'submission_message',
    'allows_customization',
    'customization_price_paise',
    'includes_installation_support',
    'support_duration',
    'has_report',
    'report_price_paise',
    'view_count',
    'download_count',
    'created_at',
    'updated_at',
  ],
}
export const HISTORY_TABLE: TableSpec = {
  table: 'verification_history',
  columns: ['id', 'project_id', 'status', 'previous_status', 'notes', 'verified_by', 'verified_at'],
}

export const VERIFICATION_STATUSES = ['pending', 'under_review', 'approved', 'needs_changes', 'rejected'] as const
type Status = (typeof VERIFICATION_STATUSES)[number]

/** What orders need to know about a project. */
export type ProjectRef = {
  id: string
  createdAt: Date
  pricePaise: number
  customizationPaise: number
  reportPaise: number
}

const NOTES: Record<Status, string[]> = {
  pending: ['Project submitted for review', 'Resubmitted with the requested changes'],
  under_review: ['Picked up for review', 'Checking the source code and the demo'],
  approved: ['Code quality is good; approved for sale', 'Demo works and the report is complete'],
  needs_changes: [
    'Please add a README with setup steps',
    'The demo URL does not load; please fix it',
    'Remove hard-coded credentials from the config',
  ],
  rejected: ['Duplicate of an existing listing', 'Source code does not build', 'Plagiarised content'],
}
const HOUR = 3_600_000

/** Rupees in [499, 49999], log-uniform, ending in 99 (₹2,999 style); returned in paise. */
function pricePaise(rng: Rng): number {
  const rupees = Math.exp(Math.log(499) + rng.next() * (Math.log(49_999) - Math.log(499)))
  return Math.min(49_999, Math.max(499, Math.round(rupees / 100) * 100 - 1)) * 100
}

/** The status path from submission to `final`, e.g. pending → under_review → needs_changes → pending. */
function statusPath(rng: Rng, final: Status): Status[] {
  const path: Status[] = ['pending']
  if (final === 'pending') {
    if (rng.chance(0.3)) path.push('under_review', 'needs_changes', 'pending')
    return path
  }
  if (rng.chance(0.8)) path.push('under_review')
  if (final !== 'needs_changes' && rng.chance(0.25)) path.push('needs_changes', 'pending', 'under_review')
  if (path[path.length - 1] !== final) path.push(final)
  return path
}

/** Project `n` (0-based; the first five cover every verification status) with its history rows. */
export function makeProject(
  rng: Rng,
  f: Fragments,
  n: number,
  ctx: { now: Date; ownerIds: string[]; adminIds: string[] },
) {
  const category = CATEGORIES[n < 5 ? n : Math.floor(rng.next() * CATEGORIES.length)]
  const vocab = CATEGORY_VOCABULARY[category]
  const kind = rng.pick(vocab.kinds)
  const title = `${rng.pick(TITLE_PREFIXES)} ${rng.pick(DOMAINS)} ${kind}`
  const technologies = rng.sample(vocab.technologies, rng.int(2, 5))
  const features = rng.sample(vocab.features, rng.int(3, 6))
  const description =
    `${title} is a ready-to-run ${kind.toLowerCase()} for ${rng.pick(AUDIENCES)}, built with ` +
    `${technologies.slice(0, -1).join(', ')} and ${technologies[technologies.length - 1]}. ` +
    `It includes ${features
      .slice(0, 3)
      .map((x) => x.toLowerCase())
      .join(', ')}, full source code and setup help. ` +
    rng.pick(f.closers)
  const createdAt = recentDate(rng, ctx.now)
  const final: Status =
    n < 5
      ? VERIFICATION_STATUSES[n]
      : rng.weighted({ approved: 55, pending: 15, under_review: 12, needs_changes: 10, rejected: 8 })
  const history: Row[] = []
  const path = statusPath(rng, final)
  const times = [createdAt, ...timeline(rng, createdAt, path.length - 1, 10 * 24 * HOUR, ctx.now)]
  const at = times[times.length - 1]
  path.forEach((status, i) => {
    const byOwner = status === 'pending' || rng.chance(0.1)
    history.push([
      rng.uuid(times[i]),
      null,
      status,
      i ? path[i - 1] : null,
      rng.pick(NOTES[status]),
      byOwner ? null : rng.pick(ctx.adminIds),
      times[i],
    ])
  })
  const price = pricePaise(rng)
  const discount = rng.pick([0, 0, 0, 5, 10, 15, 20])
  const customization = rng.chance(0.5) ? rng.int(5, 50) * 10_000 : 0
  const report = rng.chance(0.4) ? rng.int(2, 20) * 5_000 : 0
  const id = rng.uuid(createdAt)
  for (const entry of history) (entry as unknown[])[1] = id
  const views = rng.int(20, 5000)
  const row: Row = [
    id,
    title,
    description,
    category,
    price,
    discount,
    technologies,
    features,
    rng.sample(TAGS, rng.int(1, 4)),
    rng.chance(0.7) ? `https://demo.example.in/p/${id.slice(-8)}` : '',
    rng.weighted({ Beginner: 3, Intermediate: 5, Advanced: 2 }),
    Math.round(rng.next() * 50) / 10,
    final === 'rejected' ? rng.chance(0.2) : rng.chance(0.9),
    rng.chance(0.1),
    true,
    rng.chance(0.1) ? rng.int(0, 50) : null,
    ctx.ownerIds.length ? rng.pick(ctx.ownerIds) : null,
    final,
    history[history.length - 1][4],
    rng.chance(0.6) ? 'Please review my project; the demo credentials are in the README.' : '',
    customization > 0,
    customization,
    rng.chance(0.6),
    rng.pick([5, 5, 7, 15, 30]),
    report > 0,
    report,
    views,
    Math.floor(views * rng.next() * 0.2),
    createdAt,
    at,
  ]
  const ref: ProjectRef = {
    id,
    createdAt,
    pricePaise: Math.round(price * (1 - discount / 100)),
    customizationPaise: customization,
    reportPaise: report,
  }
  return { row, history, ref }
}
