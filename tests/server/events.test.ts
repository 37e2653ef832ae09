/**
 * GET /api/events on both databases: 401 without a token, 400 for a malformed Last-Event-ID; an
 * audited write reaches a connected stream as a change event (sign-ins do not); Last-Event-ID
 * replays the changes after it, and a resync when they cannot all be replayed; the stream ends at
 * sign-out and when its access token expires; the trigger leaves out the same audit actions as the
 * replay; LiveEvents.close() ends every stream (shutdown); a stream whose reader stalls is ended
 * once it is maxUnsentBytes behind, while a reading one gets every event.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPLAY_LIMIT } from '../../src/api/schemas/live'
import { auditLog } from '../../server/db/schema'
import { UNANNOUNCED_ACTIONS } from '../../server/domain/live-events'
import { ACCESS_TOKEN_TTL_SECONDS } from '../../server/services/access-token'
import { LiveEvents } from '../../server/services/live-events'
import { readEventStream } from '../fixtures/sse-reader'
import { call, createTestContext, POSTGRES_TESTS, signIn, type TestContext } from './harness'
import { insertProject } from './projects-helpers'

/** Heartbeat of these streams: short, so sign-out and expiry end them soon. */
const HEARTBEAT_MS = 50

const kinds = POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)

for (const kind of kinds) {
  describe(`GET /api/events [${kind}]`, () => {
    let ctx: TestContext
    let token = ''
    let refreshToken = ''
    const open = async (headers: Record<string, string> = {}, bearer = token) => {
      const response = await ctx.app.request('/api/events', {
        headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
      })
      return response
    }
    const stream = async (headers: Record<string, string> = {}, bearer = token) => {
      const response = await open(headers, bearer)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      const reader = readEventStream(response)
      await reader.opened()
      return reader
    }
    const editTitle = (id: string, title: string) => call(ctx, 'PUT', `/api/projects/${id}`, { title }, token)

    beforeAll(async () => {
      ctx = await createTestContext(kind, { config: { liveEvents: new LiveEvents(HEARTBEAT_MS) } })
      await ctx.deps.liveEvents.listen(ctx.database)
      ;({ accessToken: token, refreshToken } = await signIn(ctx))
    })
    afterAll(async () => {
      await ctx.deps.liveEvents.close()
      await ctx.close()
    })

    it('answers 401 without a token and 400 for a Last-Event-ID that is not an event id', async () => {
      const without = await open({}, '')
      expect(without.status).toBe(401)
      expect(await without.json()).toMatchObject({ success: false, message: 'Authentication required' })
      const bad = await open({ 'last-event-id': 'abc' })
      expect(bad.status).toBe(400)
      expect(await bad.json()).toMatchObject({ message: 'Last-Event-ID must be the id of a change event' })
    })

    it("sends an audited write to a connected stream as a change event with the actor's name; a sign-in is not sent", async () => {
      const events = await stream()
      const project = await insertProject(ctx, { title: 'Live one' })
      await signIn(ctx)
      expect((await editTitle(project.id, 'Live two')).status).toBe(200)
      const change = await events.next((e) => e.event === 'change' && e.data.entityId === project.id, 'the change')
      expect(change.id).toBe(change.data.id)
      expect(change.data).toMatchObject({
        type: 'change',
        action: 'project.update',
        entityType: 'project',
        actor: { name: expect.any(String) },
      })
      expect(Date.parse(change.data.at)).not.toBeNaN()
      expect(events.events.filter((e) => e.data.action === 'auth.sign_in')).toEqual([])
      await events.close()
    })

    it('replays the changes after Last-Event-ID in order, then goes on live', async () => {
      const project = await insertProject(ctx, { title: 'Replayed' })
      const first = await stream()
      await editTitle(project.id, 'Replayed 1')
      const seen = await first.next((e) => e.data.entityId === project.id, 'the first change')
      await first.close()
      await editTitle(project.id, 'Replayed 2')
      await editTitle(project.id, 'Replayed 3')

      const again = await stream({ 'last-event-id': seen.id! })
      const replayed = await again.next((e) => e.data.entityId === project.id, 'the replay')
      expect(BigInt(replayed.id!)).toBeGreaterThan(BigInt(seen.id!))
      await editTitle(project.id, 'Replayed 4')
      await again.next((e) => e.data.entityId === project.id && e.id !== replayed.id && again.events.indexOf(e) > 1)
      const ids = again.events.filter((e) => e.data.entityId === project.id).map((e) => BigInt(e.id!))
      expect(ids).toHaveLength(3)
      expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids)
      await again.close()
    })

    it('sends resync when more changes than it replays came after Last-Event-ID, or the id is unknown', async () => {
      const [{ id }] = await ctx.deps.db
        .insert(auditLog)
        .values({ actorId: null, action: 'project.update', entityType: 'project', entityId: 'mark' })
        .returning({ id: auditLog.id })
      await ctx.deps.db.insert(auditLog).values(
        Array.from({ length: REPLAY_LIMIT + 1 }, (_, i) => ({
          actorId: null,
          action: 'project.update',
          entityType: 'project',
          entityId: `bulk-${i}`,
        })),
      )
      const behind = await stream({ 'last-event-id': String(id) })
      await behind.next((e) => e.event === 'resync', 'resync')
      expect(behind.events.filter((e) => e.event === 'change')).toEqual([])
      await behind.close()
      const unknown = await stream({ 'last-event-id': '999999999999' })
      await unknown.next((e) => e.event === 'resync', 'resync')
      await unknown.close()
    })

    it('ends the stream when its session signs out', async () => {
      const session = await signIn(ctx)
      const events = await stream({}, session.accessToken)
      expect((await call(ctx, 'POST', '/api/auth/logout', { refreshToken: session.refreshToken })).status).toBe(200)
      await events.ended()
      expect((await open({}, session.accessToken)).status).toBe(401)
    })

    it('ends the stream when its access token expires', async () => {
      const events = await stream()
      ctx.advance((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000)
      await events.ended()
      expect((await open()).status).toBe(401)
      ;({ accessToken: token, refreshToken } = await signIn(ctx))
      expect(refreshToken).not.toBe('')
    })

    it('the trigger announces every audit action but exactly those the replay leaves out', async () => {
      const { rows } = (await ctx.deps.db.execute(
        sql`SELECT pg_get_functiondef('audit_log_announce'::regproc) AS def`,
      )) as unknown as { rows: { def: string }[] }
      const notIn = /NOT IN \(([^)]*)\)/.exec(rows[0].def)?.[1] ?? ''
      const actions = [...notIn.matchAll(/'([^']+)'/g)].map((m) => m[1])
      expect(actions.toSorted()).toEqual([...UNANNOUNCED_ACTIONS].toSorted())
    })

    it('LiveEvents.close() ends every open stream (graceful shutdown)', async () => {
      const streams = await Promise.all([stream(), stream()])
      expect(ctx.deps.liveEvents.size).toBeGreaterThanOrEqual(2)
      await ctx.deps.liveEvents.close()
      await Promise.all(streams.map((s) => s.ended()))
      expect(ctx.deps.liveEvents.size).toBe(0)
    })
  })
}

