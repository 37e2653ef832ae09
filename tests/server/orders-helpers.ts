/**
 * Helpers for the orders and payments API suites: users, projects, orders (with an
 * explicit created_at, to the microsecond when given as text), payments and notes inserted
 * directly; an admin token; GET/PUT calls.
 */
import { asc, eq, sql } from 'drizzle-orm'
import { orderNotes, orders, payments, projects, users } from '../../server/db/schema'
import { sessionToken } from './session-token'
import { ADMIN_EMAIL, call, type TestContext } from './harness'

export function ordersHelpers(get: () => TestContext) {
  let counter = 0
  const uniq = () => `${++counter}-${Math.random().toString(36).slice(2, 8)}`
  const db = () => get().database.db
  const addUser = async (values: Partial<typeof users.$inferInsert> = {}) =>
    (
      await db()
        .insert(users)
        .values({ name: `Customer ${uniq()}`, email: `c${uniq()}@example.in`, ...values })
        .returning()
    )[0]
  const addProject = async (values: Partial<typeof projects.$inferInsert> = {}) =>
    (
      await db()
        .insert(projects)
        .values({ title: `Project ${uniq()}`, description: 'd', ...values })
        .returning()
    )[0]
  /** An order; `createdAt` as text ('2026-01-01T00:00:00.123456Z') keeps microseconds. */
  const addOrder = async (
    values: Partial<Omit<typeof orders.$inferInsert, 'createdAt'>> & { createdAt?: string | Date } = {},
  ) => {
    const { createdAt, ...rest } = values
    const [row] = await db()
      .insert(orders)
      .values({
        orderId: `ORD-T-${uniq()}`,
        totalAmountPaise: 100000,
        ...rest,
        ...(createdAt
          ? {
              createdAt:
                sql`${typeof createdAt === 'string' ? createdAt : createdAt.toISOString()}::timestamptz` as never,
            }
          : {}),
      })
      .returning()
    return row
  }
  const addPayment = async (
    values: Partial<Omit<typeof payments.$inferInsert, 'createdAt'>> & { createdAt?: string } = {},
  ) => {
    const { createdAt, ...rest } = values
    const [row] = await db()
      .insert(payments)
      .values({
        paymentId: `pay_${uniq()}`,
        method: 'UPI',
        amountPaise: 100000,
        ...rest,
        ...(createdAt ? { createdAt: sql`${createdAt}::timestamptz` as never } : {}),
      })
      .returning()
    return row
  }
  const admin = async () => (await db().select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]
  const token = async () => sessionToken(get(), (await admin()).id)
  return {
    db,
    uniq,
    addUser,
    addProject,
    addOrder,
    addPayment,
    admin,
    token,
    orderRow: async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0],
    notesOf: (id: string) =>
      db().select().from(orderNotes).where(eq(orderNotes.orderId, id)).orderBy(asc(orderNotes.createdAt)),
    get: async (path: string) => call(get(), 'GET', path, undefined, await token()),
    put: async (path: string, body: unknown) => call(get(), 'PUT', path, body, await token()),
  }
}
