/**
 * /api/presence (decision 045) on PGlite and PostgreSQL with a frozen clock and two admins: a
 * heartbeat answers the other viewers, GET lists them, DELETE (query or body) leaves; a viewer
 * not heard from for PRESENCE_TTL_MS is gone from reads and swept by the background job; each
 * change of who is where notifies 'console_events' with a PresenceEvent, a plain heartbeat does not.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRESENCE_TTL_MS, type PresenceTarget } from '../../src/api/schemas/live'
import { presence, users } from '../../server/db/schema'
import { consoleJobs, runJobOnce } from '../../server/services/background-jobs'
import { ClusterMutex } from '../../server/services/cluster-locks'
import { POSTGRES_TESTS, call, createTestContext, type TestContext } from './harness'
import { sessionToken } from './session-token'

const NOW = new Date('2026-11-27T10:00:00.000Z')
const CHANNEL = 'console_events'
const SENTINEL = 'sentinel'

/**
 * Every payload notified on 'console_events' while the test runs. `settle()` notifies a sentinel
 * and waits for it: notifications arrive in commit order, so every payload of an earlier commit
 * is in by then and a test can assert that nothing else came.
 */
async function listenEvents(ctx: TestContext) {
  const payloads: string[] = []
  let waiting: (() => void) | null = null
  const onPayload = (payload: string | undefined) => {
    if (payload === SENTINEL) return waiting?.()
    if (payload) payloads.push(payload)
  }
  let stop: () => Promise<void>
  if (ctx.database.pglite) {
    const unlisten = await ctx.database.pglite.listen(CHANNEL, onPayload)
    stop = () => unlisten()
  } else {
    const client = new pg.Client({ connectionString: ctx.database.pool!.options.connectionString })
    await client.connect()
    client.on('notification', (m) => onPayload(m.payload))
    await client.query(`LISTEN ${CHANNEL}`)
    stop = () => client.end()
  }
  return {
    /** The presence events since the last `take`, parsed. */
    take: async () => {
      const arrived = new Promise<void>((resolve) => (waiting = resolve))
      await ctx.database.db.execute(sql`SELECT pg_notify(${CHANNEL}, ${SENTINEL})`)
      await arrived
      return payloads.splice(0).map((p) => JSON.parse(p) as unknown)
    },
    stop,
  }
}

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`presence [${kind}]`, () => {
    let ctx: TestContext
    let events: Awaited<ReturnType<typeof listenEvents>>
    const asha = { id: '', token: '' }
    const ravi = { id: '', token: '' }
    const record: PresenceTarget = { entityType: 'project', entityId: randomUUID() }
    const query = `entityType=${record.entityType}&entityId=${record.entityId}`

    const put = (who: { token: string }, section: string | null, target = record) =>
      call(ctx, 'PUT', '/api/presence', { ...target, section }, who.token)
    const viewersFor = async (who: { token: string }) => {
      const res = await call(ctx, 'GET', `/api/presence?${query}`, undefined, who.token)
      expect(res.status).toBe(200)
      return res.body.viewers
    }
    const presenceEvent = (target = record) => ({ type: 'presence', ...target })

    beforeAll(async () => {
      ctx = await createTestContext(kind, { now: NOW })
      const [a, r] = await ctx.database.db
        .insert(users)
        .values([
          { name: 'Asha Rao', email: 'asha@example.in', isAdmin: true },
          { name: 'Ravi Kumar', email: 'ravi@example.in', isAdmin: true },
        ])
        .returning()
      Object.assign(asha, { id: a.id, token: await sessionToken(ctx, a.id) })
      Object.assign(ravi, { id: r.id, token: await sessionToken(ctx, r.id) })
      events = await listenEvents(ctx)
    })
    afterAll(async () => {
      await events?.stop()
      await ctx?.close()
    })

    it('a heartbeat answers the others; GET lists the others with their section and arrival; each change notifies once', async () => {
      const first = await put(asha, null)
      expect(first).toEqual({ status: 200, body: { success: true, viewers: [] } })
      expect(await events.take()).toEqual([presenceEvent()])

      ctx.advance(1000)
      const second = await put(ravi, null)
      expect(second.body.viewers).toEqual([
        { admin: { id: asha.id, name: 'Asha Rao' }, section: null, since: NOW.toISOString() },
      ])
      expect(await events.take()).toEqual([presenceEvent()])

      // A plain heartbeat (same section) changes nothing anyone shows: no event.
      ctx.advance(1000)
      await put(asha, null)
      expect(await events.take()).toEqual([])

      // Editing a section is a change; `since` stays the arrival.
      ctx.advance(1000)
      await put(ravi, 'details')
      expect(await events.take()).toEqual([presenceEvent()])
      expect(await viewersFor(asha)).toEqual([
        {
          admin: { id: ravi.id, name: 'Ravi Kumar' },
          section: 'details',
          since: new Date(NOW.getTime() + 1000).toISOString(),
        },
      ])
      expect(await viewersFor(ravi)).toEqual([
        { admin: { id: asha.id, name: 'Asha Rao' }, section: null, since: NOW.toISOString() },
      ])
      await put(ravi, 'details')
      expect(await events.take()).toEqual([])
    })

    it('a viewer not heard from for the TTL is gone from reads, comes back with a new arrival, and is swept with an event', async () => {
      // Ravi keeps beating; Asha stops. At exactly the TTL she still counts, a millisecond later not.
      const ashaSeen = (await ctx.database.db.select().from(presence)).find((r) => r.adminId === asha.id)!.seenAt
      ctx.advance(ashaSeen.getTime() + PRESENCE_TTL_MS - ctx.deps.now().getTime())
      await put(ravi, 'details')
      expect((await viewersFor(ravi)).map((v: { admin: { id: string } }) => v.admin.id)).toEqual([asha.id])
      ctx.advance(1)
      expect(await viewersFor(ravi)).toEqual([])
      expect((await put(ravi, 'details')).body.viewers).toEqual([])
      await events.take()

      // The sweep deletes her expired row (and only it) and says so on the record.
      const sweep = consoleJobs({ db: ctx.deps.db, staging: { sweep: async () => 0 } }).find(
        (j) => j.name === 'sweep-presence',
      )!
      expect(await runJobOnce(sweep, new ClusterMutex({}, 'job'), ctx.deps.now)).toMatchObject({
        outcome: 'ran',
        summary: 'removed 1 expired presence row',
      })
      expect(await events.take()).toEqual([presenceEvent()])
      expect((await ctx.database.db.select().from(presence)).map((r) => r.adminId)).toEqual([ravi.id])

      // Back after expiry: a new arrival time, and an event.
      const back = ctx.deps.now().toISOString()
      await put(asha, null)
      expect(await events.take()).toEqual([presenceEvent()])
      expect(await viewersFor(ravi)).toEqual([{ admin: { id: asha.id, name: 'Asha Rao' }, section: null, since: back }])
    })

    it('an expired row that is not swept yet restarts its arrival on the next heartbeat and notifies', async () => {
      ctx.advance(PRESENCE_TTL_MS + 1)
      const back = ctx.deps.now().toISOString()
      await put(ravi, 'details')
      expect(await events.take()).toEqual([presenceEvent()])
      expect((await viewersFor(asha)).map((v: { since: string }) => v.since)).toEqual([back])
    })

    it('DELETE leaves, by query or by JSON body, notifying when the admin was there', async () => {
      expect(await call(ctx, 'DELETE', `/api/presence?${query}`, undefined, ravi.token)).toEqual({
        status: 200,
        body: { success: true },
      })
      expect(await events.take()).toEqual([presenceEvent()])
      expect(await viewersFor(asha)).toEqual([])

      await put(asha, null)
      await events.take()
      expect((await call(ctx, 'DELETE', '/api/presence', record, asha.token)).status).toBe(200)
      expect(await events.take()).toEqual([presenceEvent()])
      expect(await viewersFor(ravi)).toEqual([])

      // Leaving a record one is not on changes nothing and says nothing.
      expect((await call(ctx, 'DELETE', `/api/presence?${query}`, undefined, asha.token)).status).toBe(200)
      expect(await events.take()).toEqual([])
    })

    it('records are apart: a viewer of one record is not one of another', async () => {
      const other: PresenceTarget = { entityType: 'user', entityId: randomUUID() }
      await put(asha, null, other)
      expect(await events.take()).toEqual([presenceEvent(other)])
      expect((await put(ravi, null)).body.viewers).toEqual([])
      expect(
        (await call(ctx, 'GET', `/api/presence?entityType=user&entityId=${other.entityId}`, undefined, ravi.token)).body
          .viewers,
      ).toHaveLength(1)
      await events.take()
    })

    it('refuses bad input with 400 and the field, and callers without an admin token with 401', async () => {
      const bad = await call(
        ctx,
        'PUT',
        '/api/presence',
        { ...record, entityType: 'invoice', section: null },
        asha.token,
      )
      expect(bad.status).toBe(400)
      expect(bad.body.issues).toEqual([{ path: 'entityType', message: 'Unknown record type' }])
      const badId = await call(ctx, 'GET', '/api/presence?entityType=project&entityId=nope', undefined, asha.token)
      expect(badId.status).toBe(400)
      expect(badId.body.message).toBe('Invalid id')
      const extra = await call(ctx, 'PUT', '/api/presence', { ...record, section: null, x: 1 }, asha.token)
      expect(extra.status).toBe(400)
      const long = await call(ctx, 'PUT', '/api/presence', { ...record, section: 'x'.repeat(61) }, asha.token)
      expect(long.body.message).toBe('Section cannot exceed 60 characters')
      const noTarget = await call(ctx, 'DELETE', '/api/presence', undefined, asha.token)
      expect(noTarget.status).toBe(400)
      const halfQuery = await call(ctx, 'DELETE', '/api/presence?entityType=project', undefined, asha.token)
      expect(halfQuery.status).toBe(400)
      expect((await call(ctx, 'GET', `/api/presence?${query}`)).status).toBe(401)
      expect((await call(ctx, 'PUT', '/api/presence', { ...record, section: null })).status).toBe(401)
      expect((await call(ctx, 'DELETE', `/api/presence?${query}`)).status).toBe(401)
    })
  })
}
