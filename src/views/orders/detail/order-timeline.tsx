/**
 * The order's notes timeline (SPEC.md 3 "Orders also carry notes with status updates"): each step
 * with its status, the note, who made it ('System' when nobody is recorded) and when, oldest first.
 */
import type { OrderNote } from '../../../api/schemas/orders'
import { Badge } from '../../../components/badge'
import { formatDateTime } from '../../../lib/format'
import { ORDER_STATUS_TONE, statusLabel } from '../list/order-status'

export function OrderTimeline({ notes }: { notes: readonly OrderNote[] }) {
  return (
    <section className="side-panel__section" aria-label="Notes">
      <h3>Notes</h3>
      {notes.length === 0 ? (
        <p className="faint">No notes yet</p>
      ) : (
        <ol className="order-timeline">
          {notes.map((n) => (
            <li key={n._id} className="order-timeline__entry" data-testid="order-note" data-status={n.status}>
              <div className="order-timeline__head">
                <Badge tone={ORDER_STATUS_TONE[n.status]}>{statusLabel(n.status)}</Badge>
                <span className="faint">
                  {n.createdBy?.name ?? 'System'} · {formatDateTime(n.createdAt)}
                </span>
              </div>
              {n.note ? <p className="order-timeline__note">{n.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
