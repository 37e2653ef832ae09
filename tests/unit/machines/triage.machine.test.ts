/**
 * The triage machine (src/machines/triage.machine.ts): every transition, with held fakes for
 * loadQueue and verify settled by each test; claimProject grants at once unless a test holds it,
 * and releaseClaim records what it releases.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import { CLAIM_RENEW_MS, type Claim } from '../../../src/api/schemas/live'
import type { QueueItem, QueueSort } from '../../../src/api/schemas/triage'
import { ClaimedError } from '../../../src/api/triage'
import type { UndoTicket } from '../../../src/api/schemas/undo'
import {
  candidates,
  nextId,
  QUICK_NOTES,
  triageMachine,
  verifyInput,
  type TriageEmitted,
  type VerifyInput,
} from '../../../src/machines/triage.machine'
import { deferred, flush } from '../../fixtures/project'
import { drainMicrotasks } from './model-walk'

const item = (id: string, title = `Project ${id}`): QueueItem => ({
  _id: id,
  title,
  category: 'Web Development',
  verificationStatus: 'pending',
  ownerName: 'Asha',
  risk: null,
  enteredQueueAt: '2026-11-01T00:00:00.000Z',
  ageMs: 1000,
})
type Queue = { total: number; claimedByOthers: number; queue: QueueItem[] }

const claimOf = (id: string, name = 'Me'): Claim => ({
  projectId: id,
  moderator: { id: name === 'Me' ? 'me' : 'asha', name },
  expiresAt: '2026-11-24T00:03:00.000Z',
})
/** The state while a project is on screen, its review step `review` and its claim `claim`. */
const showing = (review: 'idle' | 'notes', claim: 'held' | 'renewing' = 'held') => ({ showing: { review, claim } })

function start(category?: string, options: { holdClaims?: boolean; sort?: QueueSort } = {}) {
  const claims: { id: string; d: ReturnType<typeof deferred<Claim>> }[] = []
  const released: string[] = []
  const loads: ReturnType<typeof deferred<Queue>>[] = []
  const loadInputs: unknown[] = []
  const verifies: { input: VerifyInput; d: ReturnType<typeof deferred<UndoTicket | null>> }[] = []
  const machine = triageMachine.provide({
    actors: {
      loadQueue: fromPromise(({ input }: { input: { category: string; sort: QueueSort } }) => {
        loadInputs.push(input)
        const d = deferred<Queue>()
        loads.push(d)
        return d.promise
      }),
      verify: fromPromise(({ input }: { input: VerifyInput }) => {
        const d = deferred<UndoTicket | null>()
        verifies.push({ input, d })
        return d.promise
      }),
      claimProject: fromPromise(({ input }: { input: { id: string } }) => {
        const d = deferred<Claim>()
        claims.push({ id: input.id, d })
        if (!options.holdClaims) d.resolve(claimOf(input.id))
        return d.promise
      }),
      releaseClaim: fromPromise(async ({ input }: { input: { id: string } }) => {
        released.push(input.id)
      }),
    },
  })
  const input = { ...(category === undefined ? {} : { category }), ...(options.sort ? { sort: options.sort } : {}) }
  const actor = createActor(machine, { input }).start()
  const emitted: TriageEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  const ctx = () => actor.getSnapshot().context
  const state = () => actor.getSnapshot().value
  const load = async (ids: string[], total = ids.length) => {
    loads.at(-1)!.resolve({ total, claimedByOthers: 0, queue: ids.map((id) => item(id)) })
    await flush()
  }
  const answer = async (
    ticket: UndoTicket | null = { id: `u${verifies.length}`, expiresAt: '2026-11-24T00:00:10.000Z' },
  ) => {
    verifies.at(-1)!.d.resolve(ticket)
    await flush()
  }
  return { actor, loads, loadInputs, verifies, claims, released, emitted, ctx, state, load, answer }
}

