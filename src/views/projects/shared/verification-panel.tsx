/**
 * Verification History panel (SPEC.md 2, 5 "Verification", 8): current badge and last update,
 * Quick Status Change (status + required notes), success banner (3 s) and red error banner with
 * Dismiss, filter by status, search over notes, and the timeline with Edit and Delete. State is
 * the verification machine's; every control is a `projects.verification.*` command.
 */
import { useMemo } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { VERIFICATION_STATUSES } from '../../../api/schemas/projects'
import { CommandButton } from '../../../commands/command-button'
import { CommandLink } from '../../../commands/command-link'
import { CommandSelect } from '../../../commands/command-select'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import type { VerificationHandle } from '../../../commands/verification.commands'
import { Field, Input, TextArea } from '../../../components/field'
import { formatDateTime } from '../../../lib/format'
import type { verificationMachine } from '../../../machines/verification.machine'
import { filterHistory } from './history-filter'
import { VerificationBadge } from './verification-badge'
import { VerificationDialogs } from './verification-dialogs'
import { VerificationTimeline } from './verification-timeline'
import './verification.css'

type Actor = ActorRefFrom<typeof verificationMachine>

const QUICK_OPTIONS = VERIFICATION_STATUSES.map((s) => ({ id: `projects.verification.quick.${s}` }))
const FILTER_OPTIONS = [
  { id: 'projects.verification.filter.all' },
  ...VERIFICATION_STATUSES.map((s) => ({ id: `projects.verification.filter.${s}` })),
]

export function VerificationPanel({ actor, updatedAt }: { actor: Actor; updatedAt: string }) {
  const current = useSelector(actor, (s) => s.context.currentStatus)
  const history = useSelector(actor, (s) => s.context.history)
  const error = useSelector(actor, (s) => s.context.error)
  const success = useSelector(actor, (s) => (s.matches({ banner: 'shown' }) ? s.context.success : null))
  const loading = useSelector(actor, (s) => s.matches({ flow: 'loading' }))
  const submitting = useSelector(actor, (s) => s.matches({ flow: 'submitting' }))
  const quick = useSelector(actor, (s) => s.context.quick)
  const filter = useSelector(actor, (s) => s.context.filter)
  const entryEdit = useSelector(actor, (s) => s.context.entryEdit)
  const busy = useSelector(actor, (s) => !s.matches({ flow: 'idle' }))
  const confirmingClaimOf = useSelector(actor, (s) =>
    s.matches({ flow: 'confirmingClaim' }) ? s.context.claimedBy : null,
  )
  usePublishCommandContext(
    useMemo(() => {
      const verification: VerificationHandle = {
        actor,
        quick,
        filter: filter.status,
        entryEdit,
        hasError: !!error,
        busy,
        confirmingClaimOf,
      }
      return { verification }
    }, [actor, quick, filter.status, entryEdit, error, busy, confirmingClaimOf]),
  )
  const touched = quick.status !== '' || quick.notes !== ''
  const lastUpdate = history[0]?.verifiedAt ?? updatedAt

  return (
    <section
      className="card detail-section verification"
      data-testid="verification-panel"
      aria-labelledby="verification-title"
    >
      <header className="card__header detail-section__header">
        <h2 id="verification-title">Verification History</h2>
        <span className="verification__current">
          <VerificationBadge status={current} />
          <span className="faint">Updated {formatDateTime(lastUpdate)}</span>
        </span>
      </header>
      <div className="card__body form-stack">
        {success ? (
          <p className="banner banner--success" role="status" data-testid="verification-success">
            {success}
          </p>
        ) : null}
        {error ? (
          <p className="banner banner--error verification__error" role="alert" data-testid="verification-error">
            {error} <CommandLink id="projects.verification.dismissError" />
          </p>
        ) : null}
        <div className="verification__quick" data-testid="quick-status">
          <h3>Quick Status Change</h3>
          <Field label="Status" error={touched && !quick.status ? 'Status is required' : undefined}>
            {(id) => (
              <CommandSelect id={id} aria-label="New status" placeholder="Select status" options={QUICK_OPTIONS} />
            )}
          </Field>
          <Field
            label="Notes"
            error={touched && quick.status && !quick.notes.trim() ? 'Notes are required' : undefined}
          >
            {(id) => (
              <TextArea
                id={id}
                rows={2}
                value={quick.notes}
                placeholder="Why this status?"
                onChange={(e) => actor.send({ type: 'quick.notes', notes: e.target.value })}
                onKeyDown={(e) =>
                  e.key === 'Enter' &&
                  (e.ctrlKey || e.metaKey) &&
                  (e.preventDefault(), actor.send({ type: 'quick.submit' }))
                }
              />
            )}
          </Field>
          <CommandButton id="projects.verification.update" variant="primary" loading={submitting} />
        </div>
        <div className="verification__filters">
          <CommandSelect aria-label="Filter history by status" options={FILTER_OPTIONS} size="sm" />
          <Input
            type="search"
            aria-label="Search notes"
            placeholder="Search notes…"
            value={filter.search}
            onChange={(e) => actor.send({ type: 'filter.search', search: e.target.value })}
          />
        </div>
        {loading ? (
          <p className="faint">Loading history…</p>
        ) : (
          <VerificationTimeline entries={filterHistory(history, filter.status, filter.search)} />
        )}
      </div>
      <VerificationDialogs actor={actor} />
    </section>
  )
}
