/**
 * Triage claims (decision 043, src/api/schemas/live.ts "Claims"): one winner of concurrent claims,
 * renewal, expiry at the app's clock, release, the queue without other moderators' claims, a
 * decision ending the claim, the background sweep, the events on console_events, and the inputs
 * refused. Both databases.
 */
import pg from 'pg'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CLAIM_TTL_MS, ClaimEventSchema } from '../../src/api/schemas/live'
import * as v from 'valibot'
import { projects, triageClaims } from '../../server/db/schema'
import { consoleJobs, runJobOnce } from '../../server/services/background-jobs'
import { ClusterMutex } from '../../server/services/cluster-locks'
import { call, describeEachDatabase, type TestContext } from './harness'
import { undoHelpers } from './undo-helpers'

type Event = v.InferOutput<typeof ClaimEventSchema>

/** Every claim event NOTIFYed on console_events while the suite runs, oldest first. */
function listenEvents(get: () => TestContext) {
  const events: Event[] = []
  let stop = async () => {}
  const onPayload = (payload: string | undefined) => {
    const parsed = v.safeParse(ClaimEventSchema, JSON.parse(payload ?? 'null'))
    if (parsed.success) events.push(parsed.output)
  }
  beforeAll(async () => {
    const { database } = get()
    if (database.pglite) {
      const unlisten = await database.pglite.listen('console_events', onPayload)
      stop = () => unlisten()
      return
    }
    const client = new pg.Client({ connectionString: database.pool!.options.connectionString })
    await client.connect()
    client.on('notification', (message) => onPayload(message.payload))
    await client.query('LISTEN console_events')
    stop = () => client.end()
  })
  afterAll(() => stop())
  return events
}

