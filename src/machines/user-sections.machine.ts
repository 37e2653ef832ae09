/**
 * User detail (SPEC.md 2 "User detail", 7 PUT /api/users/{id}, 8): one group of the contract
 * edited at a time, status changes and the audited reveal of the bank account number. Saves and the
 * reveal go through the step-up gate; a cancelled dialog changes nothing and says nothing. Writes
 * send the version the page loaded (If-Match); a save refused as stale refetches the user and
 * merges the form by field, as the project detail does (decision 042): at once when no field
 * conflicts, else in `conflict` until Keep mine / Take theirs. States: docs/machines/userSections.mmd.
 */
import { assign, emit, fromPromise, not, setup } from 'xstate'
import { withReason } from '../api/error-text'
import { hasErrors, serverFieldErrors, type FieldErrors } from '../api/field-errors'
import type { UserDetail, UserUpdateGroup } from '../api/schemas/users'
import { fetchUser, revealBankAccount, setUserStatus, updateUser } from '../api/users'
import { fieldWords, mergeEdits } from '../domain/merge-edits'
import { isVersionConflict } from './shared/section-conflict.rules'
import { staleSaveFailure, staleSaveRules, staleSaveStates, type StaleSaveContext } from './shared/stale-save'
import { isStepUpCancelled, withStepUp } from './shared/step-up-gate'
import { initialUserDraft, userSectionBody, userSectionErrors, type UserDraft } from './user-sections.form'

export interface UserSectionsContext extends StaleSaveContext<UserDetail> {
  user: UserDetail
  section: UserUpdateGroup | null
  draft: UserDraft
  /** The refusal that names no field of the open section (shown as the section's alert). */
  error: string | null
  /** The open section's messages by draft field (the contract's before Save, the server's after); `form` mirrors `error`. */
  fieldErrors: FieldErrors
  /** The full bank account number once revealed, else null (the page shows the masked one). */
  revealed: string | null
}

export type UserSectionsEvent =
  | { type: 'section.edit'; section: UserUpdateGroup }
  | { type: 'draft.change'; patch: UserDraft }
  | { type: 'section.cancel' }
  | { type: 'section.save' }
  | { type: 'user.refresh'; user: UserDetail }
  | { type: 'user.toggleActive' }
  | { type: 'account.reveal' }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.takeTheirs' }

export type UserSectionsEmitted =
  | { type: 'user.saved'; user: UserDetail }
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }

const invalidOf = (c: UserSectionsContext): FieldErrors =>
  c.section ? userSectionErrors(c.section, c.draft, c.user) : { form: 'No section is open' }
/** Both error fields of the context from errors by field. */
const showErrors = (fieldErrors: FieldErrors) => ({ fieldErrors, error: fieldErrors.form ?? null })
const bodyOf = (c: UserSectionsContext) => (c.section ? userSectionBody(c.section, c.draft, c.user) : null)
/** A field's label in notices and the conflict bar. */
export const userFieldLabel = (field: string) => fieldWords(field)
/** The stale-save flow's rules for a group of the user (decision 042, shared/stale-save.ts). */
const stale = staleSaveRules<UserSectionsContext, UserDetail>({
  name: 'userSections',
  merge: (c, theirs) =>
    c.section
      ? mergeEdits(initialUserDraft(c.section, c.user), initialUserDraft(c.section, theirs), c.draft)
      : mergeEdits({}, {}, {}),
  rebase: (_, theirs, values) => ({ user: theirs, draft: values as UserDraft }),
  label: userFieldLabel,
})
const saveInput = (c: UserSectionsContext) => ({ id: c.user._id, body: bodyOf(c) ?? {}, version: c.user.updatedAt })

