/**
 * The repository panel on the detail page (SPEC.md 2, 5 "Repository", 7, 8): privacy,
 * collaborators, branches, the archive link and delete. The forms live in the context so commands
 * can submit them. States: docs/machines/projectRepository.mmd.
 */
import { assertEvent, assign, emit, setup } from 'xstate'
import { withReason } from '../api/error-text'
import type * as repo from '../api/repository'
import type { Project } from '../api/schemas/projects'
import { repositoryActors, type RepositoryData } from './project-repository.actors'
import { required } from './shared/required.rules'
import { isStepUpCancelled } from './shared/step-up-gate'

export type { RepositoryData }

/** The repository's name and loaded data, the collaborator and branch forms, and the red line. */
export interface ProjectRepositoryContext {
  name: string
  data: RepositoryData | null
  form: { username: string; permission: repo.Permission; branchName: string; baseBranch: string }
  /** The collaborator being removed. */
  removing: string | null
  error: string | null
}

/** Form edits, the panel's actions, confirmations, reload, dismiss. */
export type ProjectRepositoryEvent =
  | { type: 'form.change'; patch: Partial<ProjectRepositoryContext['form']> }
  | { type: 'privacy.toggle' }
  | { type: 'collaborator.add' }
  | { type: 'collaborator.remove'; username: string }
  | { type: 'branch.create' }
  | { type: 'archive.open' }
  | { type: 'repository.delete' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'repository.reload' }
  | { type: 'error.dismiss' }

/** Open the archive tab, toasts, the project without its repository. */
export type ProjectRepositoryEmitted =
  | { type: 'tab.open'; url: string }
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }
  | { type: 'project.patch'; patch: Partial<Project> }

