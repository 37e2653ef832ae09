/**
 * The Verification History panel's dialogs, open while the machine says so: the notes prompt of
 * a status asked for from the palette, the entry edit dialog (status options, notes labelled
 * optional but required: SPEC.md 5; Save and Cancel are commands), the delete confirmation, and
 * the question before deciding a project another moderator is reviewing in triage (decision 043).
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { VERIFICATION_STATUSES } from '../../../api/schemas/projects'
import { CommandButton } from '../../../commands/command-button'
import { CommandSelect } from '../../../commands/command-select'
import { ConfirmDialog, Dialog, PromptDialog } from '../../../components/dialog'
import { Field, TextArea } from '../../../components/field'
import type { verificationMachine } from '../../../machines/verification.machine'
import { verificationInputError } from '../../../machines/verification.rules'
import { statusTitle } from '../../../lib/status-title'
import { DecideAnywayDialog } from './decide-anyway-dialog'

type Actor = ActorRefFrom<typeof verificationMachine>

const ENTRY_OPTIONS = VERIFICATION_STATUSES.map((s) => ({ id: `projects.verification.entry.${s}` }))

export function VerificationDialogs({ actor }: { actor: Actor }) {
  const requested = useSelector(actor, (s) => s.context.requested)
  const edit = useSelector(actor, (s) => s.context.entryEdit)
  const deleting = useSelector(actor, (s) => s.context.deleting !== null)
  const claimedBy = useSelector(actor, (s) => (s.matches({ flow: 'confirmingClaim' }) ? s.context.claimedBy : null))
  const problem = edit ? verificationInputError(edit.status, edit.notes) : null
  return (
    <>
      <PromptDialog
        open={requested !== null}
        onOpenChange={(open) => !open && actor.send({ type: 'prompt.cancel' })}
        required
        title={`Set status to ${requested ? statusTitle(requested) : ''}`}
        label="Notes"
        confirmLabel="Update Status"
        onSubmit={(notes) => actor.send({ type: 'prompt.submit', notes })}
      />
      <Dialog
        open={edit !== null}
        onOpenChange={(open) => !open && actor.send({ type: 'edit.cancel' })}
        title="Edit verification entry"
        size="sm"
        closeCommand="projects.verification.cancelEdit"
        footer={
          <>
            <CommandButton id="projects.verification.cancelEdit" />
            <CommandButton id="projects.verification.saveEntry" variant="primary" />
          </>
        }
      >
        {edit ? (
          <div className="form-stack">
            <Field label="Status">
              {(id) => <CommandSelect id={id} aria-label="Entry status" options={ENTRY_OPTIONS} />}
            </Field>
            <Field label="Notes (optional)" error={edit.tried && problem ? problem : undefined}>
              {(id) => (
                <TextArea
                  id={id}
                  rows={3}
                  value={edit.notes}
                  onChange={(e) => actor.send({ type: 'edit.notes', notes: e.target.value })}
                />
              )}
            </Field>
          </div>
        ) : null}
      </Dialog>
      <DecideAnywayDialog
        open={claimedBy !== null}
        question={`${claimedBy ?? 'Another moderator'} is reviewing this project. Decide anyway?`}
        onCancel={() => actor.send({ type: 'claim.cancel' })}
        confirmId="projects.verification.decideAnyway"
        cancelId="projects.verification.leaveToReviewer"
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => !open && actor.send({ type: 'delete.cancel' })}
        title="Delete entry"
        tone="danger"
        confirmLabel="Delete"
        description="Are you sure you want to delete this verification history entry? This action cannot be undone."
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
      />
    </>
  )
}