describe('GET /api/events with a stalled reader [pglite]', () => {
  /** Small, so a few hundred presence events put the stalled stream over it. */
  const MAX_UNSENT = 4096
  let ctx: TestContext
  let token = ''
  beforeAll(async () => {
    // No batch window: each event below is its own write, so the stalled stream falls behind step by step.
    ctx = await createTestContext('pglite', { config: { liveEvents: new LiveEvents(HEARTBEAT_MS, MAX_UNSENT, 0) } })
    ;({ accessToken: token } = await signIn(ctx))
  })
  afterAll(async () => {
    await ctx.deps.liveEvents.close()
    await ctx.close()
  })

  it('ends a stream whose reader stops reading once it is that far behind; a reading stream gets every event', async () => {
    const open = () => ctx.app.request('/api/events', { headers: { authorization: `Bearer ${token}` } })
    const stalled = await open()
    const stalledBody = stalled.body!.getReader()
    // Only the first chunk (the retry advice) is read; the rest waits in the stream.
    expect(new TextDecoder().decode((await stalledBody.read()).value)).toMatch(/^retry: /)
    const reading = readEventStream(await open())
    await reading.opened()
    expect(ctx.deps.liveEvents.size).toBe(2)

    const COUNT = 300
    const entityId = (i: number) => `${'p'.repeat(100)}-${i}`
    for (let i = 0; i < COUNT; i++) {
      ctx.deps.liveEvents.publish({ type: 'presence', entityType: 'project', entityId: entityId(i) })
      // One event per turn of the event loop: each is its own write to every stream.
      await new Promise((resolve) => setImmediate(resolve))
    }
    await expect.poll(() => ctx.deps.liveEvents.size).toBe(1)
    await reading.next((e) => e.data.entityId === entityId(COUNT - 1), 'the last event')
    expect(reading.events.filter((e) => e.event === 'presence')).toHaveLength(COUNT)

    // Read on: the stalled stream holds what it had taken, then ends (the client reconnects).
    let received = 0
    for (;;) {
      const { done, value } = await stalledBody.read()
      if (done) break
      received += value.byteLength
    }
    expect(received).toBeGreaterThan(0)
    expect(received).toBeLessThan(COUNT * entityId(0).length)
    await reading.close()
  })
})