describe('triageMachine', () => {
  it('loading → showing the oldest project of the queue', async () => {
    const t = start()
    expect(t.state()).toBe('loading')
    await t.load(['a', 'b', 'c'], 7)
    expect(t.state()).toEqual(showing('idle'))
    expect(t.ctx()).toMatchObject({ currentId: 'a', total: 7 })
    expect(nextId(t.ctx())).toBe('b')
    expect(t.loadInputs).toEqual([{ category: '', sort: 'oldest' }])
  })

  it('loads only the category of its input, on every load', async () => {
    const t = start('Mobile Apps')
    await t.load(['a'])
    t.actor.send({ type: 'skip' })
    t.actor.send({ type: 'reload' })
    expect(t.loadInputs).toEqual([
      { category: 'Mobile Apps', sort: 'oldest' },
      { category: 'Mobile Apps', sort: 'oldest' },
    ])
  })

  it('loads in the order of its input, on every load', async () => {
    const t = start(undefined, { sort: 'risk' })
    await t.load(['a'])
    t.actor.send({ type: 'reload' })
    expect(t.loadInputs).toEqual([
      { category: '', sort: 'risk' },
      { category: '', sort: 'risk' },
    ])
  })

  it('queue.sort while showing: releases the claim and loads the queue in the new order, first project of it shown', async () => {
    const t = start()
    await t.load(['a', 'b'])
    expect(t.state()).toEqual(showing('idle'))
    t.actor.send({ type: 'queue.sort', sort: 'risk' })
    expect(t.state()).toBe('loading')
    expect(t.ctx().sort).toBe('risk')
    expect(t.released).toEqual(['a'])
    expect(t.loadInputs.at(-1)).toEqual({ category: '', sort: 'risk' })
    await t.load(['b', 'a'])
    expect(t.ctx().currentId).toBe('b')
  })

  it('queue.sort with the same order changes nothing', async () => {
    const t = start()
    await t.load(['a'])
    t.actor.send({ type: 'queue.sort', sort: 'oldest' })
    expect(t.state()).toEqual(showing('idle'))
    expect(t.released).toEqual([])
    expect(t.loadInputs).toHaveLength(1)
  })

  it('queue.sort while loading drops the load in flight and loads in the new order', async () => {
    const t = start()
    t.actor.send({ type: 'queue.sort', sort: 'risk' })
    expect(t.state()).toBe('loading')
    expect(t.loadInputs).toEqual([
      { category: '', sort: 'oldest' },
      { category: '', sort: 'risk' },
    ])
    // The first load answering late is ignored: its actor was stopped.
    t.loads[0].resolve({ total: 1, claimedByOthers: 0, queue: [item('old')] })
    await flush()
    expect(t.state()).toBe('loading')
    await t.load(['new'])
    expect(t.ctx().currentId).toBe('new')
  })

  it('queue.sort when done or failed loads the queue in the new order', async () => {
    const t = start()
    await t.load([])
    expect(t.state()).toBe('done')
    t.actor.send({ type: 'queue.sort', sort: 'risk' })
    expect(t.state()).toBe('loading')
    t.loads.at(-1)!.reject(new ApiError(500, 'Internal server error'))
    await flush()
    expect(t.state()).toBe('failed')
    t.actor.send({ type: 'queue.sort', sort: 'oldest' })
    expect(t.state()).toBe('loading')
    expect(t.loadInputs.map((i) => (i as { sort: QueueSort }).sort)).toEqual(['oldest', 'risk', 'oldest'])
  })

  it('loading → done for an empty queue; done → loading on reload', async () => {
    const t = start()
    await t.load([])
    expect(t.state()).toBe('done')
    expect(t.ctx().currentId).toBeNull()
    t.actor.send({ type: 'reload' })
    expect(t.state()).toBe('loading')
    await t.load(['a'])
    expect(t.ctx().currentId).toBe('a')
  })

  it('loading → failed on an error with its text; failed → loading on retry', async () => {
    const t = start()
    t.loads[0].reject(new ApiError(500, 'Internal server error'))
    await flush()
    expect(t.state()).toBe('failed')
    expect(t.ctx().error).toBe('Internal server error')
    t.actor.send({ type: 'retry' })
    expect(t.state()).toBe('loading')
    await t.load(['a'])
    expect(t.ctx().error).toBeNull()
  })

  it('1 approve: showing → submitting → next project; offers the undo and announces the change', async () => {
    const t = start()
    await t.load(['a', 'b'])
    t.actor.send({ type: 'decide', status: 'approved' })
    expect(t.state()).toBe('submitting')
    expect(t.verifies[0].input).toEqual({ id: 'a', status: 'approved', notes: QUICK_NOTES.approved })
    await t.answer({ id: 'u1', expiresAt: 'x' })
    expect(t.state()).toEqual(showing('idle'))
    expect(t.ctx()).toMatchObject({ currentId: 'b', decided: ['a'] })
    expect(t.emitted).toEqual([
      { type: 'undo.offered', text: 'Approved: Project a', undo: { id: 'u1', expiresAt: 'x' } },
      { type: 'projects.changed' },
    ])
  })

  it('h hold submits under_review with its note; without a ticket a plain success; the last one → done', async () => {
    const t = start()
    await t.load(['a'])
    t.actor.send({ type: 'decide', status: 'under_review' })
    expect(t.verifies[0].input).toEqual({ id: 'a', status: 'under_review', notes: QUICK_NOTES.under_review })
    await t.answer(null)
    expect(t.emitted[0]).toEqual({ type: 'notify.success', text: 'Held (under review): Project a' })
    expect(t.state()).toBe('done')
  })

  it('2 / 3 open the notes step; templates and typing set the text; submit sends it trimmed', async () => {
    const t = start()
    await t.load(['a', 'b'])
    t.actor.send({ type: 'notes.open', status: 'needs_changes' })
    expect(t.state()).toEqual(showing('notes'))
    expect(t.ctx().notes).toEqual({ status: 'needs_changes', text: '' })
    t.actor.send({ type: 'notes.template', text: 'Add a README' })
    expect(t.ctx().notes?.text).toBe('Add a README')
    t.actor.send({ type: 'notes.change', text: ' Add a README, please ' })
    t.actor.send({ type: 'notes.submit' })
    expect(t.state()).toBe('submitting')
    expect(t.verifies[0].input).toEqual({ id: 'a', status: 'needs_changes', notes: 'Add a README, please' })
    await t.answer({ id: 'u1', expiresAt: 'x' })
    expect(t.emitted[0]).toMatchObject({ type: 'undo.offered', text: 'Needs changes: Project a' })
    expect(t.ctx()).toMatchObject({ currentId: 'b', notes: null })
  })

  it('notes.submit with empty notes stays in the step; notes.back returns to the project', async () => {
    const t = start()
    await t.load(['a'])
    t.actor.send({ type: 'notes.open', status: 'rejected' })
    t.actor.send({ type: 'notes.change', text: '   ' })
    t.actor.send({ type: 'notes.submit' })
    expect(t.state()).toEqual(showing('notes'))
    expect(t.verifies).toHaveLength(0)
    t.actor.send({ type: 'notes.back' })
    expect(t.state()).toEqual(showing('idle'))
    expect(t.ctx().notes).toBeNull()
  })

  it('a failed decision keeps the project: quick → showing.idle, notes → the notes step with its text', async () => {
    const t = start()
    await t.load(['a'])
    t.actor.send({ type: 'decide', status: 'approved' })
    t.verifies[0].d.reject(new ApiError(409, 'Changed by someone else'))
    await flush()
    expect(t.state()).toEqual(showing('idle'))
    expect(t.ctx()).toMatchObject({ currentId: 'a', error: 'Changed by someone else', decided: [] })
    t.actor.send({ type: 'notes.open', status: 'rejected' })
    expect(t.ctx().error).toBeNull()
    t.actor.send({ type: 'notes.change', text: 'Spam' })
    t.actor.send({ type: 'notes.submit' })
    t.verifies[1].d.reject(new ApiError(500, 'Internal server error'))
    await flush()
    expect(t.state()).toEqual(showing('notes'))
    expect(t.ctx()).toMatchObject({ notes: { status: 'rejected', text: 'Spam' }, error: 'Internal server error' })
  })

  it('s skip passes over the project for this session (also from the notes step); skipping the last → done', async () => {
    const t = start()
    await t.load(['a', 'b'])
    t.actor.send({ type: 'skip' })
    await flush()
    expect(t.ctx()).toMatchObject({ currentId: 'b', skipped: ['a'] })
    t.actor.send({ type: 'notes.open', status: 'rejected' })
    t.actor.send({ type: 'skip' })
    expect(t.state()).toBe('done')
    expect(t.ctx()).toMatchObject({ skipped: ['a', 'b'], notes: null })
    expect(t.verifies).toHaveLength(0)
  })

  it('decision.undone pops the newest decision and reloads with that project first', async () => {
    const t = start()
    await t.load(['a', 'b', 'c'])
    t.actor.send({ type: 'decide', status: 'approved' })
    await t.answer()
    t.actor.send({ type: 'decide', status: 'approved' })
    await t.answer()
    expect(t.ctx()).toMatchObject({ currentId: 'c', decided: ['a', 'b'] })
    t.actor.send({ type: 'decision.undone' })
    expect(t.state()).toBe('loading')
    expect(t.ctx()).toMatchObject({ decided: ['a'], priority: 'b' })
    await t.load(['b', 'c'])
    expect(t.ctx()).toMatchObject({ currentId: 'b', priority: null })
    expect(nextId(t.ctx())).toBe('c')
  })

  it('decision.undone from done brings the project back; ignored when nothing was decided', async () => {
    const t = start()
    await t.load(['a'])
    t.actor.send({ type: 'decision.undone' })
    expect(t.state()).toEqual(showing('idle'))
    t.actor.send({ type: 'decide', status: 'approved' })
    await t.answer()
    expect(t.state()).toBe('done')
    t.actor.send({ type: 'decision.undone' })
    expect(t.state()).toBe('loading')
    await t.load(['a'])
    expect(t.ctx().currentId).toBe('a')
  })

  it('reload from showing reloads the queue and keeps the session', async () => {
    const t = start()
    await t.load(['a', 'b'])
    t.actor.send({ type: 'skip' })
    await flush()
    t.actor.send({ type: 'reload' })
    expect(t.state()).toBe('loading')
    await t.load(['a', 'b', 'd'])
    expect(t.ctx().currentId).toBe('b')
  })
})

