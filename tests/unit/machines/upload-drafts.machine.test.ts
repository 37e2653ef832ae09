import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import {
  staleQuestion,
  uploadDraftsMachine,
  type UploadDraftsEmitted,
} from '../../../src/machines/upload-drafts.machine'
import { deferred, flush } from '../../fixtures/project'

function start() {
  const calls: Array<{ ids: string[]; d: ReturnType<typeof deferred<number>> }> = []
  const actor = createActor(
    uploadDraftsMachine.provide({
      actors: {
        deleteDrafts: fromPromise(({ input }: { input: string[] }) => {
          const d = deferred<number>()
          calls.push({ ids: input, d })
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
    calls[0].d.resolve(2)
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([{ type: 'drafts.deleted', count: 2 }])
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
