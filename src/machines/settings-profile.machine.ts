/**
 * Settings → Profile Settings (SPEC.md 2 "/settings", 5, 8): the draft is checked first with no
 * request; the save goes through the step-up gate because a new e-mail needs a fresh OTP (decision
 * 010). A 409 is a field error under Email Address. States: docs/machines/settingsProfile.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { ApiError } from '../api/client'
import type { Admin } from '../api/schemas/auth'
import { updateProfile } from '../api/settings'
import { accountFailure, profileProblems, type ProfileDraft, type ProfileFieldErrors } from './settings.form'
import { isStepUpCancelled, withStepUp } from './shared/step-up-gate'

export interface SettingsProfileContext {
  draft: ProfileDraft
  fieldErrors: ProfileFieldErrors
  /** The banner's text (its colour follows bannerTone), or null. */
  banner: string | null
}

export type SettingsProfileEvent =
  { type: 'profile.change'; patch: Partial<ProfileDraft> } | { type: 'profile.save' } | { type: 'banner.dismiss' }

export type SettingsProfileEmitted = { type: 'admin.updated'; admin: Admin }

const draftOf = (admin: Admin): ProfileDraft => ({ name: admin.name, email: admin.email, phone: admin.phone })

export const settingsProfileMachine = setup({
  types: {
    context: {} as SettingsProfileContext,
    events: {} as SettingsProfileEvent,
    emitted: {} as SettingsProfileEmitted,
    input: {} as { admin: Admin },
  },
  actors: {
    saveProfile: fromPromise<{ admin: Admin; message: string }, ProfileDraft>(({ input }) =>
      withStepUp(() => updateProfile(input)),
    ),
  },
  actions: {
    applyPatch: assign({
      draft: ({ context }, params: { patch: Partial<ProfileDraft> }) => ({ ...context.draft, ...params.patch }),
      fieldErrors: ({ context }, params: { patch: Partial<ProfileDraft> }) =>
        Object.fromEntries(Object.entries(context.fieldErrors).filter(([key]) => !(key in params.patch))),
    }),
    assignProblems: assign({ fieldErrors: ({ context }) => profileProblems(context.draft), banner: null }),
    clearFeedback: assign({ fieldErrors: {}, banner: null }),
    clearBanner: assign({ banner: null }),
    assignSaved: assign((_, params: { admin: Admin; message: string }) => ({
      draft: draftOf(params.admin),
      fieldErrors: {},
      banner: params.message,
    })),
    emitSaved: emit((_, params: { admin: Admin }) => ({ type: 'admin.updated' as const, admin: params.admin })),
    assignEmailTaken: assign({
      fieldErrors: (_, params: { error: unknown }) => ({ email: (params.error as ApiError).message }),
    }),
    assignFailure: assign({
      banner: (_, params: { error: unknown }) =>
        accountFailure(params.error, 'Failed to update profile', 'An error occurred while updating profile'),
    }),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(profileProblems(context.draft)).length === 0,
    wasCancelled: (_, params: { error: unknown }) => isStepUpCancelled(params.error),
    isEmailTaken: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 409,
  },
}).createMachine({
  id: 'settingsProfile',
  context: ({ input }) => ({ draft: draftOf(input.admin), fieldErrors: {}, banner: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'profile.change': { actions: { type: 'applyPatch', params: ({ event }) => ({ patch: event.patch }) } },
        'profile.save': [{ guard: 'isDraftValid', target: 'saving' }, { actions: 'assignProblems' }],
        'banner.dismiss': { actions: 'clearBanner' },
      },
    },
    saving: {
      entry: 'clearFeedback',
      invoke: {
        src: 'saveProfile',
        id: 'saveProfile',
        input: ({ context }) => ({
          name: context.draft.name.trim(),
          email: context.draft.email.trim(),
          phone: context.draft.phone.trim(),
        }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'assignSaved', params: ({ event }) => event.output },
            { type: 'emitSaved', params: ({ event }) => event.output },
          ],
        },
        onError: [
          { guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'editing' },
          {
            guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'assignEmailTaken', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
})
