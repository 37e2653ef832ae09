import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { VerificationEntry, VerificationStatus } from '../../src/api/schemas/projects'
import { BANNER_MS, verificationInputError, verificationMachine, type VerificationEmitted } from '../../src/machines/verification.machine'
import { deferred, flush, makeEntry } from '../fixtures/project'

type D<T> = ReturnType<typeof deferred<T>>

function start() {
  const fetches: Array<D<VerificationEntry[]>> = []
  type Change = { projectId: string; status: VerificationStatus; notes: string }
  const submits: Array<{ input: Change; d: D<void> }> = []
  const updates: Array<{ input: Change & { entryId: string }; d: D<void> }> = []
  const deletes: Array<{ input: { projectId: string; entryId: string }; d: D<void> }> = []
  const track = <I, T>(list: Array<{ input: I; d: D<T> }>) => fromPromise(({ input }: { input: I }) => {
    const d = deferred<T>()
    list.push({ input, d })
    return d.promise
  })
  const machine = verificationMachine.provide({
    actors: {
      fetchHistory: fromPromise(() => {
        const d = deferred<VerificationEntry[]>()
        fetches.push(d)
        return d.promise
      }),
      submitStatus: track(submits),
      updateEntry: track(updates),
      deleteEntry: track(deletes),
    },
  })
  const actor = createActor(machine, { input: { projectId: 'p1', currentStatus: 'pending' } }).start()
  const emitted: VerificationEmitted[] = []
  actor.on('*', (e) => emitted.push(e as VerificationEmitted))
  const flow = () => (actor.getSnapshot().value as { flow: string }).flow
  const banner = () => (actor.getSnapshot().value as { banner: string }).banner
  return { actor, fetches, submits, updates, deletes, emitted, flow, banner, ctx: () => actor.getSnapshot().context }
}

afterEach(() => vi.useRealTimers())

describe('verificationMachine', () => {
  it('loads the history, then idles', async () => {
    const { fetches, flow, ctx } = start()
    expect(flow()).toBe('loading')
    fetches[0].resolve([makeEntry()])
    await flush()
    expect(flow()).toBe('idle')
    expect(ctx().history).toHaveLength(1)
  })

  it('a failed load shows the fetch error; Dismiss clears it; history.reload retries', async () => {
    const { actor, fetches, flow, ctx } = start()
    fetches[0].reject(new Error('x'))
    await flush()
    expect(flow()).toBe('idle')
    expect(ctx().error).toBe('Failed to fetch verification history')
    actor.send({ type: 'error.dismiss' })
    expect(ctx().error).toBeNull()
    actor.send({ type: 'history.reload' })
    expect(flow()).toBe('loading')
  })

  it('rejects a change without status or notes (no call)', async () => {
    const { actor, fetches, submits, flow } = start()
    fetches[0].resolve([])
    await flush()
    actor.send({ type: 'status.submit', status: '', notes: 'x' })
    actor.send({ type: 'status.submit', status: 'approved', notes: '   ' })
    expect(flow()).toBe('idle')
    expect(submits).toHaveLength(0)
    expect(verificationInputError('', 'x')).toBe('Status is required')
    expect(verificationInputError('approved', ' ')).toBe('Notes are required')
    expect(verificationInputError('approved', 'ok')).toBeNull()
  })

  it('submitting → reloading → idle, sets the status, emits statusChanged, banner for 3 s', async () => {
    vi.useFakeTimers()
    const { actor, fetches, submits, emitted, flow, banner, ctx } = start()
    fetches[0].resolve([])
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'status.submit', status: 'under_review', notes: 'Checking licences' })
    expect(flow()).toBe('submitting')
    expect(submits[0].input).toMatchObject({ status: 'under_review', notes: 'Checking licences' })
    submits[0].d.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(flow()).toBe('reloading')
    expect(ctx().currentStatus).toBe('under_review')
    expect(ctx().success).toBe('Project status updated to under review')
    expect(banner()).toBe('shown')
    expect(emitted).toContainEqual({ type: 'statusChanged', status: 'under_review' })
    fetches[1].resolve([makeEntry({ status: 'under_review' })])
    await vi.advanceTimersByTimeAsync(0)
    expect(flow()).toBe('idle')
    expect(ctx().history[0].status).toBe('under_review')
    await vi.advanceTimersByTimeAsync(BANNER_MS - 10)
    expect(banner()).toBe('shown')
    await vi.advanceTimersByTimeAsync(20)
    expect(banner()).toBe('hidden')
    expect(ctx().success).toBeNull()
  })

  it('a failed submit keeps the status and shows the update error', async () => {
    const { actor, fetches, submits, flow, ctx } = start()
    fetches[0].resolve([])
    await flush()
    actor.send({ type: 'status.submit', status: 'approved', notes: 'ok' })
    submits[0].d.reject(new Error('500'))
    await flush()
    expect(flow()).toBe('idle')
    expect(ctx().currentStatus).toBe('pending')
    expect(ctx().error).toBe('Failed to update project status')
  })

  it('updates an entry (toast text emitted) and reloads; failure shows the entry error', async () => {
    const { actor, fetches, updates, emitted, flow, ctx } = start()
    fetches[0].resolve([makeEntry()])
    await flush()
    actor.send({ type: 'entry.update', entryId: 'e1', status: 'approved', notes: '' })
    expect(updates).toHaveLength(0)
    actor.send({ type: 'entry.update', entryId: 'e1', status: 'approved', notes: 'Edited' })
    expect(flow()).toBe('updatingEntry')
    expect(updates[0].input).toMatchObject({ entryId: 'e1', status: 'approved', notes: 'Edited' })
    updates[0].d.resolve()
    await flush()
    expect(flow()).toBe('reloading')
    expect(emitted).toContainEqual({ type: 'notify', text: 'Verification history entry updated successfully' })
    fetches[1].resolve([makeEntry({ notes: 'Edited' })])
    await flush()
    actor.send({ type: 'entry.update', entryId: 'e1', status: 'approved', notes: 'Again' })
    updates[1].d.reject(new Error('x'))
    await flush()
    expect(ctx().error).toBe('Failed to update verification entry')
  })

  it('deletes an entry and reloads; failure shows the delete error; reload failure the fetch error', async () => {
    const { actor, fetches, deletes, emitted, flow, ctx } = start()
    fetches[0].resolve([makeEntry()])
    await flush()
    actor.send({ type: 'entry.delete', entryId: 'e1' })
    expect(flow()).toBe('deletingEntry')
    deletes[0].d.resolve()
    await flush()
    expect(emitted).toContainEqual({ type: 'notify', text: 'Verification history entry deleted successfully' })
    fetches[1].reject(new Error('x'))
    await flush()
    expect(ctx().error).toBe('Failed to fetch verification history')
    actor.send({ type: 'entry.delete', entryId: 'e1' })
    deletes[1].d.reject(new Error('x'))
    await flush()
    expect(flow()).toBe('idle')
    expect(ctx().error).toBe('Failed to delete verification entry')
  })
})
