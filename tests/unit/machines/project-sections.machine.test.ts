import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { Project } from '../../../src/api/schemas/projects'
import {
  projectSectionsMachine,
  saveFailureText,
  type ProjectSectionsEmitted,
} from '../../../src/machines/project-sections.machine'
import { deferred, flush, makeProject } from '../../fixtures/project'

function start(project = makeProject()) {
  const saves: Array<{
    input: { id: string; body: Record<string, unknown>; version: string }
    d: ReturnType<typeof deferred<Project>>
  }> = []
  const deletes: Array<ReturnType<typeof deferred<void>>> = []
  const machine = projectSectionsMachine.provide({
    actors: {
      saveProject: fromPromise(
        ({ input }: { input: { id: string; body: Record<string, unknown>; version: string } }) => {
          const d = deferred<Project>()
          saves.push({ input, d })
          return d.promise
        },
      ),
      deleteProject: fromPromise(() => {
        const d = deferred<void>()
        deletes.push(d)
        return d.promise
      }),
    },
  })
  const actor = createActor(machine, { input: { project } }).start()
  const emitted: ProjectSectionsEmitted[] = []
  actor.on('*', (e) => emitted.push(e as ProjectSectionsEmitted))
  return {
    actor,
    saves,
    deletes,
    emitted,
    state: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
  }
}

describe('projectSectionsMachine', () => {
  it('viewing → editing from the loaded values → viewing on cancel, dropping the draft', () => {
    const { actor, state, ctx } = start()
    actor.send({ type: 'section.edit', section: 'description' })
    expect(state()).toBe('editing')
    expect(ctx().draft).toEqual({ title: 'Inventory Manager', description: 'A stock and billing app for small shops.' })
    actor.send({ type: 'draft.change', patch: { title: 'Changed' } })
    expect(ctx().draft.title).toBe('Changed')
    actor.send({ type: 'section.cancel' })
    expect(state()).toBe('viewing')
    expect(ctx()).toMatchObject({ section: null, draft: {} })
    expect(ctx().project.title).toBe('Inventory Manager')
  })

  it('allows one section at a time: a second edit while editing is ignored', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'section.edit', section: 'tags' })
    actor.send({ type: 'section.edit', section: 'links' })
    expect(ctx().section).toBe('tags')
  })

  it('an invalid save stays in editing with the rule, and sends nothing', () => {
    const { actor, saves, state, ctx } = start()
    actor.send({ type: 'section.edit', section: 'description' })
    actor.send({ type: 'draft.change', patch: { description: 'x'.repeat(2001) } })
    actor.send({ type: 'section.save' })
    expect(state()).toBe('editing')
    expect(ctx().error).toBe('Description cannot exceed 2000 characters')
    expect(saves).toHaveLength(0)
  })

  it('saving sends the section body → viewing with the server project, emits project.saved', async () => {
    const { actor, saves, emitted, state, ctx } = start()
    actor.send({ type: 'section.edit', section: 'tags' })
    actor.send({ type: 'draft.change', patch: { tags: 'a, , b ' } })
    actor.send({ type: 'section.save' })
    expect(state()).toBe('saving')
    expect(saves[0].input).toEqual({
      id: makeProject()._id,
      body: { tags: ['a', 'b'] },
      version: makeProject().updatedAt,
    })
    const updated = makeProject({ tags: ['a', 'b'] })
    saves[0].d.resolve(updated)
    await flush()
    expect(state()).toBe('viewing')
    expect(ctx().project.tags).toEqual(['a', 'b'])
    expect(ctx().section).toBeNull()
    expect(emitted).toContainEqual({ type: 'project.saved', project: updated })
  })

  it('a failed save returns to editing with the server errors joined by line breaks', async () => {
    const { actor, saves, state, ctx } = start()
    actor.send({ type: 'section.edit', section: 'details' })
    actor.send({ type: 'section.save' })
    saves[0].d.reject(new ApiError(400, 'Validation failed', ['Price must be at least 0', 'Rating cannot exceed 5']))
    await flush()
    expect(state()).toBe('editing')
    expect(ctx().error).toBe('Price must be at least 0\nRating cannot exceed 5')
  })

  it("a failed owner save reads 'Failed to update project owner: {reason}'", async () => {
    const { actor, saves, ctx } = start()
    actor.send({ type: 'section.edit', section: 'owner' })
    actor.send({ type: 'draft.change', patch: { projectOwner: 'u1', ownerLabel: 'Asha (a@x.in)' } })
    actor.send({ type: 'section.save' })
    expect(saves[0].input.body).toEqual({ projectOwner: 'u1' })
    saves[0].d.reject(new ApiError(404, 'User not found'))
    await flush()
    expect(ctx().error).toBe('Failed to update project owner: User not found')
    expect(saveFailureText('owner', new Error(''))).toBe('Failed to update project owner: Request failed')
  })

  it('toggles active with the success text, and reports a failure', async () => {
    const { actor, saves, emitted, state } = start()
    actor.send({ type: 'project.toggleActive' })
    expect(state()).toBe('togglingActive')
    expect(saves[0].input.body).toEqual({ isActive: false })
    saves[0].d.resolve(makeProject({ isActive: false }))
    await flush()
    expect(state()).toBe('viewing')
    actor.send({ type: 'project.toggleActive' })
    expect(saves[1].input.body).toEqual({ isActive: true })
    saves[1].d.reject(new ApiError(500, 'down'))
    await flush()
    const texts = emitted.filter((e) => e.type === 'notify.success' || e.type === 'notify.error').map((e) => e.text)
    expect(texts).toEqual(['Project deactivated successfully', 'Failed to update project status: down'])
  })

  it('delete: confirming → cancel, then confirming → deleting → deleted', async () => {
    const { actor, deletes, emitted, state } = start()
    actor.send({ type: 'project.delete' })
    expect(state()).toBe('confirmingDelete')
    actor.send({ type: 'confirm.cancel' })
    expect(state()).toBe('viewing')
    actor.send({ type: 'project.delete' })
    actor.send({ type: 'confirm.accept' })
    expect(state()).toBe('deleting')
    deletes[0].resolve()
    await flush()
    expect(state()).toBe('deleted')
    expect(emitted).toEqual([
      { type: 'notify.success', text: 'Project deleted successfully' },
      { type: 'project.deleted' },
    ])
  })

  it('a failed delete returns to viewing with the message; refresh replaces the project, also while editing', async () => {
    const { actor, deletes, emitted, state, ctx } = start()
    actor.send({ type: 'project.delete' })
    actor.send({ type: 'confirm.accept' })
    deletes[0].reject(new ApiError(409, 'in use'))
    await flush()
    expect(state()).toBe('viewing')
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Failed to delete project: in use' }])
    actor.send({ type: 'project.refresh', project: makeProject({ verificationStatus: 'approved' }) })
    expect(ctx().project.verificationStatus).toBe('approved')
    actor.send({ type: 'section.edit', section: 'links' })
    actor.send({ type: 'project.refresh', project: makeProject({ verificationStatus: 'rejected' }) })
    expect(ctx().project.verificationStatus).toBe('rejected')
    expect(state()).toBe('editing')
  })
})
