/**
 * The audit log table: every matching entry in one virtualized scroll, page after page
 * by cursor as it nears the end (VirtualTable's load-more). Columns: When (IST, to the second),
 * Admin, Action (in words, audit-labels.ts; the code in its tooltip and the panel), Record (its
 * label, a link running audit.openRecord for that row), Changes (the changed fields' labels). A
 * click on a row opens its diff panel.
 */
import { memo, useCallback, useMemo, type ReactNode } from 'react'
import type { AuditEntry } from '../../api/schemas/audit'
import { AUDIT_ENTRY } from '../../commands/audit.commands'
import { CommandLink } from '../../commands/command-link'
import { TableCell, TableHeadCell } from '../../components/table'
import { VirtualRow, VirtualTable, type VirtualRowSlot } from '../../components/list/virtual-table'
import { auditChanges, auditEntityHref, auditEntityText, formatAuditTime } from './audit-format'
import { auditActionText, auditFieldLabel } from './audit-labels'

/**
 * When, Admin, Action, Record, Changes; the minimums add up to 936 px (Table's --table-min-width),
 * which fits the 1280 px layout.
 */
export const AUDIT_COLUMNS = '196px minmax(150px, 1fr) minmax(200px, 1fr) minmax(170px, 1.2fr) minmax(220px, 1.2fr)'
const ROW_HEIGHT = 48

export interface AuditTableProps {
  entries: readonly AuditEntry[]
  focus: number
  openId: string
  canLoadMore: boolean
  hasMore: boolean
  onLoadMore: () => void
  footer: ReactNode
  onOpen: (id: string) => void
}

const idOf = (e: AuditEntry) => e.id
const NO_SELECTION: readonly string[] = []

export function AuditTable({
  entries,
  focus,
  openId,
  canLoadMore,
  hasMore,
  onLoadMore,
  footer,
  onOpen,
}: AuditTableProps) {
  const renderRow = useCallback(
    (entry: AuditEntry, slot: VirtualRowSlot) => (
      <AuditRow entry={entry} {...slot} open={entry.id === openId} onOpen={onOpen} />
    ),
    [openId, onOpen],
  )
  return (
    <VirtualTable
      rows={entries}
      rowId={idOf}
      columns={AUDIT_COLUMNS}
      rowHeight={ROW_HEIGHT}
      className="audit-table"
      bodyTestId="audit-rows"
      focus={focus}
      selection={NO_SELECTION}
      canLoadMore={canLoadMore}
      hasMore={hasMore}
      onLoadMore={onLoadMore}
      footer={footer}
      renderRow={renderRow}
      header={
        <>
          <TableHeadCell>When (IST)</TableHeadCell>
          <TableHeadCell>Admin</TableHeadCell>
          <TableHeadCell>Action</TableHeadCell>
          <TableHeadCell>Record</TableHeadCell>
          <TableHeadCell>Changes</TableHeadCell>
        </>
      }
    />
  )
}

interface AuditRowProps extends VirtualRowSlot {
  entry: AuditEntry
  open: boolean
  onOpen: (id: string) => void
}

/** One entry: the record cell is the entity link when the console has a page for it, else plain text. */
const AuditRow = memo(function AuditRow({
  entry: e,
  index,
  start,
  height,
  active,
  selected,
  open,
  onOpen,
}: AuditRowProps) {
  const fields = useMemo(
    () => auditChanges(e.before, e.after).map((c) => auditFieldLabel(c.field)),
    [e.before, e.after],
  )
  const text = auditEntityText(e.entityType, e.entityId, e.entityLabel)
  return (
    <VirtualRow
      id={e.id}
      index={index}
      start={start}
      height={height}
      active={active}
      selected={selected}
      onOpen={onOpen}
      aria-current={open || undefined}
      data-testid="audit-row"
      className="audit-row"
    >
      <TableCell className="num muted" data-testid="audit-when">
        {formatAuditTime(e.at)}
      </TableCell>
      <TableCell data-testid="audit-who">
        <span className="list-row__text">
          <span className="list-row__title">
            {e.actor?.name ?? <span className="faint">{e.actorId ? 'Deleted user' : 'System'}</span>}
          </span>
          {e.actor ? <span className="list-row__desc faint">{e.actor.email}</span> : null}
        </span>
      </TableCell>
      <TableCell data-testid="audit-action" title={e.action}>
        {auditActionText(e.action)}
      </TableCell>
      <TableCell data-testid="audit-record">
        <span className="list-row__text">
          {auditEntityHref(e.entityType, e.entityId) ? (
            <CommandLink
              id="audit.openRecord"
              target={{ kind: AUDIT_ENTRY, id: e.id }}
              className="audit-record__link"
              data-testid="audit-record-link"
            >
              {text}
            </CommandLink>
          ) : (
            <span className="list-row__title">{text}</span>
          )}
          <span className="list-row__desc faint">{e.entityType}</span>
        </span>
      </TableCell>
      <TableCell className="muted audit-row__changes" data-testid="audit-changes" title={fields.join(', ')}>
        {fields.length ? fields.join(', ') : <span className="faint">—</span>}
      </TableCell>
    </VirtualRow>
  )
})
