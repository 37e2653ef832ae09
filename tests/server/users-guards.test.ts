/**
 * Admin guards and agent codes of the users API on PGlite and PostgreSQL: an admin
 * cannot deactivate or demote themself, the last active admin stays (flags, status, bulk; the
 * admin rows are locked so concurrent demotions cannot both pass), and a clash of a generated
 * code is retried, never a 500.
 */
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { createUser, setUsersActive } from '../../server/db/queries/users-write.queries'
import { generateCode } from '../../server/domain/user-rules'
import { call, describeEachDatabase } from './harness'
import { usersHelpers } from './users-helpers'

/** Straight to the queries: the request's step-up check stands passed (its own tests are step-up-table.test.ts). */
const stepUpDone = { stepUp: () => undefined }

const conflict = (message: string) => ({ status: 409, body: { success: false, message } })

describeEachDatabase('users: admin guards and agent codes', (get) => {
  const h = usersHelpers(get)
  const admin = h.signedInAdmin()
  const status = (id: string, s: string, t = admin.token) =>
    call(get(), 'PUT', `/api/users/${id}/status`, { status: s }, t)
  const bulk = (userIds: string[], action: string, t = admin.token) =>
    call(get(), 'PUT', '/api/users/bulk-update', { userIds, action }, t)

  it('refuses deactivating or demoting yourself (flags, status, bulk), nothing changes', async () => {
    const other = await h.addUser()
    expect(await h.put(admin.token, admin.id, { isActive: false })).toEqual(
      conflict('You cannot deactivate your own account'),
    )
    expect(await h.put(admin.token, admin.id, { isAdmin: false })).toEqual(
      conflict('You cannot remove your own admin access'),
    )
    expect(await status(admin.id, 'inactive')).toEqual(conflict('You cannot deactivate your own account'))
    expect(await bulk([other.id, admin.id], 'deactivate')).toEqual(conflict('You cannot deactivate your own account'))
    expect(await h.row(admin.id)).toMatchObject({ isActive: true, isAdmin: true })
    expect((await h.row(other.id)).isActive).toBe(true)
    expect((await h.put(admin.token, admin.id, { isAdmin: true, isEmailVerified: true })).status).toBe(200)
    expect((await bulk([admin.id], 'activate')).status).toBe(200)
  })

  it('keeps at least one active admin, and lets an admin demote another while one remains', async () => {
    const second = await h.addUser({ isAdmin: true })
    const secondToken = await h.tokenOf(second.id)
    // Deactivate the bootstrap admin through the second one: allowed, the second remains.
    expect((await status(admin.id, 'inactive', secondToken)).status).toBe(200)
    // Now the second is the last active admin: an inactive admin cannot act, so only the
    // last-admin rule can refuse here (a second inactive admin does not count).
    const third = await h.addUser({ isAdmin: true, isActive: false })
    expect(third.isActive).toBe(false)
    await get().database.db.update(users).set({ isActive: true }).where(eq(users.id, admin.id))
    expect((await bulk([second.id], 'deactivate', admin.token)).status).toBe(200)
    expect((await h.put(admin.token, second.id, { isActive: true })).status).toBe(200)
    expect((await h.put(admin.token, second.id, { isAdmin: false })).status).toBe(200)
    expect((await h.row(second.id)).isAdmin).toBe(false)
  })

  it('refuses two admins deactivating each other at once (admin rows locked): one of them stays', async () => {
    const a = await h.addUser({ isAdmin: true })
    const b = await h.addUser({ isAdmin: true })
    const db = get().database.db
    // The bootstrap admin steps aside so a and b are the only active admins.
    await db.update(users).set({ isActive: false }).where(eq(users.id, admin.id))
    try {
      // Straight to the query (requireAdmin would already refuse a request of a just-deactivated admin).
      const results = await Promise.allSettled([
        setUsersActive(db, [b.id], false, { actorId: a.id, now: new Date(), ...stepUpDone }),
        setUsersActive(db, [a.id], false, { actorId: b.id, now: new Date(), ...stepUpDone }),
      ])
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect(refused.reason).toMatchObject({ status: 409, message: 'At least one active admin must remain' })
      const active = await db.select().from(users).where(eq(users.isActive, true))
      expect(active.filter((u) => u.isAdmin)).toHaveLength(1)
    } finally {
      await db.update(users).set({ isActive: true }).where(eq(users.id, admin.id))
    }
  })

  it('retries a code that is taken (forced clash), never a 500', async () => {
    // A fixed random source: the first pair it draws is already taken, the next pair is free.
    const draws = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    const sequence = () => {
      let i = 0
      return () => draws[i++ % draws.length]
    }
    const first = generateCode('REF', () => 0)
    await h.addUser({ referralCode: first, agentCode: generateCode('AGT', () => 0), isAgent: true })
    const id = await createUser(
      h.db(),
      { name: 'Clash', email: `clash-${Date.now()}@x.in`, phone: '', isAdmin: false, isAgent: true },
      { actorId: admin.id, now: new Date(), ...stepUpDone, randomInt: sequence() },
    )
    const row = await h.row(id)
    expect(row).toMatchObject({
      referralCode: generateCode('REF', () => 1),
      agentCode: generateCode('AGT', () => 1),
      agentStatus: 'active',
    })
    // Always the same code: gives up with the driver error after its attempts (the route's 500
    // path is then a real fault, not a clash): here through the query, not the route.
    await expect(
      createUser(
        h.db(),
        { name: 'Stuck', email: `stuck-${Date.now()}@x.in`, phone: '', isAdmin: false, isAgent: true },
        { actorId: admin.id, now: new Date(), ...stepUpDone, randomInt: () => 0 },
      ),
    ).rejects.toThrow()
    expect(await h.db().select().from(users).where(eq(users.name, 'Stuck'))).toEqual([])
  })

  it('keeps agent codes unique in the database (migration 0014), like referral codes', async () => {
    await h.addUser({ agentCode: 'AGTUNIQUE' })
    await expect(h.addUser({ agentCode: 'AGTUNIQUE' })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }),
    })
    await h.addUser({ agentCode: null })
    await h.addUser({ agentCode: null })
  })

  it('gives every new agent distinct codes', async () => {
    const codes = new Set<string>()
    for (let i = 0; i < 10; i++) {
      const res = await call(
        get(),
        'POST',
        '/api/users',
        { name: `Agent ${i}`, email: `agent-${i}-${Date.now()}@x.in`, isAgent: true },
        admin.token,
      )
      expect(res.status).toBe(201)
      codes.add(res.body.user.referralCode).add(res.body.user.agentCode)
    }
    expect(codes.size).toBe(20)
  })
})