const BUSY = 'Wait for the current repository action to finish.'
const refuse = (text: string) => ({ type: 'refuse' as const, params: { text } })
const setError = (text: string) => ({ type: 'setError' as const, params: { text } })
const failTo = (text: string) => ({ target: 'idle' as const, actions: setError(text) })
/** A step-up dialog the admin cancelled: nothing changed, nothing to say. */
const cancelledToIdle = {
  guard: {
    type: 'wasCancelled' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
  target: 'idle' as const,
}
type Form = ProjectRepositoryContext['form']

/** The repository panel of one project (input { name }). */
export const projectRepositoryMachine = setup({
  types: {
    context: {} as ProjectRepositoryContext,
    events: {} as ProjectRepositoryEvent,
    emitted: {} as ProjectRepositoryEmitted,
    input: {} as { name: string },
  },
  actors: repositoryActors,
  actions: {
    refuse: emit((_, params: { text: string }) => ({ type: 'notify.error' as const, text: params.text })),
    openTab: emit((_, params: { url: string }) => ({ type: 'tab.open' as const, url: params.url })),
    assignData: assign({ data: (_, params: { data: RepositoryData }) => params.data }),
    changeForm: assign({
      form: ({ context, event }) => (assertEvent(event, 'form.change'), { ...context.form, ...event.patch }),
    }),
    takeRemoval: assign({
      removing: ({ event }) => (assertEvent(event, 'collaborator.remove'), event.username),
      error: null,
    }),
    resetForm: assign({
      form: ({ context }, params: { fields: Partial<Form> }) => ({ ...context.form, ...params.fields }),
      removing: null,
    }),
    setError: assign({ error: (_, params: { text: string }) => params.text, removing: null }),
    setDeleteError: assign({ error: (_, params: { error: unknown }) => withReason('Delete failed', params.error) }),
    clearError: assign({ error: null }),
    announceDeleted: emit({ type: 'notify.success' as const, text: 'Repository deleted.' }),
    detachRepository: emit({ type: 'project.patch' as const, patch: { githubRepo: null } }),
  },
  guards: {
    noUsername: ({ context }) => !context.form.username.trim(),
    noBranchName: ({ context }) => !context.form.branchName.trim(),
    wasCancelled: (_, params: { error: unknown }) => isStepUpCancelled(params.error),
  },
}).createMachine({
  id: 'projectRepository',
  initial: 'loading',
  context: ({ input }) => ({
    name: input.name,
    data: null,
    removing: null,
    error: null,
    form: { username: '', permission: 'push', branchName: '', baseBranch: 'main' },
  }),
  on: {
    'form.change': { actions: 'changeForm' },
    'privacy.toggle': { actions: refuse(BUSY) },
    'collaborator.add': { actions: refuse(BUSY) },
    'collaborator.remove': { actions: refuse(BUSY) },
    'branch.create': { actions: refuse(BUSY) },
    'archive.open': { actions: refuse(BUSY) },
    'repository.delete': { actions: refuse(BUSY) },
    'confirm.accept': { actions: refuse(BUSY) },
    'confirm.cancel': { actions: refuse(BUSY) },
    'repository.reload': { actions: refuse(BUSY) },
    'error.dismiss': { actions: 'clearError' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadRepository',
        src: 'loadRepository',
        input: ({ context }) => ({ name: context.name }),
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) } },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'repository.reload': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'privacy.toggle': { target: 'togglingPrivacy', actions: 'clearError' },
            'collaborator.add': [
              { guard: 'noUsername', actions: setError('Username is required') },
              { target: 'addingCollaborator', actions: 'clearError' },
            ],
            'collaborator.remove': { target: 'removingCollaborator', actions: 'takeRemoval' },
            'branch.create': [
              { guard: 'noBranchName', actions: setError('Branch name is required') },
              { target: 'creatingBranch', actions: 'clearError' },
            ],
            'archive.open': { target: 'openingArchive', actions: 'clearError' },
            'repository.delete': 'confirmingDelete',
            'repository.reload': 'reloading',
            'confirm.accept': { actions: refuse('There is nothing to confirm.') },
            'confirm.cancel': {},
          },
        },
        togglingPrivacy: {
          invoke: {
            id: 'setPrivacy',
            src: 'setPrivacy',
            input: ({ context }) => ({
              name: context.name,
              private: !required(context.data, 'The repository').info.private,
            }),
            onDone: 'reloading',
            onError: [cancelledToIdle, failTo('Failed to update privacy')],
          },
        },
        addingCollaborator: {
          invoke: {
            id: 'addCollaborator',
            src: 'addCollaborator',
            input: ({ context }) => ({
              name: context.name,
              username: context.form.username.trim(),
              permission: context.form.permission,
            }),
            onDone: { target: 'reloading', actions: { type: 'resetForm', params: { fields: { username: '' } } } },
            onError: [cancelledToIdle, failTo('Failed to add collaborator')],
          },
        },
        removingCollaborator: {
          invoke: {
            id: 'removeCollaborator',
            src: 'removeCollaborator',
            input: ({ context }) => ({ name: context.name, username: required(context.removing, 'The collaborator') }),
            onDone: { target: 'reloading', actions: { type: 'resetForm', params: { fields: {} } } },
            onError: failTo('Failed to remove collaborator'),
          },
        },
        creatingBranch: {
          invoke: {
            id: 'createBranch',
            src: 'createBranch',
            input: ({ context }) => ({
              name: context.name,
              branchName: context.form.branchName.trim(),
              baseBranch: context.form.baseBranch.trim() || 'main',
            }),
            onDone: { target: 'reloading', actions: { type: 'resetForm', params: { fields: { branchName: '' } } } },
            onError: failTo('Failed to create branch'),
          },
        },
        openingArchive: {
          invoke: {
            id: 'fetchArchiveUrl',
            src: 'fetchArchiveUrl',
            input: ({ context }) => ({ name: context.name }),
            onDone: { target: 'idle', actions: { type: 'openTab', params: ({ event }) => ({ url: event.output }) } },
            onError: failTo('Failed to generate download link'),
          },
        },
        confirmingDelete: { on: { 'confirm.accept': 'deleting', 'confirm.cancel': 'idle' } },
        deleting: {
          invoke: {
            id: 'deleteRepository',
            src: 'deleteRepository',
            input: ({ context }) => ({ name: context.name }),
            onDone: { target: '#projectRepository.deleted', actions: ['announceDeleted', 'detachRepository'] },
            onError: {
              target: 'idle',
              actions: { type: 'setDeleteError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        reloading: {
          invoke: {
            id: 'reloadRepository',
            src: 'loadRepository',
            input: ({ context }) => ({ name: context.name }),
            onDone: {
              target: 'idle',
              actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) },
            },
            onError: failTo('Failed to load GitHub info'),
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
})