describeEachDatabase('triage claims', (get) => {
  const h = undoHelpers(get)
  const events = listenEvents(get)
  const claim = (id: string, token = h.admin.token) =>
    h.send('POST', `/api/admin/triage/projects/${id}/claim`, undefined, token)
  const release = (id: string, token = h.admin.token) =>
    h.send('DELETE', `/api/admin/triage/projects/${id}/claim`, undefined, token)
  const claims = async () => (await h.send('GET', '/api/admin/triage/claims', undefined)).body.claims
  const queue = async (token: string, category = '') =>
    (
      await h.send(
        'GET',
        `/api/admin/triage/queue?limit=200${category ? `&category=${category}` : ''}`,
        undefined,
        token,
      )
    ).body
  const adminName = async () => (await h.send('GET', '/api/auth/profile', undefined)).body.admin.name as string
  const cleanUp = () => h.db().delete(triageClaims)

  it('two moderators claiming one project at once: exactly one wins, the other gets 409 claimed with the winner', async () => {
    for (let round = 0; round < 5; round++) {
      const project = await h.addProject({ title: `Contested ${round}` })
      const [a, b] = await Promise.all([claim(project.id, h.admin.token), claim(project.id, h.other.token)])
      const statuses = [a.status, b.status].sort()
      expect(statuses).toEqual([200, 409])
      const [won, lost] = a.status === 200 ? [a, b] : [b, a]
      const winner = a.status === 200 ? h.admin.id : h.other.id
      expect(won.body.claim).toMatchObject({ projectId: project.id, moderator: { id: winner } })
      expect(lost.body).toMatchObject({
        success: false,
        code: 'claimed',
        message: `${won.body.claim.moderator.name} is reviewing this project`,
        claim: { projectId: project.id, moderator: { id: winner } },
      })
      const rows = await h.db().select().from(triageClaims).where(eq(triageClaims.projectId, project.id))
      expect(rows.map((r) => r.moderatorId)).toEqual([winner])
    }
    await cleanUp()
  })

  it('a claim lasts CLAIM_TTL_MS at the app clock; renewing moves the expiry; expired, anyone may take it', async () => {
    const ctx = get()
    const project = await h.addProject({ title: 'Renewed' })
    const first = await claim(project.id)
    expect(first.status).toBe(200)
    expect(first.body.claim).toEqual({
      projectId: project.id,
      moderator: { id: h.admin.id, name: await adminName() },
      expiresAt: expect.any(String),
    })
    const expiresAt = Date.parse(first.body.claim.expiresAt)
    expect(expiresAt - ctx.deps.now().getTime()).toBeLessThanOrEqual(CLAIM_TTL_MS)
    expect(expiresAt - ctx.deps.now().getTime()).toBeGreaterThan(CLAIM_TTL_MS - 60_000)

    ctx.advance(CLAIM_TTL_MS - 1000)
    expect((await claim(project.id, h.other.token)).status).toBe(409)
    const renewed = await claim(project.id)
    expect(renewed.status).toBe(200)
    expect(Date.parse(renewed.body.claim.expiresAt)).toBeGreaterThan(expiresAt)

    ctx.advance(CLAIM_TTL_MS)
    expect(await claims()).toEqual([])
    const taken = await claim(project.id, h.other.token)
    expect(taken.status).toBe(200)
    expect(taken.body.claim.moderator.id).toBe(h.other.id)
    expect((await claim(project.id)).status).toBe(409)
    await cleanUp()
  })

  it('lists the live claims with the moderator; releases only one’s own (403 for another’s)', async () => {
    const p = await h.addProject({ title: 'Listed' })
    const q = await h.addProject({ title: 'Listed too' })
    await claim(p.id)
    await claim(q.id, h.other.token)
    const listed = await claims()
    expect(listed.map((c: { projectId: string }) => c.projectId).sort()).toEqual([p.id, q.id].sort())
    expect(listed.find((c: { projectId: string }) => c.projectId === q.id).moderator).toEqual({
      id: h.other.id,
      name: 'Second Admin',
    })

    const refused = await release(q.id)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Second Admin is reviewing this project; only they can release the claim')
    expect(await release(p.id)).toMatchObject({ status: 200, body: { success: true, released: true } })
    expect(await release(p.id)).toMatchObject({ status: 200, body: { success: true, released: false } })
    expect((await claims()).map((c: { projectId: string }) => c.projectId)).toEqual([q.id])
    await cleanUp()
  })

  it("the queue leaves out projects under another moderator's live claim and counts them; the holder still sees them", async () => {
    await h.db().update(projects).set({ verificationStatus: 'approved' })
    const a = await h.addProject({ title: 'Q1', category: 'Mobile Apps' })
    const b = await h.addProject({ title: 'Q2', category: 'Web Development' })
    const c = await h.addProject({ title: 'Q3', category: 'Mobile Apps' })
    expect((await claim(a.id)).status).toBe(200)
    expect((await claim(b.id)).status).toBe(200)

    const ofOther = await queue(h.other.token)
    expect(ofOther.queue.map((p: { _id: string }) => p._id)).toEqual([c.id])
    expect(ofOther).toMatchObject({ total: 3, claimedByOthers: 2 })
    expect(await queue(h.other.token, 'Mobile%20Apps')).toMatchObject({ total: 2, claimedByOthers: 1 })
    const ofHolder = await queue(h.admin.token)
    expect(ofHolder.queue.map((p: { _id: string }) => p._id)).toEqual([a.id, b.id, c.id])
    expect(ofHolder.claimedByOthers).toBe(0)

    get().advance(CLAIM_TTL_MS + 1)
    expect(await queue(h.other.token)).toMatchObject({ total: 3, claimedByOthers: 0 })
    expect((await queue(h.other.token)).queue).toHaveLength(3)
    await cleanUp()
  })

  it('a decision ends the claim in its transaction (announced); an undo does not bring it back', async () => {
    const project = await h.addProject({ title: 'Decided' })
    await claim(project.id, h.other.token)
    const decided = await h.send('PUT', `/api/projects/${project.id}/verify`, { status: 'approved', notes: 'Fine' })
    expect(decided.status).toBe(200)
    expect(await claims()).toEqual([])
    await expect
      .poll(() => events.filter((e) => e.projectId === project.id).at(-1))
      .toEqual({
        type: 'claim',
        projectId: project.id,
        claim: null,
      })
    await h.undo(decided.body.undo.id)
    expect(await claims()).toEqual([])
    // An edit that leaves the status alone keeps the claim.
    await claim(project.id, h.other.token)
    await h.send('PUT', `/api/projects/${project.id}`, { title: 'Decided, renamed' })
    expect((await claims()).map((c: { projectId: string }) => c.projectId)).toEqual([project.id])
    await cleanUp()
  })

  it('announces claims, renewals and releases on console_events as ClaimEvents', async () => {
    const project = await h.addProject({ title: 'Announced' })
    const mine = () => events.filter((e) => e.projectId === project.id)
    const taken = (await claim(project.id)).body.claim
    await expect.poll(mine).toEqual([{ type: 'claim', projectId: project.id, claim: taken }])
    expect((await claim(project.id, h.other.token)).status).toBe(409)
    get().advance(1000)
    const renewed = (await claim(project.id)).body.claim
    await release(project.id)
    await expect.poll(() => mine().length).toBe(3)
    expect(mine()).toEqual([
      { type: 'claim', projectId: project.id, claim: taken },
      { type: 'claim', projectId: project.id, claim: renewed },
      { type: 'claim', projectId: project.id, claim: null },
    ])
  })

  it('the background job sweeps expired claims and keeps live ones', async () => {
    const ctx = get()
    const old = await h.addProject({ title: 'Swept' })
    const live = await h.addProject({ title: 'Kept' })
    await claim(old.id)
    ctx.advance(CLAIM_TTL_MS / 2)
    await claim(live.id)
    ctx.advance(CLAIM_TTL_MS / 2)
    const job = consoleJobs({ db: ctx.deps.db, staging: { sweep: async () => 0 } }).find(
      (j) => j.name === 'sweep-triage-claims',
    )!
    const outcome = await runJobOnce(job, new ClusterMutex({}, 'job'), ctx.deps.now)
    expect(outcome).toMatchObject({ outcome: 'ran', summary: 'removed 1 expired triage claim' })
    const rows = await h.db().select({ projectId: triageClaims.projectId }).from(triageClaims)
    expect(rows.map((r) => r.projectId)).toEqual([live.id])
    await cleanUp()
  })

  it('409 not_in_queue for a decided project or a draft, 404 for an unknown one, 400 for a malformed id, 401 without a token', async () => {
    const unknown = '0190f5a4-0000-7000-8000-000000000000'
    expect(await claim(unknown)).toMatchObject({ status: 404, body: { message: 'Project not found' } })
    expect(await release(unknown)).toMatchObject({ status: 404, body: { message: 'Project not found' } })
    expect((await claim('not-an-id')).status).toBe(400)
    expect((await release('not-an-id')).status).toBe(400)
    const decided = await h.addProject({ title: 'Decided already', verificationStatus: 'approved' })
    expect(await claim(decided.id)).toMatchObject({
      status: 409,
      body: { code: 'not_in_queue', message: 'This project no longer waits for a decision' },
    })
    const draft = await h.addProject({ title: 'Still a draft', isDraft: true })
    expect((await claim(draft.id)).body.code).toBe('not_in_queue')
    expect(await claims()).toEqual([])
    const project = await h.addProject({ title: 'Guarded' })
    expect((await call(get(), 'POST', `/api/admin/triage/projects/${project.id}/claim`)).status).toBe(401)
    expect((await call(get(), 'GET', '/api/admin/triage/claims')).status).toBe(401)
  })
})
