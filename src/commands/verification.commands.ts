/**
 * Verification History commands (SPEC.md 2 "Project detail", 4, 5 "Verification"): set a status
 * from the palette (asks for the required notes), the Quick Status Change (status options and
 * Update Status), the history filter, Dismiss, and per entry (as `target`) Edit and Delete with
 * the edit dialog's status options, Save and Cancel, and Decide anyway / Cancel when another
 * moderator is reviewing the project in triage. They send typed events to the panel's actor.
 */
import type { ActorRefFrom } from 'xstate'
import { VERIFICATION_STATUSES, type VerificationStatus } from '../api/schemas/projects'
import type { verificationMachine } from '../machines/verification.machine'
import { verificationInputError, type EntryEdit, type StatusDraft } from '../machines/verification.rules'
import { statusTitle } from '../lib/status-title'
import type { Command, CommandContext } from './registry'

/** What the Verification History panel publishes for its commands. */
export interface VerificationHandle {
  actor: ActorRefFrom<typeof verificationMachine>
  quick: StatusDraft
  filter: VerificationStatus | ''
  entryEdit: EntryEdit | null
  hasError: boolean
  /** Whether a change or a reload is under way. */
  busy: boolean
  /** The name of the other moderator reviewing the project in triage while a decision waits for "Decide anyway", else null. */
  confirmingClaimOf?: string | null
}

declare module './registry' {
  interface ViewCommandContext {
    verification?: VerificationHandle
  }
}

const panel = (ctx: CommandContext) => ctx.view.verification
const onPanel = (ctx: CommandContext) => !!panel(ctx)
const send = (ctx: CommandContext, event: Parameters<VerificationHandle['actor']['send']>[0]) =>
  panel(ctx)?.actor.send(event)
const busy = (ctx: CommandContext) => (panel(ctx)?.busy ? 'Wait for the current change to finish' : null)
const entryTarget = (ctx: CommandContext) =>
  ctx.view.focused?.kind === 'verificationEntry' ? ctx.view.focused.id : null
const words = (s: VerificationStatus) => s.replace(/_/g, ' ')

/**
 * The palette's reason page of Rejected and Needs changes on the project page: the admin's
 * templates of that decision filled from the project; Enter requests the status with the reason
 * as its notes (the panel's own request → submit, without its dialog).
 */
function reasonArgument(status: 'rejected' | 'needs_changes'): Command['argument'] {
  return {
    kind: 'text',
    prompt: (ctx) =>
      `Reason for ${status === 'rejected' ? 'rejecting' : 'requesting changes on'} ${ctx.view.projectDetail?.about?.title ?? 'the project'}`,
    placeholder: 'Why? The owner reads this',
    requiredMessage: status === 'rejected' ? 'Enter a reason for the rejection' : 'Enter the changes needed',
    templates: { decision: status, values: (ctx) => ctx.view.projectDetail?.about ?? { title: 'your project' } },
    runWith: (ctx, notes) => {
      send(ctx, { type: 'status.request', status })
      send(ctx, { type: 'prompt.submit', notes })
    },
  }
}

