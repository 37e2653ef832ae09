/**
 * The triage machine (src/machines/triage.machine.ts): every transition, with held fakes for
 * loadQueue and verify settled by each test.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { QueueItem } from '../../../src/api/schemas/triage'
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

const item = (id: string, title = `Project ${id}`): QueueItem => ({
  _id: id,
  title,
  category: 'Web Development',
  verificationStatus: 'pending',
  ownerName: 'Asha',
  enteredQueueAt: '2026-11-01T00:00:00.000Z',
  ageMs: 1000,
})
type Queue = { total: number; queue: QueueItem[] }

function start(category?: string) {
  const loads: ReturnType<typeof deferred<Queue>>[] = []
  const loadInputs: unknown[] = []
  const verifies: { input: VerifyInput; d: ReturnType<typeof deferred<UndoTicket | null>> }[] = []
  const machine = triageMachine.provide({
    actors: {
      loadQueue: fromPromise(({ input }: { input: { category: string } }) => {
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
    },
  })
  const actor = createActor(machine, { input: category === undefined ? {} : { category } }).start()
  const emitted: TriageEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  const ctx = () => actor.getSnapshot().context
  const state = () => actor.getSnapshot().value
  const load = async (ids: string[], total = ids.length) => {
    loads.at(-1)!.resolve({ total, queue: ids.map((id) => item(id)) })
    await flush()
  }
  const answer = async (
    ticket: UndoTicket | null = { id: `u${verifies.length}`, expiresAt: '2026-11-24T00:00:10.000Z' },
  ) => {
    verifies.at(-1)!.d.resolve(ticket)
    await flush()
  }
  return { actor, loads, loadInputs, verifies, emitted, ctx, state, load, answer }
}

describe('triageMachine', () => {
  it('loading → showing the oldest project of the queue', async () => {
    const t = start()
    expect(t.state()).toBe('loading')
    await t.load(['a', 'b', 'c'], 7)
    expect(t.state()).toEqual({ showing: 'idle' })
    expect(t.ctx()).toMatchObject({ currentId: 'a', total: 7 })
    expect(nextId(t.ctx())).toBe('b')
    expect(t.loadInputs).toEqual([{ category: '' }])
  })

  it('loads only the category of its input, on every load', async () => {
    const t = start('Mobile Apps')
    await t.load(['a'])
    t.actor.send({ type: 'skip' })
    t.actor.send({ type: 'reload' })
    expect(t.loadInputs).toEqual([{ category: 'Mobile Apps' }, { category: 'Mobile Apps' }])
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
    expect(t.state()).toEqual({ showing: 'idle' })
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
    expect(t.state()).toEqual({ showing: 'notes' })
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
    expect(t.state()).toEqual({ showing: 'notes' })
    expect(t.verifies).toHaveLength(0)
    t.actor.send({ type: 'notes.back' })
    expect(t.state()).toEqual({ showing: 'idle' })
    expect(t.ctx().notes).toBeNull()
  })

  it('a failed decision keeps the project: quick → showing.idle, notes → the notes step with its text', async () => {
    const t = start()
    await t.load(['a'])
    t.actor.send({ type: 'decide', status: 'approved' })
    t.verifies[0].d.reject(new ApiError(409, 'Changed by someone else'))
    await flush()
    expect(t.state()).toEqual({ showing: 'idle' })
    expect(t.ctx()).toMatchObject({ currentId: 'a', error: 'Changed by someone else', decided: [] })
    t.actor.send({ type: 'notes.open', status: 'rejected' })
    expect(t.ctx().error).toBeNull()
    t.actor.send({ type: 'notes.change', text: 'Spam' })
    t.actor.send({ type: 'notes.submit' })
    t.verifies[1].d.reject(new ApiError(500, 'Internal server error'))
    await flush()
    expect(t.state()).toEqual({ showing: 'notes' })
    expect(t.ctx()).toMatchObject({ notes: { status: 'rejected', text: 'Spam' }, error: 'Internal server error' })
  })

  it('s skip passes over the project for this session (also from the notes step); skipping the last → done', async () => {
    const t = start()
    await t.load(['a', 'b'])
    t.actor.send({ type: 'skip' })
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
    expect(t.state()).toEqual({ showing: 'idle' })
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
    t.actor.send({ type: 'reload' })
    expect(t.state()).toBe('loading')
    await t.load(['a', 'b', 'd'])
    expect(t.ctx().currentId).toBe('b')
  })
})

describe('triage helpers', () => {
  it('candidates leave out decided and skipped, priority first; verifyInput falls back to approve', () => {
    const context = { queue: ['a', 'b', 'c', 'd'].map((id) => item(id)), decided: ['a'], skipped: ['b'], priority: 'd' }
    expect(candidates(context).map((p) => p._id)).toEqual(['d', 'c'])
    expect(candidates({ ...context, priority: 'a' }).map((p) => p._id)).toEqual(['c', 'd'])
    expect(
      verifyInput({ ...context, category: '', total: 4, currentId: 'c', notes: null, quick: null, error: null }),
    ).toEqual({ id: 'c', status: 'approved', notes: QUICK_NOTES.approved })
  })
})
