/**
 * The commission configuration form's commands (SPEC.md 2, 5 "Commission"), for the
 * create/edit modal (published as `commissionModal` while open) and the Default Config tab's
 * inline form (`commissionDefaultForm`); the modal wins while it is open. Save (mod+Enter; Enter in
 * a field too) is disabled with the reason until the draft may be saved ('Total must equal 100%',
 * 'Please select a project', a bound); Cancel closes the modal (asking before discarding changes);
 * Reset restores the stored default; the Active checkbox, the no-referral distribution options,
 * the project picker's rows (the project is the `target`) and the preview's two add-on toggles.
 * A stale save waiting in `conflict` is settled by Keep mine (mod+Enter, the save key) or Take theirs
 * (mod+Shift+Enter) (decision 042; mod+… keys, as only those act in a modal, decision 018); Save is
 * hidden while it waits.
 */
import type { ActorRefFrom } from 'xstate'
import {
  NO_REFERRAL_DISTRIBUTION_LABELS,
  NO_REFERRAL_DISTRIBUTIONS,
  type CommissionProjectOption,
  type NoReferralDistribution,
} from '../api/schemas/commission'
import type { CommissionDraft } from '../machines/commission-config.form'
import type { CommissionPreview, commissionConfigModalMachine } from '../machines/commission-config-modal.machine'
import type { Command, CommandContext } from './registry'
import { conflictCommands } from './conflict.commands'

/** What a mounted commission form publishes. */
export interface CommissionFormHandle {
  actor: ActorRefFrom<typeof commissionConfigModalMachine>
  state: 'closed' | 'create' | 'edit' | 'saving' | 'refetching' | 'conflict' | 'merging' | 'discarding'
  mode: 'create' | 'edit'
  isDefault: boolean
  /** The inline Default Config form (no Cancel; Reset instead). */
  inline: boolean
  draft: CommissionDraft
  dirty: boolean
  /** Why Save cannot run (null: it can). */
  blocker: string | null
  preview: CommissionPreview
  /** The project picker's current results (create mode of a project configuration). */
  candidates: readonly CommissionProjectOption[]
}

declare module './registry' {
  interface ViewCommandContext {
    commissionModal?: CommissionFormHandle
    commissionDefaultForm?: CommissionFormHandle
  }
}

const GROUP = 'Commission configuration'
const form = (ctx: CommandContext) => ctx.view.commissionModal ?? ctx.view.commissionDefaultForm
// Open: the form shows (while the discard question is asked too, so the form behind it keeps its controls).
const editing = (ctx: CommandContext) => {
  const s = form(ctx)?.state
  return !!s && s !== 'closed'
}
const BUSY: ReadonlyArray<string> = ['saving', 'refetching', 'merging']
/** Whether a save is under way (sent, re-reading the stored values, or merging them): the Save spinner and the disabled controls. */
export const isCommissionFormBusy = (state: string): boolean => BUSY.includes(state)
const saving = (ctx: CommandContext) => {
  const s = form(ctx)?.state
  return s && isCommissionFormBusy(s) ? 'Saving the configuration…' : null
}
const inConflict = (ctx: CommandContext) => form(ctx)?.state === 'conflict'
const send = (ctx: CommandContext, event: Parameters<CommissionFormHandle['actor']['send']>[0]) =>
  form(ctx)?.actor.send(event)
const picking = (ctx: CommandContext) => editing(ctx) && form(ctx)?.mode === 'create' && !form(ctx)?.isDefault
const candidate = (ctx: CommandContext) =>
  ctx.view.focused?.kind === 'commissionProject'
    ? form(ctx)?.candidates.find((p) => p._id === ctx.view.focused?.id)
    : undefined

/** SPEC.md 5's refusal of a project that already has a configuration. */
export const HAS_CONFIGURATION = 'Has a configuration'