describe('triageMachine claims', () => {
  afterEach(() => void vi.useRealTimers())
  const asha = (id: string) => new ClaimedError(claimOf(id, 'Asha'))

  it('claiming → showing: the project shown is claimed first, and its decisions wait for the claim', async () => {
    const t = start(undefined, { holdClaims: true })
    await t.load(['a', 'b'])
    expect(t.state()).toBe('claiming')
    expect(t.claims.map((c) => c.id)).toEqual(['a'])
    t.actor.send({ type: 'decide', status: 'approved' })
    expect(t.verifies).toHaveLength(0)
    t.claims[0].d.resolve(claimOf('a'))
    await flush()
    expect(t.state()).toEqual(showing('idle'))
    expect(t.ctx().claim).toEqual(claimOf('a'))
  })

  it('claimed by another moderator: says who and moves on to the next project; the last one → done', async () => {
    const t = start(undefined, { holdClaims: true })
    await t.load(['a', 'b'])
    t.claims[0].d.reject(asha('a'))
    await flush()
    expect(t.emitted).toEqual([{ type: 'notify.info', text: 'Asha is reviewing Project a; showing the next one' }])
    expect(t.state()).toBe('claiming')
    expect(t.ctx()).toMatchObject({ currentId: 'b', taken: ['a'], claim: null })
    t.claims[1].d.reject(asha('b'))
    await flush()
    expect(t.state()).toBe('done')
    expect(t.released).toEqual([])
  })

  it('a project decided by someone since the queue loaded (409 not_in_queue) is passed over without a word', async () => {
    const t = start(undefined, { holdClaims: true })
    await t.load(['a', 'b'])
    t.claims[0].d.reject(new ApiError(409, 'This project no longer waits for a decision', undefined, 'not_in_queue'))
    await flush()
    expect(t.emitted).toEqual([])
    expect(t.state()).toBe('claiming')
    expect(t.ctx()).toMatchObject({ currentId: 'b', taken: ['a'] })
  })

  it('a renewal answered not_in_queue (decided elsewhere while on screen) moves on with a notice', async () => {
    vi.useFakeTimers()
    const t = start(undefined, { holdClaims: true })
    t.loads[0].resolve({ total: 2, claimedByOthers: 0, queue: [item('a'), item('b')] })
    await drainMicrotasks()
    t.claims[0].d.resolve(claimOf('a'))
    await drainMicrotasks()
    vi.advanceTimersByTime(CLAIM_RENEW_MS)
    t.claims[1].d.reject(new ApiError(409, 'This project no longer waits for a decision', undefined, 'not_in_queue'))
    await drainMicrotasks()
    expect(t.emitted).toEqual([
      { type: 'notify.info', text: 'Project a no longer waits for a decision; showing the next one' },
    ])
    expect(t.ctx()).toMatchObject({ currentId: 'b', taken: ['a'] })
  })

  it('a claim failing for another reason still shows the project, unclaimed', async () => {
    const t = start(undefined, { holdClaims: true })
    await t.load(['a'])
    t.claims[0].d.reject(new ApiError(0, 'Could not reach the server'))
    await flush()
    expect(t.state()).toEqual(showing('idle'))
    expect(t.ctx()).toMatchObject({ currentId: 'a', claim: null, error: null })
  })

  it('renews the claim every CLAIM_RENEW_MS while the project is on screen, in the notes step too', async () => {
    vi.useFakeTimers()
    const t = start(undefined, { holdClaims: true })
    t.loads[0].resolve({ total: 1, claimedByOthers: 0, queue: [item('a')] })
    await drainMicrotasks()
    t.claims[0].d.resolve(claimOf('a'))
    await drainMicrotasks()
    t.actor.send({ type: 'notes.open', status: 'rejected' })
    t.actor.send({ type: 'notes.change', text: 'Spam' })
    vi.advanceTimersByTime(CLAIM_RENEW_MS - 1)
    expect(t.claims).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(t.state()).toEqual(showing('notes', 'renewing'))
    expect(t.claims.map((c) => c.id)).toEqual(['a', 'a'])
    const renewed = { ...claimOf('a'), expiresAt: '2026-11-24T00:04:00.000Z' }
    t.claims[1].d.resolve(renewed)
    await drainMicrotasks()
    expect(t.state()).toEqual(showing('notes'))
    expect(t.ctx()).toMatchObject({ claim: renewed, notes: { status: 'rejected', text: 'Spam' } })
    vi.advanceTimersByTime(CLAIM_RENEW_MS)
    expect(t.claims).toHaveLength(3)
    // A renewal that fails for another reason keeps the claim until the next one.
    t.claims[2].d.reject(new ApiError(500, 'Internal server error'))
    await drainMicrotasks()
    expect(t.state()).toEqual(showing('notes'))
    expect(t.ctx().claim).toEqual(renewed)
  })

  it('a renewal answered claimed (the claim lapsed and someone took it) moves on with the notice', async () => {
    vi.useFakeTimers()
    const t = start(undefined, { holdClaims: true })
    t.loads[0].resolve({ total: 2, claimedByOthers: 0, queue: [item('a'), item('b')] })
    await drainMicrotasks()
    t.claims[0].d.resolve(claimOf('a'))
    await drainMicrotasks()
    vi.advanceTimersByTime(CLAIM_RENEW_MS)
    t.claims[1].d.reject(asha('a'))
    await drainMicrotasks()
    expect(t.emitted).toEqual([{ type: 'notify.info', text: 'Asha is reviewing Project a; showing the next one' }])
    expect(t.state()).toBe('claiming')
    expect(t.ctx()).toMatchObject({ currentId: 'b', taken: ['a'] })
    expect(t.claims.at(-1)!.id).toBe('b')
  })

  it('releases the claim on skip and reload; a decision leaves the release to the server', async () => {
    const t = start()
    await t.load(['a', 'b', 'c'])
    t.actor.send({ type: 'skip' })
    await flush()
    expect(t.released).toEqual(['a'])
    expect(t.ctx().claim).toEqual(claimOf('b'))
    t.actor.send({ type: 'decide', status: 'approved' })
    await t.answer()
    expect(t.released).toEqual(['a'])
    expect(t.ctx()).toMatchObject({ currentId: 'c', claim: claimOf('c') })
    t.actor.send({ type: 'reload' })
    expect(t.released).toEqual(['a', 'c'])
    expect(t.ctx().claim).toBeNull()
  })

  it('decision.undone releases the shown project before the undone one comes back', async () => {
    const t = start()
    await t.load(['a', 'b'])
    t.actor.send({ type: 'decide', status: 'approved' })
    await t.answer()
    t.actor.send({ type: 'decision.undone' })
    expect(t.released).toEqual(['b'])
    await t.load(['a', 'b'])
    expect(t.ctx()).toMatchObject({ currentId: 'a', claim: claimOf('a') })
  })

  it('triage.leave releases the claim and rests in left; triage.resume loads again and claims anew', async () => {
    const t = start()
    await t.load(['a'])
    t.actor.send({ type: 'triage.leave' })
    expect(t.state()).toBe('left')
    expect(t.released).toEqual(['a'])
    t.actor.send({ type: 'triage.leave' })
    expect(t.released).toEqual(['a'])
    t.actor.send({ type: 'triage.resume' })
    expect(t.state()).toBe('loading')
    await t.load(['a'])
    expect(t.claims.map((c) => c.id)).toEqual(['a', 'a'])
    expect(t.state()).toEqual(showing('idle'))
  })
})

describe('triage helpers', () => {
  it('candidates leave out decided and skipped, priority first; verifyInput falls back to approve', () => {
    const context = {
      queue: ['a', 'b', 'c', 'd', 'e'].map((id) => item(id)),
      decided: ['a'],
      skipped: ['b'],
      taken: ['e'],
      priority: 'd',
    }
    expect(candidates(context).map((p) => p._id)).toEqual(['d', 'c'])
    expect(candidates({ ...context, priority: 'a' }).map((p) => p._id)).toEqual(['c', 'd'])
    expect(
      verifyInput({
        ...context,
        category: '',
        sort: 'oldest',
        total: 4,
        claimedByOthers: 0,
        claim: null,
        currentId: 'c',
        notes: null,
        quick: null,
        error: null,
      }),
    ).toEqual({ id: 'c', status: 'approved', notes: QUICK_NOTES.approved })
  })
})
