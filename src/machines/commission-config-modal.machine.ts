/**
 * The commission configuration form (SPEC.md 2 "Commission Management", 4, 5 "Commission", 8):
 * create (a project's or the default) or edit; Save runs only when the draft passes the contract's
 * bounds and the rates sum to 100 %; closing a changed draft asks first. The Default Config tab runs
 * a second actor of it inline. An edit refused as stale (409, decision 042) refetches the
 * configuration and merges the form with it by field (shared/stale-save.ts): saved at once when no
 * field conflicts, else held in `conflict` until Keep mine / Take theirs; closing it then drops my
 * edits. States: docs/machines/commissionConfigModal.mmd.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import {
  createCommissionConfig,
  fetchCommissionConfig,
  saveDefaultCommissionConfig,
  updateCommissionConfig,
} from '../api/commission'
import { mergeEdits } from '../domain/merge-edits'
import { isVersionConflict } from './shared/section-conflict.rules'
import { staleSaveFailure, staleSaveRules, staleSaveStates, type StaleSaveContext } from './shared/stale-save'
import { withStepUp } from './shared/step-up-gate'
import type { CommissionConfig, CommissionConfigUpdateInput, NoReferralDistribution } from '../api/schemas/commission'
import {
  commissionFieldLabel,
  configBody,
  defaultDraft,
  draftOf,
  draftOfValues,
  draftValues,
  sameDraft,
  saveBlocker,
  type CommissionDraft,
  type CommissionFormErrors,
  type PercentField,
  type PickedProject,
} from './commission-config.form'

/** SPEC.md 9 has no example amount; the preview starts at ₹10,000 unless a project with a price is picked. */
export const PREVIEW_DEFAULT_RUPEES = '10000'

/** What a save sends: a new project configuration, the default (created or updated), or a stored configuration's update. */
export type CommissionSaveRequest =
  | { kind: 'createProject'; projectId: string; body: CommissionConfigUpdateInput }
  /** `version`: the edited configuration's updatedAt as opened (If-Match), absent when creating. */
  | { kind: 'saveDefault'; body: CommissionConfigUpdateInput; version?: string }
  | { kind: 'update'; id: string; body: CommissionConfigUpdateInput; version?: string }

export interface CommissionPreview {
  /** The example order amount as typed, rupees. */
  amount: string
  withCustomization: boolean
  withInstallation: boolean
}

export interface CommissionModalContext extends StaleSaveContext<CommissionConfig> {
  mode: 'create' | 'edit'
  /** Whether the form is the default configuration's. */
  isDefault: boolean
  /** The stored configuration being edited (edit mode). */
  configId: string | null
  /** Its version as opened (updatedAt; edit mode), sent back with the save. */
  version: string | null
  /** The stored configuration the form is based on (edit mode): the merge's base after a stale save. */
  base: CommissionConfig | null
  /** The edited configuration's project title (edit mode; null for the default). */
  title: string | null
  draft: CommissionDraft
  /** The draft as opened: a different draft is a change worth asking about. */
  initial: CommissionDraft
  errors: CommissionFormErrors
  preview: CommissionPreview
}

export type CommissionModalEvent =
  | { type: 'modal.create' }
  | { type: 'modal.createDefault' }
  | { type: 'modal.edit'; config: CommissionConfig }
  | { type: 'field.change'; field: PercentField; value: string }
  | { type: 'distribution.set'; value: NoReferralDistribution }
  | { type: 'notes.change'; value: string }
  | { type: 'active.toggle' }
  | { type: 'project.pick'; project: PickedProject }
  | { type: 'preview.amount'; value: string }
  | { type: 'preview.toggle'; addOn: 'customization' | 'installation' }
  | { type: 'form.save' }
  | { type: 'form.reset' }
  | { type: 'modal.close' }
  | { type: 'discard.confirm' }
  | { type: 'discard.cancel' }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.takeTheirs' }

export type CommissionModalEmitted =
  /** `notice`: what a stale save merged or wrote over (decision 042), absent for a plain save. */
  | { type: 'commission.saved'; config: CommissionConfig; created: boolean; notice?: string }
  /** The modal was closed on a conflict: the configuration changed and nothing of mine was written. */
  | { type: 'commission.stale'; config: CommissionConfig }

const PREVIEW: CommissionPreview = { amount: PREVIEW_DEFAULT_RUPEES, withCustomization: false, withInstallation: false }

