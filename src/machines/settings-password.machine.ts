/**
 * Settings → Change Password (SPEC.md 2 "/settings", 5, 8): SPEC.md 5's checks run first with
 * no request; Current Password is asked only when the admin has one. A sensitive action: the
 * step-up dialog may ask for a code, and cancelling it keeps the typed fields.
 * States: docs/machines/settingsPassword.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { changePassword } from '../api/settings'
import { accountFailure, passwordProblem, type PasswordDraft } from './settings.form'
import { isStepUpCancelled, withStepUp } from './shared/step-up-gate'

/** The password inputs with a show/hide toggle (SPEC.md 2: all but Confirm New Password). */
export type PasswordVisibility = 'current' | 'next'

export interface SettingsPasswordContext {
  draft: PasswordDraft
  hasPassword: boolean
  visible: Record<PasswordVisibility, boolean>
  banner: string | null
}

export type SettingsPasswordEvent =
  | { type: 'password.change'; patch: Partial<PasswordDraft> }
  | { type: 'password.toggleVisibility'; field: PasswordVisibility }
  | { type: 'password.submit' }
  | { type: 'banner.dismiss' }

export type SettingsPasswordEmitted = { type: 'password.changed' }

const EMPTY: PasswordDraft = { current: '', next: '', confirm: '' }
const HIDDEN = { current: false, next: false }

export const settingsPasswordMachine = setup({
  types: {
    context: {} as SettingsPasswordContext,
    events: {} as SettingsPasswordEvent,
    emitted: {} as SettingsPasswordEmitted,
    input: {} as { hasPassword: boolean },
  },
  actors: {
    submitPassword: fromPromise<string, { currentPassword: string; newPassword: string }>(({ input }) =>
      withStepUp(() => changePassword(input)),
    ),
  },
  actions: {
    applyPatch: assign({
      draft: ({ context }, params: { patch: Partial<PasswordDraft> }) => ({ ...context.draft, ...params.patch }),
    }),
    toggleVisibility: assign({
      visible: ({ context }, params: { field: PasswordVisibility }) => ({
        ...context.visible,
        [params.field]: !context.visible[params.field],
      }),
    }),
    assignProblem: assign({ banner: ({ context }) => passwordProblem(context.draft, context.hasPassword) }),
    clearBanner: assign({ banner: null }),
    assignChanged: assign((_, params: { message: string }) => ({
      draft: EMPTY,
      visible: HIDDEN,
      hasPassword: true,
      banner: params.message,
    })),
    emitChanged: emit({ type: 'password.changed' as const }),
    assignFailure: assign({
      banner: (_, params: { error: unknown }) =>
        accountFailure(params.error, 'Failed to change password', 'An error occurred while changing password'),
    }),
  },
  guards: {
    isDraftValid: ({ context }) => passwordProblem(context.draft, context.hasPassword) === null,
    wasCancelled: (_, params: { error: unknown }) => isStepUpCancelled(params.error),
  },
}).createMachine({
  id: 'settingsPassword',
  context: ({ input }) => ({ draft: EMPTY, hasPassword: input.hasPassword, visible: HIDDEN, banner: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.change': { actions: { type: 'applyPatch', params: ({ event }) => ({ patch: event.patch }) } },
        'password.toggleVisibility': {
          actions: { type: 'toggleVisibility', params: ({ event }) => ({ field: event.field }) },
        },
        'password.submit': [{ guard: 'isDraftValid', target: 'changing' }, { actions: 'assignProblem' }],
        'banner.dismiss': { actions: 'clearBanner' },
      },
    },
    changing: {
      entry: 'clearBanner',
      invoke: {
        src: 'submitPassword',
        id: 'submitPassword',
        input: ({ context }) => ({
          currentPassword: context.hasPassword ? context.draft.current : '',
          newPassword: context.draft.next,
        }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'assignChanged', params: ({ event }) => ({ message: event.output }) }, 'emitChanged'],
        },
        onError: [
          { guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'editing' },
          { target: 'editing', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
})
