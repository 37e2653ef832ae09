/** Edit one verification history entry: status and notes (labelled optional, still required: SPEC.md 5). */
import { useState } from 'react'
import { VERIFICATION_STATUSES, type VerificationEntry, type VerificationStatus } from '../../../api/schemas/projects'
import { Button } from '../../../components/button'
import { Dialog } from '../../../components/dialog'
import { Field, TextArea } from '../../../components/field'
import { Select } from '../../../components/select'
import { verificationInputError } from '../../../machines/verification.machine'
import { statusTitle } from './verification-badge'

export const STATUS_OPTIONS = VERIFICATION_STATUSES.map((s) => ({ value: s, label: statusTitle(s) }))

export function EntryEditDialog({ entry, onClose, onSave }: { entry: VerificationEntry; onClose: () => void; onSave: (status: VerificationStatus, notes: string) => void }) {
  const [status, setStatus] = useState<VerificationStatus>(entry.status)
  const [notes, setNotes] = useState(entry.notes)
  const [tried, setTried] = useState(false)
  const problem = verificationInputError(status, notes)
  const save = () => {
    setTried(true)
    if (!problem) onSave(status, notes.trim())
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit verification entry" size="sm"
      footer={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" onClick={save}>Save</Button></>}>
      <div className="form-stack">
        <Field label="Status">{(id) => <Select id={id} value={status} options={STATUS_OPTIONS} onValueChange={(v) => setStatus(v as VerificationStatus)} />}</Field>
        <Field label="Notes (optional)" error={tried && problem ? problem : undefined}>
          {(id) => <TextArea id={id} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />}
        </Field>
      </div>
    </Dialog>
  )
}