function opened(
  mode: 'create' | 'edit',
  isDefault: boolean,
  draft: CommissionDraft,
  config?: CommissionConfig,
): Partial<CommissionModalContext> {
  return {
    mode,
    isDefault,
    configId: config?._id ?? null,
    version: config?.updatedAt ?? null,
    base: config ?? null,
    title: config?.project?.title ?? null,
    draft,
    initial: draft,
    errors: {},
    preview: PREVIEW,
    changes: [],
    conflict: null,
    notice: null,
  }
}

/** The stale-save flow's rules for the form (decision 042, shared/stale-save.ts). */
const stale = staleSaveRules<CommissionModalContext, CommissionConfig>({
  name: 'commissionConfigModal',
  merge: (c, theirs) =>
    mergeEdits(c.base ? draftValues(draftOf(c.base)) : {}, draftValues(draftOf(theirs)), draftValues(c.draft)),
  // Based on theirs from now on: Save sends their version, and their values are what "unchanged" means.
  rebase: (c, theirs, values) => ({
    base: theirs,
    version: theirs.updatedAt,
    draft: draftOfValues(values, c.draft.project),
    initial: draftOf(theirs),
  }),
  label: commissionFieldLabel,
})

/** The refetch of the configuration being edited after a stale save. */
const fetchInput = (c: CommissionModalContext) => {
  if (!c.configId) throw new Error('commissionConfigModal: no stored configuration is being edited')
  return { id: c.configId }
}

/** The request `context` saves (the guard has checked it can be saved). */
export function saveRequest(context: CommissionModalContext): CommissionSaveRequest {
  const body = configBody(context.draft)
  const version = context.mode === 'edit' && context.version ? { version: context.version } : {}
  if (context.mode === 'edit' && context.configId) return { kind: 'update', id: context.configId, body, ...version }
  if (context.isDefault) return { kind: 'saveDefault', body, ...version }
  return { kind: 'createProject', projectId: context.draft.project?._id ?? '', body }
}

/** Why the form cannot be saved (null: it can): saveBlocker with a project needed when creating a project's configuration. */
export const modalSaveBlocker = (c: CommissionModalContext) => saveBlocker(c.draft, c.mode === 'create' && !c.isDefault)

/** The events of both editing states (create and edit). */
const editing = {
  'field.change': { actions: 'changeField' },
  'distribution.set': { actions: 'setDistribution' },
  'notes.change': { actions: 'changeNotes' },
  'active.toggle': { actions: 'toggleActive' },
  'preview.amount': { actions: 'setPreviewAmount' },
  'preview.toggle': { actions: 'togglePreviewAddOn' },
  'form.reset': { actions: 'resetDraft' },
  'form.save': { guard: 'canSave', target: 'saving', actions: 'clearErrors' },
  'modal.close': [{ guard: 'isDirty', target: 'discarding' }, { target: 'closed' }],
} as const

const staleStates = staleSaveStates({
  save: { src: 'saveConfig', input: ({ context }: { context: CommissionModalContext }) => saveRequest(context) },
  refetch: { src: 'fetchConfig', input: ({ context }: { context: CommissionModalContext }) => fetchInput(context) },
  editing: 'edit',
  saved: {
    target: 'closed',
    actions: {
      type: 'announceSaved',
      params: ({ context, event }: { context: CommissionModalContext; event: { output: CommissionConfig } }) => ({
        config: event.output,
        created: false,
        notice: context.notice ?? undefined,
      }),
    },
  },
  beforeFailure: [],
})