export const verificationCommands: Command[] = [
  ...VERIFICATION_STATUSES.map((status): Command => ({
    id: `projects.verification.${status}`,
    title: `Set verification status: ${statusTitle(status)}`,
    group: 'Verification',
    keywords: ['verify', 'status', words(status)],
    when: onPanel,
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'status.request', status }),
    argument: status === 'rejected' || status === 'needs_changes' ? reasonArgument(status) : undefined,
  })),
  ...VERIFICATION_STATUSES.map((status): Command => ({
    id: `projects.verification.quick.${status}`,
    title: `Quick status change: ${statusTitle(status)}`,
    group: 'Verification',
    label: () => statusTitle(status),
    keywords: ['quick', 'status', words(status)],
    when: onPanel,
    checked: (ctx) => panel(ctx)?.quick.status === status,
    run: (ctx) => send(ctx, { type: 'quick.status', status }),
  })),
  {
    id: 'projects.verification.update',
    title: 'Update Status',
    group: 'Verification',
    keywords: ['quick', 'status', 'submit'],
    when: onPanel,
    disabledReason: (ctx) =>
      busy(ctx) ?? verificationInputError(panel(ctx)?.quick.status ?? '', panel(ctx)?.quick.notes ?? ''),
    run: (ctx) => send(ctx, { type: 'quick.submit' }),
  },
  {
    id: 'projects.verification.filter.all',
    title: 'Show every history entry',
    group: 'Verification',
    label: () => 'All statuses',
    keywords: ['filter', 'history'],
    when: onPanel,
    checked: (ctx) => panel(ctx)?.filter === '',
    run: (ctx) => send(ctx, { type: 'filter.status', status: '' }),
  },
  ...VERIFICATION_STATUSES.map((status): Command => ({
    id: `projects.verification.filter.${status}`,
    title: `Show ${words(status)} history entries`,
    group: 'Verification',
    label: () => statusTitle(status),
    keywords: ['filter', 'history', words(status)],
    when: onPanel,
    checked: (ctx) => panel(ctx)?.filter === status,
    run: (ctx) => send(ctx, { type: 'filter.status', status }),
  })),
  {
    id: 'projects.verification.dismissError',
    title: 'Dismiss the verification error',
    group: 'Verification',
    label: () => 'Dismiss',
    when: (ctx) => !!panel(ctx)?.hasError,
    run: (ctx) => send(ctx, { type: 'error.dismiss' }),
  },
  {
    id: 'projects.verification.editEntry',
    title: 'Edit history entry',
    group: 'Verification',
    label: () => 'Edit entry',
    // Runs with the entry as target (its row in the timeline).
    when: (ctx) => onPanel(ctx) && !!entryTarget(ctx),
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'entry.edit', entryId: entryTarget(ctx) ?? '' }),
  },
  {
    id: 'projects.verification.deleteEntry',
    title: 'Delete history entry',
    group: 'Verification',
    label: () => 'Delete entry',
    when: (ctx) => onPanel(ctx) && !!entryTarget(ctx),
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'entry.delete', entryId: entryTarget(ctx) ?? '' }),
  },
  ...VERIFICATION_STATUSES.map((status): Command => ({
    id: `projects.verification.entry.${status}`,
    title: `Edited entry status: ${statusTitle(status)}`,
    group: 'Verification',
    label: () => statusTitle(status),
    when: (ctx) => !!panel(ctx)?.entryEdit,
    checked: (ctx) => panel(ctx)?.entryEdit?.status === status,
    run: (ctx) => send(ctx, { type: 'edit.status', status }),
  })),
  {
    id: 'projects.verification.saveEntry',
    title: 'Save history entry',
    group: 'Verification',
    label: () => 'Save',
    when: (ctx) => !!panel(ctx)?.entryEdit,
    disabledReason: busy,
    run: (ctx) => send(ctx, { type: 'edit.save' }),
  },
  {
    id: 'projects.verification.decideAnyway',
    title: 'Decide anyway (another moderator is reviewing)',
    group: 'Verification',
    label: () => 'Decide anyway',
    keywords: ['claim', 'triage', 'reviewing', 'confirm'],
    when: (ctx) => !!panel(ctx)?.confirmingClaimOf,
    run: (ctx) => send(ctx, { type: 'claim.confirm' }),
  },
  {
    id: 'projects.verification.leaveToReviewer',
    title: 'Leave the decision to the moderator reviewing it',
    group: 'Verification',
    label: () => 'Cancel',
    keywords: ['claim', 'triage', 'reviewing', 'cancel'],
    when: (ctx) => !!panel(ctx)?.confirmingClaimOf,
    run: (ctx) => send(ctx, { type: 'claim.cancel' }),
  },
  {
    id: 'projects.verification.cancelEdit',
    title: 'Cancel editing the entry',
    group: 'Verification',
    label: () => 'Cancel',
    when: (ctx) => !!panel(ctx)?.entryEdit,
    run: (ctx) => send(ctx, { type: 'edit.cancel' }),
  },
]