function distributionOption(value: NoReferralDistribution): Command {
  const label = NO_REFERRAL_DISTRIBUTION_LABELS[value]
  return {
    id: `commission.form.distribution.${value}`,
    title: `Without a referrer: ${label.toLowerCase()}`,
    label: () => label,
    group: GROUP,
    keywords: ['referral', 'distribution', 'no referrer', label.toLowerCase()],
    when: editing,
    disabledReason: saving,
    checked: (ctx) => form(ctx)?.draft.noReferralDistribution === value,
    run: (ctx) => send(ctx, { type: 'distribution.set', value }),
  }
}

function addOnToggle(addOn: 'customization' | 'installation', label: string): Command {
  const key = addOn === 'customization' ? 'withCustomization' : 'withInstallation'
  return {
    id: `commission.form.preview.${addOn}`,
    title: `Split preview: order ${label.toLowerCase()}`,
    label: () => label,
    group: GROUP,
    keywords: ['preview', 'add-on', addOn],
    when: editing,
    checked: (ctx) => !!form(ctx)?.preview[key],
    run: (ctx) => send(ctx, { type: 'preview.toggle', addOn }),
  }
}

export const commissionFormCommands: Command[] = [
  {
    id: 'commission.form.save',
    title: 'Save the commission configuration',
    group: GROUP,
    shortcut: 'mod+enter',
    label: (ctx) => {
      const f = form(ctx)
      return f?.mode === 'edit'
        ? 'Save Changes'
        : f?.isDefault
          ? 'Create Default Configuration'
          : 'Create Configuration'
    },
    when: (ctx) => editing(ctx) && !inConflict(ctx),
    disabledReason: (ctx) => saving(ctx) ?? form(ctx)?.blocker,
    run: (ctx) => send(ctx, { type: 'form.save' }),
  },
  ...conflictCommands({
    prefix: 'commission.form',
    group: GROUP,
    noun: 'values',
    // The form is a modal, where only mod+… keys act (decision 018): the save key saves mine.
    shortcuts: { keepMine: 'mod+enter', takeTheirs: 'mod+shift+enter' },
    when: inConflict,
    send,
  }),
  {
    id: 'commission.form.cancel',
    title: 'Close the configuration form',
    group: GROUP,
    label: () => 'Cancel',
    when: (ctx) => editing(ctx) && !!ctx.view.commissionModal,
    disabledReason: saving,
    run: (ctx) => send(ctx, { type: 'modal.close' }),
  },
  {
    id: 'commission.form.reset',
    title: 'Reset the default configuration form',
    group: GROUP,
    label: () => 'Reset',
    when: (ctx) => editing(ctx) && !!form(ctx)?.inline,
    disabledReason: (ctx) => saving(ctx) ?? (form(ctx)?.dirty ? null : 'Nothing has changed'),
    run: (ctx) => send(ctx, { type: 'form.reset' }),
  },
  {
    id: 'commission.form.active',
    title: 'Configuration active',
    group: GROUP,
    label: () => 'Active',
    keywords: ['active', 'inactive', 'status'],
    when: editing,
    disabledReason: saving,
    checked: (ctx) => !!form(ctx)?.draft.isActive,
    run: (ctx) => send(ctx, { type: 'active.toggle' }),
  },
  ...NO_REFERRAL_DISTRIBUTIONS.map(distributionOption),
  {
    id: 'commission.form.pickProject',
    title: 'Choose this project',
    group: GROUP,
    keywords: ['project', 'pick'],
    label: (ctx) => candidate(ctx)?.title ?? 'Choose project',
    // Runs with the project as target (the picker's rows); not a palette entry of its own.
    when: (ctx) => picking(ctx) && !!candidate(ctx),
    disabledReason: (ctx) => saving(ctx) ?? (candidate(ctx)?.configId ? HAS_CONFIGURATION : null),
    checked: (ctx) => !!candidate(ctx) && form(ctx)?.draft.project?._id === candidate(ctx)?._id,
    run: (ctx) => {
      const p = candidate(ctx)
      if (p && !p.configId) send(ctx, { type: 'project.pick', project: { _id: p._id, title: p.title, price: p.price } })
    },
  },
  addOnToggle('customization', 'With customization'),
  addOnToggle('installation', 'With installation support'),
]