export const commissionConfigModalMachine = setup({
  types: {
    context: {} as CommissionModalContext,
    events: {} as CommissionModalEvent,
    emitted: {} as CommissionModalEmitted,
  },
  actors: {
    // Commission changes are sensitive (decision 010): a stale OTP proof asks for a fresh code first.
    saveConfig: fromPromise<CommissionConfig, CommissionSaveRequest>(({ input }) =>
      withStepUp(() =>
        input.kind === 'createProject'
          ? createCommissionConfig({ projectId: input.projectId, ...input.body })
          : input.kind === 'saveDefault'
            ? saveDefaultCommissionConfig(input.body, input.version)
            : updateCommissionConfig(input.id, input.body, input.version),
      ),
    ),
    fetchConfig: fromPromise<CommissionConfig, { id: string }>(({ input, signal }) =>
      fetchCommissionConfig(input.id, signal),
    ),
  },
  actions: {
    openCreate: assign(() => opened('create', false, defaultDraft())),
    openCreateDefault: assign(() => opened('create', true, defaultDraft())),
    openEdit: assign(({ event }) => {
      assertEvent(event, 'modal.edit')
      return opened('edit', event.config.isDefault, draftOf(event.config), event.config)
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      return { draft: { ...context.draft, rates: { ...context.draft.rates, [event.field]: event.value } }, errors: {} }
    }),
    setDistribution: assign(({ context, event }) => {
      assertEvent(event, 'distribution.set')
      return { draft: { ...context.draft, noReferralDistribution: event.value }, errors: {} }
    }),
    changeNotes: assign(({ context, event }) => {
      assertEvent(event, 'notes.change')
      return { draft: { ...context.draft, notes: event.value }, errors: {} }
    }),
    toggleActive: assign(({ context }) => ({
      draft: { ...context.draft, isActive: !context.draft.isActive },
      errors: {},
    })),
    pickProject: assign(({ context, event }) => {
      assertEvent(event, 'project.pick')
      // The picked project's price is the natural example order (a free project keeps the amount).
      const amount = event.project.price > 0 ? String(event.project.price) : context.preview.amount
      return {
        draft: { ...context.draft, project: event.project },
        errors: {},
        preview: { ...context.preview, amount },
      }
    }),
    setPreviewAmount: assign(({ context, event }) => {
      assertEvent(event, 'preview.amount')
      return { preview: { ...context.preview, amount: event.value } }
    }),
    togglePreviewAddOn: assign(({ context, event }) => {
      assertEvent(event, 'preview.toggle')
      const key = event.addOn === 'customization' ? 'withCustomization' : 'withInstallation'
      return { preview: { ...context.preview, [key]: !context.preview[key] } }
    }),
    resetDraft: assign(({ context }) => ({ draft: context.initial, errors: {} })),
    clearErrors: assign({ errors: {} }),
    showSaveError: assign({
      errors: (_, params: { error: unknown }) => ({ form: errorText(params.error, 'Failed to save configuration') }),
    }),
    announceSaved: emit((_, params: { config: CommissionConfig; created: boolean; notice?: string }) => ({
      type: 'commission.saved' as const,
      ...params,
    })),
    keepChanges: assign((_, params: { error: unknown }) => stale.keepChanges(params.error)),
    holdConflict: assign(({ context }, params: { theirs: CommissionConfig }) =>
      stale.holdConflict(context, params.theirs),
    ),
    adoptMerge: assign(({ context }) => stale.adoptMerge(context)),
    keepMine: assign(({ context }) => stale.keepMine(context)),
    takeTheirs: assign(({ context }) => stale.takeTheirs(context)),
    announceStale: emit(({ context }) => ({ type: 'commission.stale' as const, config: stale.theirs(context) })),
  },
  guards: {
    canSave: ({ context }) => modalSaveBlocker(context) === null,
    isDirty: ({ context }) => !sameDraft(context.draft, context.initial),
    isCreate: ({ context }) => context.mode === 'create',
    isEdit: ({ context }) => context.mode === 'edit',
    isStale: (_, params: { error: unknown }) => isVersionConflict(params.error),
    hasFieldConflicts: ({ context }, params: { theirs: CommissionConfig }) =>
      stale.hasFieldConflicts(context, params.theirs),
  },
}).createMachine({
  id: 'commissionConfigModal',
  context: {
    mode: 'create',
    isDefault: false,
    configId: null,
    version: null,
    base: null,
    title: null,
    draft: defaultDraft(),
    initial: defaultDraft(),
    errors: {},
    preview: PREVIEW,
    changes: [],
    conflict: null,
    notice: null,
  },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'modal.create': { target: 'create', actions: 'openCreate' },
        'modal.createDefault': { target: 'create', actions: 'openCreateDefault' },
        'modal.edit': { target: 'edit', actions: 'openEdit' },
      },
    },
    create: {
      on: { ...editing, 'project.pick': { actions: 'pickProject' } },
    },
    edit: {
      // The Default Config tab's form takes the stored default again after a save or a refetch.
      on: { ...editing, 'modal.edit': { actions: 'openEdit' } },
    },
    saving: {
      invoke: {
        src: 'saveConfig',
        id: 'saveConfig',
        input: ({ context }) => saveRequest(context),
        onDone: {
          target: 'closed',
          actions: {
            type: 'announceSaved',
            params: ({ context, event }) => ({ config: event.output, created: context.mode === 'create' }),
          },
        },
        onError: [
          staleSaveFailure,
          {
            guard: 'isCreate',
            target: 'create',
            actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'edit', actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ...staleStates,
    conflict: {
      on: {
        ...staleStates.conflict.on,
        // Closing drops my edits: the page shows the configuration as the other admin left it.
        'modal.close': { target: 'closed', actions: 'announceStale' },
      },
    },
    discarding: {
      on: {
        'discard.confirm': 'closed',
        'discard.cancel': [{ guard: 'isCreate', target: 'create' }, { target: 'edit' }],
      },
    },
  },
})
