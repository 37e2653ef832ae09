/**
 * GET /api/admin/dashboard/stats (SPEC.md 3 "Dashboard stats") on PGlite and PostgreSQL:
 * every figure checked exactly against a small known set of rows inserted directly.
 */
import { ne } from 'drizzle-orm'
import { beforeAll, beforeEach, expect, it } from 'vitest'
import * as v from 'valibot'
import { DashboardStatsResponseSchema } from '../../src/api/schemas/dashboard'
import { contacts, payments, projects, users } from '../../server/db/schema'
import { monthStarts } from '../../server/domain/dashboard-stats'
import { ADMIN_EMAIL, call, describeEachDatabase } from './harness'
import { adminSession } from './projects-helpers'

describeEachDatabase('dashboard stats API', (get) => {
  let token = ''
  beforeAll(async () => {
    ;({ token } = await adminSession(get()))
  })
  // Each test starts from a database with only the bootstrap admin, whatever ran before it.
  beforeEach(async () => {
    const { db } = get().deps
    await db.delete(payments)
    await db.delete(contacts)
    await db.delete(projects)
    await db.delete(users).where(ne(users.email, ADMIN_EMAIL))
  })
  const stats = async () => {
    const res = await call(get(), 'GET', '/api/admin/dashboard/stats', undefined, token)
    expect(res.status).toBe(200)
    return v.parse(DashboardStatsResponseSchema, res.body).stats
  }

  it('requires an admin token', async () => {
    expect((await call(get(), 'GET', '/api/admin/dashboard/stats')).status).toBe(401)
  })

  it('answers zeros and empty lists on an empty database', async () => {
    const s = await stats()
    expect(s.overview).toEqual({
      totalProjects: 0,
      activeProjects: 0,
      totalContacts: 0,
      unreadContacts: 0,
      totalAdmins: 1,
    })
    expect(s.growth).toEqual({ projectGrowth: 0, contactGrowth: 0 })
    expect(s.pricing).toEqual({ avgPrice: 0, totalRevenue: 0 })
    expect(s.recentActivity).toEqual({ projects: [], contacts: [] })
    expect(s.categories).toEqual([])
    expect(s.contactStatus).toEqual([])
  })

  it('computes every figure from the rows', async () => {
    const { db } = get().deps
    const { thisMonth, lastMonth } = monthStarts(get().deps.now())
    const at = (month: Date, minutes: number) => new Date(month.getTime() + minutes * 60_000)
    const earlier = new Date(Date.UTC(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() - 2, 10))
    const p = (title: string, category: string, pricePaise: number, isActive: boolean, createdAt: Date) => ({
      title,
      description: `${title} project`,
      category,
      pricePaise,
      isActive,
      createdAt,
    })
    const inserted = await db
      .insert(projects)
      .values([
        p('Alpha', 'Web Development', 100_000, true, at(thisMonth, 1)),
        p('Beta', 'Web Development', 200_050, true, at(thisMonth, 2)),
        p('Zeta', 'AI/ML', 450_000, true, at(thisMonth, 3)),
        p('Gamma', 'AI/ML', 300_000, false, at(lastMonth, 1)),
        p('Delta', 'SaaS', 99_999, true, at(lastMonth, 2)),
        p('Epsilon', 'Web Development', 50_000, true, earlier),
      ])
      .returning({ id: projects.id, title: projects.title })
    const idOf = (title: string) => inserted.find((r) => r.title === title)!.id
    const c = (name: string, status: 'new' | 'read' | 'replied' | 'archived', createdAt: Date) => ({
      name,
      email: `${name.toLowerCase()}@example.in`,
      message: 'Hello',
      status,
      createdAt,
    })
    await db
      .insert(contacts)
      .values([
        c('Asha', 'new', at(thisMonth, 1)),
        c('Bala', 'new', at(thisMonth, 2)),
        c('Chitra', 'read', at(thisMonth, 3)),
        c('Dev', 'replied', at(thisMonth, 4)),
        c('Esha', 'replied', at(lastMonth, 1)),
        c('Farid', 'archived', at(lastMonth, 2)),
        c('Gita', 'new', at(lastMonth, 3)),
      ])
    await db.insert(users).values([
      { name: 'Second Admin', email: 'second@example.in', isAdmin: true, isActive: true },
      { name: 'Former Admin', email: 'former@example.in', isAdmin: true, isActive: false },
      { name: 'Customer', email: 'customer@example.in' },
    ])
    const pay = (paymentId: string, amountPaise: number, status: 'pending' | 'completed' | 'failed') => ({
      paymentId,
      amountPaise,
      status,
      method: 'UPI',
    })
    await db
      .insert(payments)
      .values([
        pay('pay_1', 100_050, 'completed'),
        pay('pay_2', 250_000, 'completed'),
        pay('pay_3', 999_900, 'failed'),
        pay('pay_4', 50_000, 'pending'),
      ])

    const s = await stats()
    expect(s.overview).toEqual({
      totalProjects: 6,
      activeProjects: 5,
      totalContacts: 7,
      unreadContacts: 3,
      totalAdmins: 2,
    })
    // Projects 3 this month vs 2 last month; contacts 4 vs 3.
    expect(s.growth).toEqual({ projectGrowth: 50, contactGrowth: 33.3 })
    // Active prices 1000 + 2000.50 + 4500 + 999.99 + 500 = 9000.49 over 5; completed payments only.
    expect(s.pricing).toEqual({ avgPrice: 1800.1, totalRevenue: 3500.5 })
    expect(s.recentActivity.projects).toEqual(
      ['Zeta', 'Beta', 'Alpha', 'Delta', 'Gamma'].map((title) => ({
        _id: idOf(title),
        title,
        category: expect.any(String),
        price: expect.any(Number),
        isActive: title !== 'Gamma',
        createdAt: expect.any(String),
      })),
    )
    expect(s.recentActivity.projects[0]).toMatchObject({
      category: 'AI/ML',
      price: 4500,
      createdAt: at(thisMonth, 3).toISOString(),
    })
    expect(s.recentActivity.projects[1]).toMatchObject({ category: 'Web Development', price: 2000.5 })
    expect(s.recentActivity.contacts.map((x) => [x.name, x.status])).toEqual([
      ['Dev', 'replied'],
      ['Chitra', 'read'],
      ['Bala', 'new'],
      ['Asha', 'new'],
      ['Gita', 'new'],
    ])
    expect(s.recentActivity.contacts[0]).toMatchObject({
      email: 'dev@example.in',
      createdAt: at(thisMonth, 4).toISOString(),
    })
    expect(s.categories).toEqual([
      { _id: 'Web Development', count: 3, avgPrice: 1166.83 },
      { _id: 'AI/ML', count: 2, avgPrice: 3750 },
      { _id: 'SaaS', count: 1, avgPrice: 999.99 },
    ])
    expect(s.contactStatus).toEqual([
      { _id: 'new', count: 3 },
      { _id: 'replied', count: 2 },
      { _id: 'archived', count: 1 },
      { _id: 'read', count: 1 },
    ])
  })
})
