/**
 * The diff panel of the audit screen: opened by ?entry=<id> (Enter or a click on a
 * row), it shows who, when, the action, the record (a link) and the before/after per field
 * (AuditDiff), plus the client IP. Shown for a loaded entry; one not loaded (an old bookmark) says
 * so. Its close and open-record controls are commands.
 */
import { ExternalLink, X } from 'lucide-react'
import type { AuditEntry } from '../../api/schemas/audit'
import { AUDIT_ENTRY } from '../../commands/audit.commands'
import { CommandIconButton } from '../../commands/command-icon-button'
import { DetailList, SidePanel } from '../../components/side-panel'
import { AuditDiff } from './audit-diff'
import { auditEntityText, formatAuditTime } from './audit-format'

const close = <CommandIconButton id="audit.closeDetails" size="sm" icon={<X size={14} />} />

export function AuditPanel({ entry }: { entry: AuditEntry | undefined }) {
  if (!entry) {
    return (
      <SidePanel title="Changes" actions={close} data-testid="audit-panel">
        <p className="side-panel__state muted">
          This entry is not among the loaded ones: scroll to it or clear the filters.
        </p>
      </SidePanel>
    )
  }
  const target = { kind: AUDIT_ENTRY, id: entry.id }
  return (
    <SidePanel
      title={entry.action}
      subtitle={<span className="num">{formatAuditTime(entry.at)} IST</span>}
      actions={
        <>
          <CommandIconButton id="audit.openRecord" target={target} size="sm" icon={<ExternalLink size={14} />} />
          {close}
        </>
      }
      data-testid="audit-panel"
    >
      <DetailList
        items={[
          {
            label: 'Admin',
            value: entry.actor
              ? `${entry.actor.name} (${entry.actor.email})`
              : entry.actorId
                ? 'Deleted user'
                : 'System (no admin)',
          },
          {
            label: 'Record',
            value: `${auditEntityText(entry.entityType, entry.entityId, entry.entityLabel)} · ${entry.entityType}`,
            testId: 'audit-panel-record',
          },
          { label: 'Record id', value: <span className="num">{entry.entityId ?? '—'}</span> },
          { label: 'IP', value: <span className="num">{entry.ip ?? '—'}</span> },
        ]}
      />
      <h3 className="audit-panel__heading">Changes</h3>
      <AuditDiff before={entry.before} after={entry.after} />
    </SidePanel>
  )
}
