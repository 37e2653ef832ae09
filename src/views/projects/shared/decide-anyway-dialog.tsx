/**
 * 'Decide anyway?' (decision 043): asked before deciding a project another moderator holds in
 * triage, on the projects list and in the Verification History panel. Its answers are the
 * screen's two commands (`confirmId`, `cancelId`), so the palette and the keys answer it too;
 * closing it (× or Escape) runs the cancel command's event through `onCancel`.
 */
import { CommandButton } from '../../../commands/command-button'
import { Dialog } from '../../../components/dialog'

export function DecideAnywayDialog(props: {
  open: boolean
  question: string
  onCancel: () => void
  confirmId: string
  cancelId: string
}) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => !open && props.onCancel()}
      title="Decide anyway?"
      description={props.question}
      size="sm"
      kind="answer"
      closeCommand={props.cancelId}
      footer={
        <>
          <CommandButton id={props.cancelId} />
          <CommandButton id={props.confirmId} variant="primary" autoFocus />
        </>
      }
    />
  )
}
