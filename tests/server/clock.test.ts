/**
 * Request handling reads time only from the injected clock (`deps.now()`, server/deps.ts): with
 * a fixed clock, the timestamps the API writes are that clock's, not the machine's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, POSTGRES_TESTS, type TestContext } from './harness'
import { adminSession, insertProject } from './projects-helpers'

const FIXED = new Date('2031-05-06T07:08:09.000Z')

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`injected clock [${kind}]`, () => {
    let ctx: TestContext
    beforeAll(async () => {
      ctx = await createTestContext(kind, { now: FIXED })
    })
    afterAll(async () => {
      await ctx.close()
    })

    it('stamps a verification entry with the clock, single and bulk', async () => {
      const { token } = await adminSession(ctx)
      const one = await insertProject(ctx)
      const two = await insertProject(ctx)
      await call(ctx, 'PUT', `/api/projects/${one.id}/verify`, { status: 'approved', notes: 'ok' }, token)
      await call(ctx, 'POST', '/api/projects/bulk-verify', { ids: [two.id], status: 'rejected', notes: 'no' }, token)
      for (const id of [one.id, two.id]) {
        const history = await call(ctx, 'GET', `/api/projects/${id}/verification-history`, undefined, token)
        expect(history.body.verificationHistory.map((e: any) => e.verifiedAt)).toEqual([FIXED.toISOString()])
      }
    })

    it('stamps a created project with the clock', async () => {
      const { token } = await adminSession(ctx)
      const res = await call(ctx, 'POST', '/api/projects/create', { title: 'Clocked', description: 'D' }, token)
      expect(res.status).toBe(201)
      expect(res.body.project).toMatchObject({ createdAt: FIXED.toISOString(), updatedAt: FIXED.toISOString() })
    })
  })
}
