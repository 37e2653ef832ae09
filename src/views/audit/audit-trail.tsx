/**
 * The audit trail of one record ("the project and user detail pages show their own audit
 * trail"): its entries newest first (20 at a time, 'Load more'), each with when (IST), who and the
 * action in words (its code in the tooltip), and its per-field diff behind a Show changes toggle; 'Open in audit log' goes to /audit
 * filtered to the record. Self-contained: a detail view mounts it with one line,
 * `<AuditTrail entityType="project" entityId={id} version={updatedAt} />`. Its controls are commands
 * (audit.trail.*), which read what it publishes as `auditTrail`.
 */
import { useCallback, useMemo, useState } from 'react'
import { useAuditList } from '../../api/audit'
import { errorText } from '../../api/error-text'
import { AUDIT_ENTRY, type AuditTrailHandle } from '../../commands/audit.commands'
import { CommandLink } from '../../commands/command-link'
import { CommandRetry } from '../../commands/command-retry'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { Card } from '../../components/card'
import { Spinner } from '../../components/spinner'
import { AuditDiff } from './audit-diff'
import { formatAuditTime } from './audit-format'
import { auditActionText } from './audit-labels'
import { auditPath } from './audit-url'
import './audit.css'

/** The record kinds with a trail (the API's entity types: `user` also matches the rows its triggers store as `users`). */
const ENTITY_TYPES = { project: 'project', user: 'user' } as const
const TRAIL_PAGE = 20

export interface AuditTrailProps {
  entityType: keyof typeof ENTITY_TYPES
  entityId: string
  /** The record's updatedAt: a new value refetches the trail (a change made on the page shows at once). */
  version?: string
}

export function AuditTrail({ entityType, entityId, version = '' }: AuditTrailProps) {
  const filters = useMemo(
    () => ({ search: '', entityType: ENTITY_TYPES[entityType], entityId, actorId: '', action: '', from: '', to: '' }),
    [entityType, entityId],
  )
  const list = useAuditList(filters, TRAIL_PAGE, version)
  const [expanded, setExpanded] = useState<readonly string[]>([])
  const toggle = useCallback(
    (id: string) => setExpanded((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])),
    [],
  )
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage])
  const handle = useMemo<AuditTrailHandle>(
    () => ({
      expanded,
      toggle,
      canLoadMore: !!hasNextPage && !isFetchingNextPage,
      loadMore,
      auditHref: auditPath({ entityType: filters.entityType, entityId }),
    }),
    [expanded, toggle, hasNextPage, isFetchingNextPage, loadMore, filters.entityType, entityId],
  )
  usePublishCommandContext(useMemo(() => ({ auditTrail: handle }), [handle]))

  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.entries) ?? [], [list.data])
  return (
    <Card
      title="Audit trail"
      className="audit-trail"
      data-testid="audit-trail"
      actions={<CommandLink id="audit.trail.openLog" data-testid="audit-trail-open-log" />}
    >
      {list.isPending ? (
        <Spinner size={16} label="Loading the audit trail" />
      ) : list.error && !list.data ? (
        <div role="alert" className="audit-trail__footer">
          <span>{errorText(list.error, 'Failed to load the audit trail')}</span>
          <CommandRetry retry={() => void list.refetch()} />
        </div>
      ) : entries.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : (
        <ol className="audit-trail__list">
          {entries.map((e) => (
            <li className="audit-trail__item" key={e.id} data-testid="audit-trail-entry" data-id={e.id}>
              <div className="audit-trail__line">
                <span className="num muted">{formatAuditTime(e.at)}</span>
                <span>{e.actor?.name ?? <span className="faint">{e.actorId ? 'Deleted user' : 'System'}</span>}</span>
                <span className="audit-trail__action" title={e.action} data-action={e.action}>
                  {auditActionText(e.action)}
                </span>
                <CommandLink
                  id="audit.trail.toggle"
                  target={{ kind: AUDIT_ENTRY, id: e.id }}
                  data-testid="audit-trail-toggle"
                />
              </div>
              {expanded.includes(e.id) ? (
                <div className="audit-trail__diff">
                  <AuditDiff before={e.before} after={e.after} />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {hasNextPage ? (
        <div className="audit-trail__footer">
          {list.isFetchNextPageError ? <CommandRetry retry={loadMore} /> : <CommandLink id="audit.trail.more" />}
        </div>
      ) : null}
    </Card>
  )
}
