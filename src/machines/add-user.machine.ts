/**
 * The Add User dialog (SPEC.md 2 "Users list"; DESIGN.md 'Add User' creates a user):
 * closed → editing → submitting → created | editing with the server's messages. Submitting a
 * draft the contract refuses stays in editing with its messages and sends nothing. After a
 * creation the dialog offers to open the new user or add another; `users.changed` (refetch
 * the list and stats) and `user.open` are emitted for the view.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import type { UserDetail } from '../api/schemas/users'
import { createUser } from '../api/users'
import { isStepUpCancelled, withStepUp } from './shared/step-up-gate'
import {
  createUserBody,
  draftErrors,
  EMPTY_DRAFT,
  serverErrors,
  type AddUserDraft,
  type AddUserErrors,
  type AddUserFlag,
  type AddUserField,
} from './add-user.form'

export interface AddUserContext {
  draft: AddUserDraft
  errors: AddUserErrors
  /** The user the last submit created (state `created`). */
  created: UserDetail | null
}

export type AddUserEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'field.change'; field: AddUserField; value: string }
  | { type: 'flag.toggle'; flag: AddUserFlag }
  | { type: 'form.submit' }
  | { type: 'created.open' }
  | { type: 'created.another' }

export type AddUserEmitted = { type: 'users.changed' } | { type: 'user.open'; id: string }

function createdOf(c: AddUserContext): UserDetail {
  if (!c.created) throw new Error('addUser: nothing created')
  return c.created
}

export const addUserMachine = setup({
  types: { context: {} as AddUserContext, events: {} as AddUserEvent, emitted: {} as AddUserEmitted },
  // Creating an admin is a sensitive action: the server may ask for a fresh code (step-up-gate.ts).
  actors: {
    createUser: fromPromise<UserDetail, AddUserDraft>(({ input }) =>
      withStepUp(() => createUser(createUserBody(input))),
    ),
  },
  actions: {
    resetForm: assign({ draft: EMPTY_DRAFT, errors: {}, created: null }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      // Typing into a field clears its message (and a form-wide one) until the next submit.
      return {
        draft: { ...context.draft, [event.field]: event.value },
        errors: { ...context.errors, [event.field]: undefined, form: undefined },
      }
    }),
    toggleFlag: assign(({ context, event }) => {
      assertEvent(event, 'flag.toggle')
      return { draft: { ...context.draft, [event.flag]: !context.draft[event.flag] } }
    }),
    showDraftErrors: assign({ errors: ({ context }) => draftErrors(context.draft) }),
    clearErrors: assign({ errors: {} }),
    showServerErrors: assign({ errors: (_, params: { error: unknown }) => serverErrors(params.error) }),
    keepCreated: assign({ created: (_, params: { user: UserDetail }) => params.user }),
    announceChange: emit({ type: 'users.changed' as const }),
    openCreated: emit(({ context }) => ({ type: 'user.open' as const, id: createdOf(context)._id })),
  },
  guards: {
    draftValid: ({ context }) => Object.keys(draftErrors(context.draft)).length === 0,
    wasCancelled: (_, params: { error: unknown }) => isStepUpCancelled(params.error),
  },
}).createMachine({
  id: 'addUser',
  context: { draft: EMPTY_DRAFT, errors: {}, created: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': { target: 'editing', actions: 'resetForm' } },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'flag.toggle': { actions: 'toggleFlag' },
        'form.submit': [
          { guard: 'draftValid', target: 'submitting', actions: 'clearErrors' },
          { actions: 'showDraftErrors' },
        ],
        'dialog.close': 'closed',
      },
    },
    submitting: {
      invoke: {
        src: 'createUser',
        id: 'createUser',
        input: ({ context }) => context.draft,
        onDone: {
          target: 'created',
          actions: [{ type: 'keepCreated', params: ({ event }) => ({ user: event.output }) }, 'announceChange'],
        },
        onError: [
          { guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'editing' },
          { target: 'editing', actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    created: {
      on: {
        'created.open': { target: 'closed', actions: 'openCreated' },
        'created.another': { target: 'editing', actions: 'resetForm' },
        'dialog.close': 'closed',
      },
    },
  },
})
