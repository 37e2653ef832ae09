/**
 * The commission configuration form (SPEC.md 2 "Commission Management", 4, 5 "Commission", 8):
 * create (a project's or the default) or edit; Save runs only when the draft passes the contract's
 * bounds and the rates sum to 100 %; closing a changed draft asks first. The Default Config tab runs
 * a second actor of it inline. States: docs/machines/commissionConfigModal.mmd.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import { createCommissionConfig, saveDefaultCommissionConfig, updateCommissionConfig } from '../api/commission'
import { withStepUp } from './shared/step-up-gate'
import type { CommissionConfig, CommissionConfigUpdateInput, NoReferralDistribution } from '../api/schemas/commission'
import {
  configBody,
  defaultDraft,
  draftOf,
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

export interface CommissionModalContext {
  mode: 'create' | 'edit'
  /** Whether the form is the default configuration's. */
  isDefault: boolean
  /** The stored configuration being edited (edit mode). */
  configId: string | null
  /** Its version as opened (updatedAt; edit mode), sent back with the save. */
  version: string | null
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

export type CommissionModalEmitted = { type: 'commission.saved'; config: CommissionConfig; created: boolean }

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
    title: config?.project?.title ?? null,
    draft,
    initial: draft,
    errors: {},
    preview: PREVIEW,
  }
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
    announceSaved: emit((_, params: { config: CommissionConfig; created: boolean }) => ({
      type: 'commission.saved' as const,
      ...params,
    })),
  },
  guards: {
    canSave: ({ context }) => modalSaveBlocker(context) === null,
    isDirty: ({ context }) => !sameDraft(context.draft, context.initial),
    isCreate: ({ context }) => context.mode === 'create',
    isEdit: ({ context }) => context.mode === 'edit',
  },
}).createMachine({
  id: 'commissionConfigModal',
  context: {
    mode: 'create',
    isDefault: false,
    configId: null,
    version: null,
    title: null,
    draft: defaultDraft(),
    initial: defaultDraft(),
    errors: {},
    preview: PREVIEW,
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
          {
            guard: 'isCreate',
            target: 'create',
            actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'edit', actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) } },
        ],
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
