/** A section save refused as stale (409 version_conflict): refetch, merge by field, or settle the conflict. */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { VersionConflictBody } from '../../../src/api/schemas/versions'
import type { Project } from '../../../src/api/schemas/projects'
import { projectSectionsMachine, type ProjectSectionsEmitted } from '../../../src/machines/project-sections.machine'
import { deferred, flush, makeProject } from '../../fixtures/project'

type SaveInput = { id: string; body: Record<string, unknown>; version: string }
const base = makeProject()
const V2 = '2026-01-06T10:05:00.000Z'
const stale = (fields: string[], name = 'Asha') => {
  const body: VersionConflictBody = {
    success: false,
    message: `Project was changed by ${name} since you opened it`,
    code: 'version_conflict',
    version: V2,
    changes: [{ actor: { id: 'a', name }, at: V2, action: 'project.update', fields, before: {}, after: {} }],
  }
  return new ApiError(409, body.message, undefined, body.code, undefined, body)
}

function start() {
  const saves: Array<{ input: SaveInput; d: ReturnType<typeof deferred<Project>> }> = []
  const fetches: Array<ReturnType<typeof deferred<Project>>> = []
  const deletes: Array<{ input: { version: string }; d: ReturnType<typeof deferred<void>> }> = []
  const machine = projectSectionsMachine.provide({
    actors: {
      saveProject: fromPromise(({ input }: { input: SaveInput }) => {
        const d = deferred<Project>()
        saves.push({ input, d })
        return d.promise
      }),
      fetchProject: fromPromise(() => {
        const d = deferred<Project>()
        fetches.push(d)
        return d.promise
      }),
      deleteProject: fromPromise(({ input }: { input: { id: string; version: string } }) => {
        const d = deferred<void>()
        deletes.push({ input, d })
        return d.promise
      }),
    },
  })
  const actor = createActor(machine, { input: { project: base } }).start()
  const emitted: ProjectSectionsEmitted[] = []
  actor.on('*', (e) => emitted.push(e as ProjectSectionsEmitted))
  return {
    actor,
    saves,
    fetches,
    deletes,
    emitted,
    state: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
  }
}

/** Opens Description, changes `patch`, saves, and answers the save with a 409 naming `fields`. */
async function staleSave(patch: Record<string, string>, fields: string[]) {
  const t = start()
  t.actor.send({ type: 'section.edit', section: 'description' })
  t.actor.send({ type: 'draft.change', patch })
  t.actor.send({ type: 'section.save' })
  t.saves[0].d.reject(stale(fields))
  await flush()
  return t
}

