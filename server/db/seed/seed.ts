/**
 * The demo data set: users, projects with verification history, orders with payments
 * and notes, contacts and commission configurations, deterministic for a seed number and `now`.
 * Scale 1 ≈ 400 projects, 300 users, 2,000 orders, 150 contacts; `scale` multiplies those four
 * (fractions allowed; every status still appears). Rows are generated in batches and written
 * with COPY (writer.ts) while the next batch is generated.
 */
import type { KeyObject } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../client'
import { users } from '../schema'
import { COMMISSION_TABLE, defaultCommission, projectCommission } from './commission.gen'
import { buildFragments } from './fragments'
import { makeOrder, ORDER_NOTE_TABLE, ORDER_TABLE, PAYMENT_TABLE } from './orders.gen'
import { CONTACT_TABLE, makeContact, makeUser, USER_TABLE, type UserRole } from './people.gen'
import { HISTORY_TABLE, makeProject, PROJECT_TABLE, type ProjectRef } from './projects.gen'
import { createRng } from './random'
import { createWriter, type Row, type TableSpec } from './writer'

/**
 * `dataKey` encrypts the agents' bank account numbers (services/data-encryption.ts). `users`, when
 * given, replaces the scaled user count (admins stay 4, agents 10%): 200,000 users for the users
 * list benchmark without 2,000 × scale orders.
 */
export type SeedOptions = {
  scale: number
  adminEmail: string
  dataKey: KeyObject
  seed?: number
  now?: Date
  users?: number
}
export type SeedCounts = {
  users: number
  projects: number
  verificationHistory: number
  orders: number
  payments: number
  orderNotes: number
  contacts: number
  commissionConfigs: number
}

/**
 * Row counts at a scale (the extra admins and per-project commission configs do not scale);
 * `userCount` (at least 10) overrides the scaled number of users, 10% of them agents.
 */
export function seedPlan(scale: number, userCount?: number) {
  if (!(scale > 0)) throw new Error('scale must be a positive number')
  if (userCount !== undefined && !(Number.isInteger(userCount) && userCount >= 10)) {
    throw new Error('users must be an integer of at least 10')
  }
  const users = userCount ?? Math.max(10, Math.round(300 * scale))
  const agents = Math.max(4, Math.round(userCount === undefined ? 30 * scale : userCount / 10))
  const projects = Math.max(5, Math.round(400 * scale))
  return {
    admins: 4,
    agents,
    customers: users - 4 - agents,
    projects,
    orders: Math.max(5, Math.round(2000 * scale)),
    contacts: Math.max(4, Math.round(150 * scale)),
    projectCommissions: Math.min(15, projects),
  }
}

