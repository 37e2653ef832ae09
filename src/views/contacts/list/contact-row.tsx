/**
 * One contacts table row (SPEC.md 2 "Contacts list"): checkbox, contact (name, e-mail), subject
 * and the start of the message, the related project, status, received date, and the row actions
 * (mark read, mark replied, archive, view). An unread row (status 'new') stands out: bold name and
 * subject, the badge's dot and an accent bar at its left edge (contacts-list.css). Its controls are
 * the list's commands with this row as `target`, so they act on this row only. Text from the
 * customer is rendered as text.
 */
import { memo } from 'react'
import { Archive, Eye, MailOpen, Reply } from 'lucide-react'
import { isUnreadStatus, type ContactSummary } from '../../../api/schemas/contacts'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { TableCell } from '../../../components/table'
import { VirtualRow, type VirtualRowSlot } from '../../../components/list/virtual-table'
import { formatDate, formatDateTime } from '../../../lib/format'
import { ContactStatusBadge } from '../shared/contact-status-badge'

interface ContactRowProps extends VirtualRowSlot {
  contact: ContactSummary
  onOpen: (id: string) => void
}

export const ContactRow = memo(function ContactRow({ contact: c, onOpen, ...slot }: ContactRowProps) {
  const target = { kind: 'contact', id: c._id }
  const unread = isUnreadStatus(c.status)
  return (
    <VirtualRow
      {...slot}
      id={c._id}
      onOpen={onOpen}
      data-testid="contact-row"
      data-status={c.status}
      data-unread={unread || undefined}
      className="contacts-row"
    >
      <TableCell>
        <CommandCheckbox id="contacts.toggleSelect" target={target} />
      </TableCell>
      <TableCell className="list-row__text">
        <span className="list-row__title contacts-row__name">{c.name}</span>
        <span className="list-row__desc faint">{c.email}</span>
      </TableCell>
      <TableCell className="list-row__text">
        <span className="list-row__title contacts-row__subject">{c.subject || '(no subject)'}</span>
        <span className="list-row__desc faint" data-testid="contact-excerpt">
          {c.excerpt}
        </span>
      </TableCell>
      <TableCell className={c.project ? '' : 'faint'}>{c.project?.title ?? '—'}</TableCell>
      <TableCell data-testid="status-cell">
        <ContactStatusBadge status={c.status} />
      </TableCell>
      <TableCell className="muted num" data-fit title={formatDateTime(c.createdAt)}>
        {formatDate(c.createdAt)}
      </TableCell>
      <TableCell align="end" className="list-row__actions">
        <CommandIconButton id="contacts.markRead" target={target} size="sm" icon={<MailOpen size={14} />} />
        <CommandIconButton id="contacts.markReplied" target={target} size="sm" icon={<Reply size={14} />} />
        <CommandIconButton id="contacts.archive" target={target} size="sm" icon={<Archive size={14} />} />
        <CommandIconButton id="contacts.view" target={target} size="sm" icon={<Eye size={14} />} />
      </TableCell>
    </VirtualRow>
  )
})
