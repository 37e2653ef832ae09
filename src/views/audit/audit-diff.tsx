/**
 * The readable diff of an audit entry: one line per changed field (auditChanges, nested
 * paths dotted) with the value before (struck, red tint) and after (green tint), as plain text;
 * 'No field changes recorded' when the entry stored none (sign-ins, downloads).
 */
import { useMemo } from 'react'
import { auditChanges } from './audit-format'

export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const changes = useMemo(() => auditChanges(before, after), [before, after])
  if (!changes.length)
    return (
      <p className="audit-diff__none muted" data-testid="audit-diff">
        No field changes recorded
      </p>
    )
  return (
    <dl className="audit-diff" data-testid="audit-diff">
      {changes.map((c) => (
        <div
          className="audit-diff__field"
          key={c.field}
          data-testid="audit-diff-field"
          data-field={c.field}
          data-kind={c.kind}
        >
          <dt className="audit-diff__name num">{c.field}</dt>
          <dd className="audit-diff__values">
            {c.kind !== 'added' ? (
              <span className="audit-diff__before" data-testid="audit-diff-before">
                {c.before || <i className="faint">empty</i>}
              </span>
            ) : null}
            {c.kind !== 'removed' ? (
              <span className="audit-diff__after" data-testid="audit-diff-after">
                {c.after || <i className="faint">empty</i>}
              </span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
