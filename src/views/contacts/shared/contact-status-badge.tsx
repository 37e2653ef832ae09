/**
 * A contact's status as a badge (SPEC.md 4 "Contact status"): the one label/tone table of the
 * contacts list, the contact detail and anything else that shows a contact's status. 'new' reads
 * 'Unread' (CONTACT_STATUS_LABELS) and carries a dot so unread rows stand out.
 */
import { CONTACT_STATUS_LABELS, type ContactStatus } from '../../../api/schemas/contacts'
import { Badge, type BadgeTone } from '../../../components/badge'

export const CONTACT_STATUS_TONE: Readonly<Record<ContactStatus, BadgeTone>> = {
  new: 'accent',
  read: 'neutral',
  replied: 'success',
  archived: 'warning',
}

export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  return (
    <span className="contact-status" data-status={status}>
      <Badge tone={CONTACT_STATUS_TONE[status]} dot={status === 'new'}>
        {CONTACT_STATUS_LABELS[status]}
      </Badge>
    </span>
  )
}
