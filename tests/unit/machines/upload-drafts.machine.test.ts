import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { BulkDeleteOutcome } from '../../../src/api/projects'
import {
  deletedText,
  staleQuestion,
  uploadDraftsMachine,
  type UploadDraftsEmitted,
} from '../../../src/machines/upload-drafts.machine'
import { deferred, flush } from '../../fixtures/project'

function start() {
  type Input = { ids: string[]; versions: Record<string, string> }
  const calls: Array<{
    ids: string[]
    versions: Record<string, string>
    d: ReturnType<typeof deferred<BulkDeleteOutcome>>
  }> = []
  const actor = createActor(
    uploadDraftsMachine.provide({
      actors: {
        deleteDrafts: fromPromise(({ input }: { input: Input }) => {
          const d = deferred<BulkDeleteOutcome>()
          calls.push({ ...input, d })
          return d.promise
        }),
      },
    }),
  ).start()
  const emitted: UploadDraftsEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, calls, emitted, state: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context }
}

describe('uploadDraftsMachine', () => {
  it('asks how many it deletes', () => {
    expect(staleQuestion(1)).toBe(
      'Delete 1 draft nobody touched for 7 days or more, with their staged uploads? This cannot be undone.',
    )
    expect(staleQuestion(3)).toMatch(/^Delete 3 drafts /)
  })

  it('idle → confirming → (cancel) idle: nothing is deleted; no ids, no question', () => {
    const { actor, calls, state, ctx } = start()
    actor.send({ type: 'stale.delete', ids: [] })
    expect(state()).toBe('idle')
    actor.send({ type: 'stale.delete', ids: ['a', 'b'] })
    expect(state()).toBe('confirming')
    expect(ctx().ids).toEqual(['a', 'b'])
    actor.send({ type: 'confirm.cancel' })
    expect(state()).toBe('idle')
    expect(ctx().ids).toEqual([])
    expect(calls).toHaveLength(0)
  })

  it('confirming → deleting → idle, announcing how many were deleted', async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'stale.delete', ids: ['a', 'b'] })
    actor.send({ type: 'confirm.accept' })
    expect(state()).toBe('deleting')
    expect(calls[0].ids).toEqual(['a', 'b'])
    calls[0].d.resolve({ count: 2, undo: null, conflicts: [] })
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([{ type: 'drafts.deleted', count: 2, kept: 0 }])
  })

  it("sends the drafts' versions as listed; a draft published or changed meanwhile is kept and counted", async () => {
    const { actor, calls, emitted, ctx } = start()
    actor.send({ type: 'stale.delete', ids: ['a', 'b'], versions: { a: 'v1', b: 'v2' } })
    actor.send({ type: 'confirm.accept' })
    expect(calls[0].versions).toEqual({ a: 'v1', b: 'v2' })
    calls[0].d.resolve({ count: 1, undo: null, conflicts: [{ id: 'b', version: 'v3', changedBy: null }] })
    await flush()
    expect(ctx()).toEqual({ ids: [], versions: {} })
    expect(emitted).toEqual([{ type: 'drafts.deleted', count: 1, kept: 1 }])
    expect(deletedText(1, 1)).toBe('Deleted 1 stale draft. 1 draft was published or changed meanwhile and kept')
    expect(deletedText(0, 2)).toBe('Nothing deleted: 2 drafts were published or changed meanwhile and kept')
    expect(deletedText(3, 0)).toBe('Deleted 3 stale drafts')
  })

  it('deleting → idle with the refusal and its reason', async () => {
    const { actor, calls, emitted, state, ctx } = start()
    actor.send({ type: 'stale.delete', ids: ['a'] })
    actor.send({ type: 'confirm.accept' })
    calls[0].d.reject(new ApiError(404, 'Project not found'))
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().ids).toEqual([])
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Failed to delete projects: Project not found' }])
  })
})