const BATCH = 5000
const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Seed a migrated database that holds at most the bootstrap admin. Returns the rows written. */
export async function seedDemo(database: Database, opts: SeedOptions): Promise<SeedCounts> {
  const plan = seedPlan(opts.scale, opts.users)
  const now = opts.now ?? new Date()
  const rng = createRng(opts.seed ?? 20_26)
  const f = buildFragments(opts.seed ?? 20_26)
  const writer = createWriter(database)
  const counts: SeedCounts = {
    users: 0,
    projects: 0,
    verificationHistory: 0,
    orders: 0,
    payments: 0,
    orderNotes: 0,
    contacts: 0,
    commissionConfigs: 0,
  }
  let inflight: Promise<unknown> = Promise.resolve()
  // Write one batch while the next is generated; at most one batch is in flight.
  const flush = async (tables: [TableSpec, Row[]][], key: keyof SeedCounts) => {
    await inflight
    counts[key] += tables[0][1].length
    inflight = (async () => {
      await writer.write(...tables[0])
      await Promise.all(tables.slice(1).map(([spec, rows]) => writer.write(spec, rows)))
    })()
  }

  const [admin] = await database.db
    .update(users)
    .set({
      name: sql`CASE WHEN ${users.name} = 'Admin' THEN 'Aarav Sharma' ELSE ${users.name} END`,
      phone: sql`coalesce(${users.phone}, '+91 98765 43210')`,
    })
    .where(sql`lower(${users.email}) = lower(${opts.adminEmail})`)
    .returning({ id: users.id })
  const ids: Record<UserRole, string[]> = { admin: admin ? [admin.id] : [], agent: [], customer: [] }
  const roles: [UserRole, number][] = [
    ['admin', plan.admins],
    ['agent', plan.agents],
    ['customer', plan.customers],
  ]
  let n = 0
  for (const [role, total] of roles) {
    for (let start = 0; start < total; start += BATCH) {
      const rows: Row[] = []
      for (let i = start; i < Math.min(total, start + BATCH); i++) {
        const user = makeUser(rng, f, ++n, role, i, now, opts.dataKey)
        ids[role].push(user.id)
        rows.push(user.row)
      }
      await flush([[USER_TABLE, rows]], 'users')
    }
  }
  await inflight

  const projects: ProjectRef[] = []
  const projectCtx = { now, ownerIds: [...ids.agent, ...ids.customer], adminIds: ids.admin }
  for (let start = 0; start < plan.projects; start += BATCH) {
    const rows: Row[] = []
    const history: Row[] = []
    for (let i = start; i < Math.min(plan.projects, start + BATCH); i++) {
      const project = makeProject(rng, f, i, projectCtx)
      rows.push(project.row)
      history.push(...project.history)
      projects.push(project.ref)
      if (i % 1000 === 999) await tick()
    }
    counts.verificationHistory += history.length
    await flush(
      [
        [PROJECT_TABLE, rows],
        [HISTORY_TABLE, history],
      ],
      'projects',
    )
  }
  await inflight

  const projectIds = projects.map((p) => p.id)
  for (let start = 0; start < plan.contacts; start += BATCH) {
    const rows: Row[] = []
    for (let i = start; i < Math.min(plan.contacts, start + BATCH); i++)
      rows.push(makeContact(rng, f, i, projectIds, now))
    await flush([[CONTACT_TABLE, rows]], 'contacts')
  }

  projects.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  const orderCtx = {
    now,
    projects,
    customerIds: [...ids.customer, ...ids.agent],
    agentIds: ids.agent,
    adminIds: ids.admin,
  }
  for (let start = 0; start < plan.orders; start += BATCH) {
    const orders: Row[] = []
    const payments: Row[] = []
    const notes: Row[] = []
    for (let i = start; i < Math.min(plan.orders, start + BATCH); i++) {
      const order = makeOrder(rng, i, orderCtx)
      orders.push(order.order)
      payments.push(...order.payments)
      notes.push(...order.notes)
      if (i % 1000 === 999) await tick()
    }
    counts.payments += payments.length
    counts.orderNotes += notes.length
    await flush(
      [
        [ORDER_TABLE, orders],
        [PAYMENT_TABLE, payments],
        [ORDER_NOTE_TABLE, notes],
      ],
      'orders',
    )
  }

  const created = new Date(now.getTime() - 425 * 86_400_000)
  const configs = [
    defaultCommission(rng, created),
    ...rng.sample(projects, plan.projectCommissions).map((p) => projectCommission(rng, p.id, p.createdAt)),
  ]
  await flush([[COMMISSION_TABLE, configs]], 'commissionConfigs')
  await inflight

  await updateProjectStats(database)
  return counts
}

/** Sales figures of each project from its completed orders, then VACUUM ANALYZE (visibility map, statistics). */
async function updateProjectStats(database: Database): Promise<void> {
  await database.db.execute(sql`
    UPDATE projects p SET sales_count = s.n, revenue_paise = s.revenue, reviews = s.n / 3,
      avg_rating = CASE WHEN s.n >= 3 THEN p.rating ELSE 0 END,
      conversion_rate = round(s.n * 100.0 / greatest(p.view_count, 1), 2)
    FROM (SELECT project_id, count(*)::int AS n, sum(total_amount_paise) AS revenue FROM orders
      WHERE status = 'completed' GROUP BY project_id) s
    WHERE p.id = s.project_id`)
  // VACUUM sets the visibility map, so the dashboard's index-only scans skip the heap from the start.
  await database.db.execute(sql`VACUUM ANALYZE`)
}
