import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { Permission } from '../../../src/api/repository'
import type { RepositoryData } from '../../../src/machines/project-repository.actors'
import { StepUpCancelled } from '../../../src/machines/shared/step-up-gate'
import {
  projectRepositoryMachine,
  type ProjectRepositoryEmitted,
  type ProjectRepositoryEvent,
} from '../../../src/machines/project-repository.machine'

const settle = () => new Promise((r) => setTimeout(r, 0))
const data = (isPrivate = true): RepositoryData => ({
  info: { name: 'shop', private: isPrivate } as RepositoryData['info'],
  collaborators: [{ username: 'octo', permission: 'push' }] as RepositoryData['collaborators'],
  branches: ['main'],
})

function start(fail: Record<string, unknown> = {}) {
  const calls: Array<[string, unknown]> = []
  const fake = <O, I>(name: string, output: () => O) =>
    fromPromise<O, I>(async ({ input }) => {
      calls.push([name, input])
      if (name in fail) throw fail[name]
      return output()
    })
  const actor = createActor(
    projectRepositoryMachine.provide({
      actors: {
        loadRepository: fake('load', () => data()),
        setPrivacy: fake<void, { name: string; private: boolean }>('privacy', () => undefined),
        addCollaborator: fake<void, { name: string; username: string; permission: Permission }>('add', () => undefined),
        removeCollaborator: fake<void, { name: string; username: string }>('remove', () => undefined),
        createBranch: fake<void, { name: string; branchName: string; baseBranch: string }>('branch', () => undefined),
        fetchArchiveUrl: fake('archive', () => 'http://git/archive.zip'),
        deleteRepository: fake<void, { name: string }>('delete', () => undefined),
      },
    }),
    { input: { name: 'shop' } },
  ).start()
  const emitted: ProjectRepositoryEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, calls, emitted }
}

describe('projectRepositoryMachine', () => {
  it("loads info, collaborators and branches; a failed load says 'Failed to load GitHub info' state and reloads", async () => {
    const ok = start()
    expect(ok.actor.getSnapshot().value).toBe('loading')
    await settle()
    expect(ok.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(ok.actor.getSnapshot().context.data).toEqual(data())
    const broken = start({ load: new Error('down') })
    await settle()
    expect(broken.actor.getSnapshot().value).toBe('loadFailed')
    broken.actor.send({ type: 'repository.reload' })
    expect(broken.actor.getSnapshot().value).toBe('loading')
  })

  it('requires a username, adds with the chosen permission (default push), clears the name and reloads', async () => {
    const { actor, calls } = start()
    await settle()
    actor.send({ type: 'collaborator.add' })
    expect(actor.getSnapshot().context.error).toBe('Username is required')
    actor.send({ type: 'form.change', patch: { username: ' octo-cat ' } })
    actor.send({ type: 'collaborator.add' })
    expect(actor.getSnapshot().matches({ ready: 'addingCollaborator' })).toBe(true)
    await settle()
    expect(calls[1]).toEqual(['add', { name: 'shop', username: 'octo-cat', permission: 'push' }])
    expect(calls[2][0]).toBe('load')
    expect(actor.getSnapshot().context).toMatchObject({ error: null, form: { username: '', permission: 'push' } })
  })

  it('requires a branch name and creates it from the base (main when blank)', async () => {
    const { actor, calls } = start()
    await settle()
    actor.send({ type: 'branch.create' })
    expect(actor.getSnapshot().context.error).toBe('Branch name is required')
    actor.send({ type: 'form.change', patch: { branchName: 'feature-x', baseBranch: ' ' } })
    actor.send({ type: 'branch.create' })
    await settle()
    expect(calls[1]).toEqual(['branch', { name: 'shop', branchName: 'feature-x', baseBranch: 'main' }])
    expect(actor.getSnapshot().context.form.branchName).toBe('')
  })

  it('toggles privacy to the opposite, removes a collaborator, opens the archive link', async () => {
    const { actor, calls, emitted } = start()
    await settle()
    actor.send({ type: 'privacy.toggle' })
    await settle()
    actor.send({ type: 'collaborator.remove', username: 'octo' })
    await settle()
    actor.send({ type: 'archive.open' })
    await settle()
    expect(calls.filter(([n]) => n !== 'load')).toEqual([
      ['privacy', { name: 'shop', private: false }],
      ['remove', { name: 'shop', username: 'octo' }],
      ['archive', { name: 'shop' }],
    ])
    expect(emitted).toEqual([{ type: 'tab.open', url: 'http://git/archive.zip' }])
  })

  it.each<[string, ProjectRepositoryEvent, string]>([
    ['privacy', { type: 'privacy.toggle' }, 'Failed to update privacy'],
    ['add', { type: 'collaborator.add' }, 'Failed to add collaborator'],
    ['remove', { type: 'collaborator.remove', username: 'octo' }, 'Failed to remove collaborator'],
    ['branch', { type: 'branch.create' }, 'Failed to create branch'],
    ['archive', { type: 'archive.open' }, 'Failed to generate download link'],
  ])('a failed %s shows the red line of SPEC.md 8', async (name, event, text) => {
    const { actor } = start({ [name]: new Error('x') })
    await settle()
    actor.send({ type: 'form.change', patch: { username: 'octo', branchName: 'b' } })
    actor.send(event)
    await settle()
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe(text)
  })

  it("deletes after confirmation: 'Repository deleted.' and the project loses its repository", async () => {
    const { actor, emitted } = start()
    await settle()
    actor.send({ type: 'repository.delete' })
    expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true)
    actor.send({ type: 'confirm.cancel' })
    actor.send({ type: 'repository.delete' })
    actor.send({ type: 'confirm.accept' })
    actor.send({ type: 'privacy.toggle' })
    await settle()
    expect(actor.getSnapshot().value).toBe('deleted')
    expect(emitted).toEqual([
      { type: 'notify.error', text: 'Wait for the current repository action to finish.' },
      { type: 'notify.success', text: 'Repository deleted.' },
      { type: 'project.patch', patch: { githubRepo: null } },
    ])
  })

  it.each<[string, ProjectRepositoryEvent]>([
    ['privacy', { type: 'privacy.toggle' }],
    ['add', { type: 'collaborator.add' }],
  ])('a cancelled step-up of %s goes back to idle with no red line and no reload', async (name, event) => {
    const { actor, calls, emitted } = start({ [name]: new StepUpCancelled() })
    await settle()
    actor.send({ type: 'form.change', patch: { username: 'outsider' } })
    actor.send(event)
    await settle()
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ error: null, form: { username: 'outsider' } })
    expect(calls.map(([n]) => n)).toEqual(['load', name])
    expect(emitted).toEqual([])
  })

  it("a failed delete reads 'Delete failed: {reason}'", async () => {
    const { actor } = start({ delete: new ApiError(409, 'Repository is busy') })
    await settle()
    actor.send({ type: 'repository.delete' })
    actor.send({ type: 'confirm.accept' })
    await settle()
    expect(actor.getSnapshot().context.error).toBe('Delete failed: Repository is busy')
  })
})