describe('projectSectionsMachine: stale saves', () => {
  it('every write sends the loaded version as If-Match', async () => {
    const { actor, saves, deletes } = start()
    actor.send({ type: 'section.edit', section: 'tags' })
    actor.send({ type: 'section.save' })
    expect(saves[0].input.version).toBe(base.updatedAt)
    actor.send({ type: 'project.delete' })
    actor.send({ type: 'confirm.accept' })
    expect(deletes).toHaveLength(0)
    saves[0].d.resolve(base)
    await flush()
    actor.send({ type: 'project.toggleActive' })
    expect(saves[1].input).toMatchObject({ body: { isActive: false }, version: base.updatedAt })
    saves[1].d.resolve(base)
    await flush()
    actor.send({ type: 'project.delete' })
    actor.send({ type: 'confirm.accept' })
    expect(deletes[0].input.version).toBe(base.updatedAt)
  })

  it('saving → refetching → merging when no field conflicts: saves the merge with the new version, says what it merged', async () => {
    const { saves, fetches, emitted, state, ctx } = await staleSave({ description: 'Mine' }, ['title'])
    expect(state()).toBe('refetching')
    expect(ctx().changes[0].actor?.name).toBe('Asha')
    const theirs = makeProject({ title: 'Theirs', updatedAt: V2 })
    fetches[0].resolve(theirs)
    await flush()
    expect(state()).toBe('merging')
    expect(saves[1].input).toEqual({ id: base._id, body: { title: 'Theirs', description: 'Mine' }, version: V2 })
    const saved = makeProject({ title: 'Theirs', description: 'Mine', updatedAt: '2026-01-06T10:06:00.000Z' })
    saves[1].d.resolve(saved)
    await flush()
    expect(state()).toBe('viewing')
    expect(ctx()).toMatchObject({ project: saved, section: null, conflict: null, notice: null })
    expect(emitted).toEqual([
      { type: 'notify.success', text: "Merged with Asha's change to Title" },
      { type: 'project.saved', project: saved },
    ])
  })

  it('refetching → conflict when both changed a field: holds base, theirs and mine', async () => {
    const { fetches, state, ctx } = await staleSave({ title: 'Mine' }, ['title'])
    fetches[0].resolve(makeProject({ title: 'Theirs', updatedAt: V2 }))
    await flush()
    expect(state()).toBe('conflict')
    expect(ctx().project).toBe(base)
    expect(ctx().conflict?.merge.conflicts).toEqual([
      { field: 'title', base: 'Inventory Manager', theirs: 'Theirs', mine: 'Mine' },
    ])
    expect(ctx().conflict?.theirs.updatedAt).toBe(V2)
  })

  it('conflict → Keep mine → merging: writes my values with the new version', async () => {
    const { actor, saves, fetches, emitted, state } = await staleSave({ title: 'Mine' }, ['title'])
    fetches[0].resolve(makeProject({ title: 'Theirs', updatedAt: V2 }))
    await flush()
    actor.send({ type: 'conflict.keepMine' })
    expect(state()).toBe('merging')
    expect(saves[1].input).toEqual({
      id: base._id,
      body: { title: 'Mine', description: base.description },
      version: V2,
    })
    saves[1].d.resolve(makeProject({ title: 'Mine', updatedAt: '2026-01-06T10:07:00.000Z' }))
    await flush()
    expect(state()).toBe('viewing')
    expect(emitted[0]).toEqual({ type: 'notify.success', text: "Saved your Title over Asha's change" })
  })

  it('conflict → Take theirs → editing: the conflicting field shows theirs, my other edits stay, based on theirs', async () => {
    const { actor, fetches, saves, state, ctx } = await staleSave({ title: 'Mine', description: 'Also mine' }, [
      'title',
    ])
    const theirs = makeProject({ title: 'Theirs', updatedAt: V2 })
    fetches[0].resolve(theirs)
    await flush()
    actor.send({ type: 'conflict.takeTheirs' })
    expect(state()).toBe('editing')
    expect(ctx()).toMatchObject({
      project: theirs,
      draft: { title: 'Theirs', description: 'Also mine' },
      conflict: null,
    })
    actor.send({ type: 'section.save' })
    expect(saves[1].input.version).toBe(V2)
  })

  it('conflict → cancel → viewing with the project as it is now', async () => {
    const { actor, fetches, emitted, state, ctx } = await staleSave({ title: 'Mine' }, ['title'])
    const theirs = makeProject({ title: 'Theirs', updatedAt: V2 })
    fetches[0].resolve(theirs)
    await flush()
    actor.send({ type: 'section.cancel' })
    expect(state()).toBe('viewing')
    expect(ctx()).toMatchObject({ project: theirs, section: null, conflict: null })
    expect(emitted).toEqual([{ type: 'project.saved', project: theirs }])
  })

  it('merging → refetching when stale again; → editing with the reason on another failure or a failed refetch', async () => {
    const { fetches, saves, state, ctx } = await staleSave({ description: 'Mine' }, ['title'])
    fetches[0].resolve(makeProject({ title: 'Theirs', updatedAt: V2 }))
    await flush()
    saves[1].d.reject(stale(['tags'], 'Ravi'))
    await flush()
    expect(state()).toBe('refetching')
    expect(ctx().changes[0].actor?.name).toBe('Ravi')
    fetches[1].reject(new ApiError(500, 'Database unavailable'))
    await flush()
    expect(state()).toBe('editing')
    expect(ctx().error).toBe('Database unavailable')
    const again = await staleSave({ description: 'Mine' }, ['title'])
    again.fetches[0].resolve(makeProject({ title: 'Theirs', updatedAt: V2 }))
    await flush()
    again.saves[1].d.reject(new ApiError(400, 'Title is required'))
    await flush()
    expect(again.state()).toBe('editing')
    expect(again.ctx().error).toBe('Title is required')
  })

  it('a stale activate or delete says why and asks the page to reload the project', async () => {
    const { actor, saves, deletes, emitted } = start()
    actor.send({ type: 'project.toggleActive' })
    saves[0].d.reject(stale(['isActive']))
    await flush()
    actor.send({ type: 'project.delete' })
    actor.send({ type: 'confirm.accept' })
    deletes[0].d.reject(new ApiError(409, 'in use'))
    await flush()
    expect(emitted).toEqual([
      {
        type: 'notify.error',
        text: 'Failed to update project status: Project was changed by Asha since you opened it',
      },
      { type: 'project.stale' },
      { type: 'notify.error', text: 'Failed to delete project: in use' },
    ])
  })
})
