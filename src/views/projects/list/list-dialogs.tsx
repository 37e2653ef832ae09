/**
 * The list machine's questions: the notes prompt (Approve: optional notes; other statuses: the
 * reason is required), the delete confirmations (SPEC.md 5 "Projects list") and 'Decide anyway?'
 * before deciding projects other moderators hold in triage (decision 043), answered by the
 * `projects.decideAnyway` / `projects.leaveToReviewer` commands (so the palette and keys can too).
 * Cancel aborts.
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { ConfirmDialog, PromptDialog } from '../../../components/dialog'
import type { projectsListMachine } from '../../../machines/projects-list.machine'
import { claimQuestion } from '../../../machines/projects-list.rules'
import { DecideAnywayDialog } from '../shared/decide-anyway-dialog'
import { statusTitle } from '../shared/verification-badge'

type ListActor = ActorRefFrom<typeof projectsListMachine>

export function ListDialogs({ actor }: { actor: ListActor }) {
  const prompting = useSelector(actor, (s) => s.matches('prompting'))
  const confirming = useSelector(actor, (s) => s.matches('confirming'))
  const confirmingClaim = useSelector(actor, (s) => s.matches('confirmingClaim'))
  const pending = useSelector(actor, (s) => s.context.pending)
  const n = pending?.ids.length ?? 0
  const status = pending?.kind === 'verify' ? pending.status : null
  const many = n > 1 ? ` ${n} projects` : ' project'

  return (
    <>
      <PromptDialog
        open={prompting}
        onOpenChange={(open) => !open && actor.send({ type: 'prompt.cancel' })}
        title={
          status === 'approved'
            ? `Approve${many}`
            : status === 'rejected'
              ? `Reject${many}`
              : `Set${many} to ${status ? statusTitle(status) : ''}`
        }
        label={
          status === 'approved' ? 'Approval notes (optional)' : status === 'rejected' ? 'Reason for rejection' : 'Notes'
        }
        placeholder={status === 'rejected' ? 'Why is this project rejected?' : undefined}
        required={status !== 'approved'}
        confirmLabel={status === 'approved' ? 'Approve' : status === 'rejected' ? 'Reject' : 'Update'}
        tone={status === 'rejected' ? 'danger' : 'default'}
        onSubmit={(notes) => actor.send({ type: 'prompt.submit', notes })}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && actor.send({ type: 'confirm.cancel' })}
        title={n > 1 ? 'Delete projects' : 'Delete project'}
        description={
          n > 1 ? `Are you sure you want to delete ${n} projects?` : 'Are you sure you want to delete this project?'
        }
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
      />
      <DecideAnywayDialog
        open={confirmingClaim}
        question={pending?.kind === 'verify' ? claimQuestion(pending.claimedBy ?? [], n) : ''}
        onCancel={() => actor.send({ type: 'confirm.cancel' })}
        confirmId="projects.decideAnyway"
        cancelId="projects.leaveToReviewer"
      />
    </>
  )
}
