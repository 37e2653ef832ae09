/**
 * Verification History panel (SPEC.md 2, 5 "Verification", 8): current badge and last update,
 * Quick Status Change (status + required notes), success banner (3 s) and red error banner with
 * Dismiss, filter by status, search over notes, and the timeline with Edit and Delete.
 */
import { useState } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { VerificationEntry, VerificationStatus } from '../../../api/schemas/projects'
import { Button } from '../../../components/button'
import { ConfirmDialog } from '../../../components/dialog'
import { Field, Input, TextArea } from '../../../components/field'
import { Select } from '../../../components/select'
import { formatDateTime } from '../../../lib/format'
import { verificationInputError, type verificationMachine } from '../../../machines/verification.machine'
import { filterHistory } from '../history-filter'
import { EntryEditDialog, STATUS_OPTIONS } from './entry-edit-dialog'
import { VerificationBadge } from './verification-badge'
import { VerificationTimeline } from './verification-timeline'

type Actor = ActorRefFrom<typeof verificationMachine>

export function VerificationPanel({ actor, updatedAt }: { actor: Actor; updatedAt: string }) {
  const current = useSelector(actor, (s) => s.context.currentStatus)
  const history = useSelector(actor, (s) => s.context.history)
  const error = useSelector(actor, (s) => s.context.error)
  const success = useSelector(actor, (s) => (s.matches({ banner: 'shown' }) ? s.context.success : null))
  const loading = useSelector(actor, (s) => s.matches({ flow: 'loading' }))
  const submitting = useSelector(actor, (s) => s.matches({ flow: 'submitting' }))
  const [status, setStatus] = useState<VerificationStatus | ''>('')
  const [notes, setNotes] = useState('')
  const [filter, setFilter] = useState<VerificationStatus | ''>('')
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<VerificationEntry | null>(null)
  const [deleting, setDeleting] = useState<VerificationEntry | null>(null)
  const problem = verificationInputError(status, notes)
  const touched = status !== '' || notes !== ''
  const lastUpdate = history[0]?.verifiedAt ?? updatedAt

  const submit = () => {
    if (problem) return
    actor.send({ type: 'status.submit', status, notes })
    setNotes('')
  }
  return (
    <section className="card detail-section verification" data-testid="verification-panel" aria-labelledby="verification-title">
      <header className="card__header detail-section__header">
        <h2 id="verification-title">Verification History</h2>
        <span className="verification__current"><VerificationBadge status={current} /><span className="faint">Updated {formatDateTime(lastUpdate)}</span></span>
      </header>
      <div className="card__body form-stack">
        {success ? <p className="banner banner--success" role="status" data-testid="verification-success">{success}</p> : null}
        {error ? (
          <p className="banner banner--error verification__error" role="alert" data-testid="verification-error">
            {error} <button type="button" className="link-button" onClick={() => actor.send({ type: 'error.dismiss' })}>Dismiss</button>
          </p>
        ) : null}
        <div className="verification__quick" data-testid="quick-status">
          <h3>Quick Status Change</h3>
          <Field label="Status" error={touched && !status ? 'Status is required' : undefined}>
            {(id) => <Select id={id} aria-label="New status" placeholder="Select status" value={status} options={STATUS_OPTIONS} onValueChange={(v) => setStatus(v as VerificationStatus)} />}
          </Field>
          <Field label="Notes" error={touched && status && !notes.trim() ? 'Notes are required' : undefined}>
            {(id) => <TextArea id={id} rows={2} value={notes} placeholder="Why this status?" onChange={(e) => setNotes(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && (e.ctrlKey || e.metaKey) && (e.preventDefault(), submit())} />}
          </Field>
          <Button variant="primary" disabled={!!problem} loading={submitting} onClick={submit}>Update Status</Button>
        </div>
        <div className="verification__filters">
          <Select aria-label="Filter history by status" value={filter || 'all'} onValueChange={(v) => setFilter(v === 'all' ? '' : (v as VerificationStatus))}
            options={[{ value: 'all', label: 'All statuses' }, ...STATUS_OPTIONS]} size="sm" />
          <Input type="search" aria-label="Search notes" placeholder="Search notes…" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {loading ? <p className="faint">Loading history…</p> : <VerificationTimeline entries={filterHistory(history, filter, search)} onEdit={setEditing} onDelete={setDeleting} />}
      </div>
      {editing ? (
        <EntryEditDialog entry={editing} onClose={() => setEditing(null)}
          onSave={(s, n) => { actor.send({ type: 'entry.update', entryId: editing._id, status: s, notes: n }); setEditing(null) }} />
      ) : null}
      <ConfirmDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)} title="Delete entry" tone="danger" confirmLabel="Delete"
        description="Are you sure you want to delete this verification history entry? This action cannot be undone."
        onConfirm={() => { if (deleting) actor.send({ type: 'entry.delete', entryId: deleting._id }); setDeleting(null) }} />
    </section>
  )
}
