/** The verification timeline: status badge, previous → new, notes, who and when, whether the owner was told, and the entry's Edit and Delete commands. */
import { ArrowRight, Pencil, Trash2 } from 'lucide-react'
import type { VerificationEntry } from '../../../api/schemas/projects'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { formatDateTime } from '../../../lib/format'
import { ownerNoticeText, verifiedByName } from './history-filter'
import { statusTitle, VerificationBadge } from './verification-badge'

export function VerificationTimeline({ entries }: { entries: VerificationEntry[] }) {
  if (entries.length === 0) return <p className="faint">No verification history entries</p>
  return (
    <ol className="timeline" data-testid="verification-timeline">
      {entries.map((e) => {
        const target = { kind: 'verificationEntry', id: e._id }
        const notice = ownerNoticeText(e)
        return (
          <li key={e._id} className="timeline__entry" data-testid="history-entry" data-status={e.status}>
            <div className="timeline__head">
              <VerificationBadge status={e.status} />
              <span className="timeline__change faint">
                {e.previousStatus ? statusTitle(e.previousStatus) : 'New'} <ArrowRight size={11} />{' '}
                {statusTitle(e.status)}
              </span>
              <span className="timeline__actions">
                <CommandIconButton
                  id="projects.verification.editEntry"
                  target={target}
                  size="sm"
                  icon={<Pencil size={12} />}
                />
                <CommandIconButton
                  id="projects.verification.deleteEntry"
                  target={target}
                  size="sm"
                  icon={<Trash2 size={12} />}
                />
              </span>
            </div>
            {e.notes ? <p className="timeline__notes">{e.notes}</p> : null}
            <p className="timeline__meta faint">
              {verifiedByName(e)} · {formatDateTime(e.verifiedAt)}
            </p>
            {notice ? (
              <p className="timeline__meta faint" data-testid="owner-notice" data-outcome={e.ownerNotice?.outcome}>
                {notice}
              </p>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}