const states = staleSaveStates({
  save: { src: 'saveUser', input: ({ context }: { context: UserSectionsContext }) => saveInput(context) },
  refetch: { src: 'fetchUser', input: ({ context }: { context: UserSectionsContext }) => ({ id: context.user._id }) },
  editing: 'editing',
  saved: {
    target: 'viewing',
    actions: [
      { type: 'assignUser', params: ({ event }: { event: { output: UserDetail } }) => ({ user: event.output }) },
      'forgetRevealedIfBank',
      'notifyNotice',
      'closeSection',
      { type: 'announceSaved', params: ({ event }: { event: { output: UserDetail } }) => ({ user: event.output }) },
    ],
  },
  // A cancelled step-up dialog changes nothing and says nothing.
  beforeFailure: [
    {
      guard: { type: 'wasCancelled', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      target: 'editing',
    },
  ],
})

export const userSectionsMachine = setup({
  types: {
    context: {} as UserSectionsContext,
    events: {} as UserSectionsEvent,
    emitted: {} as UserSectionsEmitted,
    input: {} as { user: UserDetail },
  },
  actors: {
    saveUser: fromPromise<UserDetail, { id: string; body: Record<string, unknown>; version: string }>(({ input }) =>
      withStepUp(() => updateUser(input.id, input.body, input.version)),
    ),
    setStatus: fromPromise<UserDetail, { id: string; status: 'active' | 'inactive'; version: string }>(({ input }) =>
      withStepUp(() => setUserStatus(input.id, input.status, input.version)),
    ),
    fetchUser: fromPromise<UserDetail, { id: string }>(({ input }) => fetchUser(input.id)),
    revealAccount: fromPromise<string, { id: string }>(({ input }) => withStepUp(() => revealBankAccount(input.id))),
  },
  actions: {
    assignUser: assign({ user: (_, params: { user: UserDetail }) => params.user }),
    openSection: assign(({ context }, params: { section: UserUpdateGroup }) => ({
      section: params.section,
      draft: initialUserDraft(params.section, context.user),
      error: null,
      fieldErrors: {},
    })),
    /** A changed field drops its own message; the others stay until the next Save. */
    changeDraft: assign(({ context }, params: { patch: UserDraft }) => ({
      draft: { ...context.draft, ...params.patch },
      fieldErrors: Object.fromEntries(
        Object.entries(context.fieldErrors).filter(([field]) => !(field in params.patch)),
      ) as FieldErrors,
    })),
    closeSection: assign({
      section: null,
      draft: {},
      error: null,
      fieldErrors: {},
      changes: [],
      conflict: null,
      notice: null,
    }),
    keepChanges: assign((_, params: { error: unknown }) => stale.keepChanges(params.error)),
    holdConflict: assign(({ context }, params: { theirs: UserDetail }) => stale.holdConflict(context, params.theirs)),
    adoptMerge: assign(({ context }) => stale.adoptMerge(context)),
    keepMine: assign(({ context }) => stale.keepMine(context)),
    takeTheirs: assign(({ context }) => stale.takeTheirs(context)),
    showTheirs: assign({ user: ({ context }) => stale.theirs(context) }),
    notifyNotice: emit(({ context }) => ({ type: 'notify.success' as const, text: context.notice ?? 'Saved' })),
    showInvalid: assign(({ context }) => showErrors(invalidOf(context))),
    showSaveError: assign(({ context }, params: { error: unknown }) =>
      showErrors(serverFieldErrors(params.error, Object.keys(context.draft), 'Failed to save')),
    ),
    /** A bank-details save may change the number: the revealed one is no longer known. */
    forgetRevealedIfBank: assign({
      revealed: ({ context }) => (context.section === 'bankDetails' ? null : context.revealed),
    }),
    keepRevealed: assign({ revealed: (_, params: { accountNumber: string }) => params.accountNumber }),
    announceSaved: emit((_, params: { user: UserDetail }) => ({ type: 'user.saved' as const, user: params.user })),
    notifySuccess: emit((_, params: { text: string }) => ({ type: 'notify.success' as const, text: params.text })),
    notifyError: emit((_, params: { text: string }) => ({ type: 'notify.error' as const, text: params.text })),
  },
  guards: {
    isDraftValid: ({ context }) => !hasErrors(invalidOf(context)),
    isUnchanged: ({ context }) => bodyOf(context) === null,
    wasCancelled: (_, params: { error: unknown }) => isStepUpCancelled(params.error),
    isStale: (_, params: { error: unknown }) => isVersionConflict(params.error),
    hasFieldConflicts: ({ context }, params: { theirs: UserDetail }) => stale.hasFieldConflicts(context, params.theirs),
  },
}).createMachine({
  id: 'userSections',
  context: ({ input }) => ({
    user: input.user,
    section: null,
    draft: {},
    error: null,
    fieldErrors: {},
    revealed: null,
    changes: [],
    conflict: null,
    notice: null,
  }),
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'section.edit': {
          target: 'editing',
          actions: { type: 'openSection', params: ({ event }) => ({ section: event.section }) },
        },
        'user.refresh': { actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) } },
        'user.toggleActive': 'togglingActive',
        'account.reveal': 'revealing',
      },
    },
    editing: {
      on: {
        'draft.change': { actions: { type: 'changeDraft', params: ({ event }) => ({ patch: event.patch }) } },
        'section.cancel': { target: 'viewing', actions: 'closeSection' },
        'section.save': [
          { guard: not('isDraftValid'), actions: 'showInvalid' },
          { guard: 'isUnchanged', target: 'viewing', actions: 'closeSection' },
          { target: 'saving' },
        ],
        // While a section is open the user it was loaded from stays its base: a newer copy would
        // make Save write the form's stale values over fields another admin changed. Save finds the
        // newer version (409) and merges with it instead.
      },
    },
    saving: {
      invoke: {
        src: 'saveUser',
        id: 'saveUser',
        input: ({ context }) => saveInput(context),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            'forgetRevealedIfBank',
            'closeSection',
            { type: 'announceSaved', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: [
          { guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'editing' },
          staleSaveFailure,
          { target: 'editing', actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ...states,
    conflict: {
      on: {
        ...states.conflict.on,
        'section.cancel': {
          target: 'viewing',
          actions: [
            'showTheirs',
            'closeSection',
            { type: 'announceSaved', params: ({ context }) => ({ user: context.user }) },
          ],
        },
      },
    },
    togglingActive: {
      invoke: {
        src: 'setStatus',
        id: 'setStatus',
        input: ({ context }) => ({
          id: context.user._id,
          status: context.user.isActive ? ('inactive' as const) : ('active' as const),
          version: context.user.updatedAt,
        }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'announceSaved', params: ({ event }) => ({ user: event.output }) },
            {
              type: 'notifySuccess',
              params: ({ event }) => ({
                text: event.output.isActive ? 'User activated successfully' : 'User deactivated successfully',
              }),
            },
          ],
        },
        onError: [
          { guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'viewing' },
          {
            target: 'viewing',
            actions: {
              type: 'notifyError',
              params: ({ event }) => ({ text: withReason('Failed to update user status', event.error) }),
            },
          },
        ],
      },
    },
    revealing: {
      invoke: {
        src: 'revealAccount',
        id: 'revealAccount',
        input: ({ context }) => ({ id: context.user._id }),
        onDone: {
          target: 'viewing',
          actions: { type: 'keepRevealed', params: ({ event }) => ({ accountNumber: event.output }) },
        },
        onError: [
          { guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'viewing' },
          {
            target: 'viewing',
            actions: {
              type: 'notifyError',
              params: ({ event }) => ({ text: withReason('Failed to reveal the account number', event.error) }),
            },
          },
        ],
      },
    },
  },
})
