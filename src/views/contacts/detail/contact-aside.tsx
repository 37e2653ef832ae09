/**
 * The contact detail's side column (SPEC.md 2 "Contact detail", 4 "Contact status"): the quick
 * actions (Mark as Read / Mark as Replied / Archive / Mark as Unread, each a command disabled in its
 * own status, with the last failure 'Failed to update contact status: {reason}'; a stale change
 * waiting for Keep mine / Take theirs shows the conflict bar in their place) and the info card
 * (status, received, last updated, replied at, and the registered user with the contact's e-mail).
 */
import { useSelector } from '@xstate/react'
import { Archive, CheckCheck, Mail, MailOpen } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { ContactDetail, ContactStatus } from '../../../api/schemas/contacts'
import { CommandButton } from '../../../commands/command-button'
import { CommandLink } from '../../../commands/command-link'
import { ConflictBar } from '../../../components/sections/conflict-bar'
import { conflictRows } from '../../../components/sections/conflict-rows'
import { Fact } from '../../../components/sections/section-card-frame'
import { formatDateTime } from '../../../lib/format'
import {
  CONTACT_STATUS_ACTIONS,
  contactFieldLabel,
  contactValueText,
  type contactStatusMachine,
} from '../../../machines/contact-status.machine'
import { ContactStatusBadge } from '../shared/contact-status-badge'
import { Section } from './contact-sections'

const ICONS: Record<ContactStatus, ReactNode> = {
  read: <MailOpen size={14} />,
  replied: <CheckCheck size={14} />,
  archived: <Archive size={14} />,
  new: <Mail size={14} />,
}

export function QuickActions({ actor }: { actor: ActorRefFrom<typeof contactStatusMachine> }) {
  const error = useSelector(actor, (s) => s.context.error)
  const target = useSelector(actor, (s) => s.context.target)
  const conflict = useSelector(actor, (s) => (s.matches('conflict') ? s.context.conflict : null))
  if (conflict) {
    return (
      <Section id="quick-actions" title="Quick Actions">
        <ConflictBar
          rows={conflictRows(conflict, { label: contactFieldLabel, show: contactValueText })}
          commandPrefix="contacts.detail"
        />
      </Section>
    )
  }
  return (
    <Section id="quick-actions" title="Quick Actions">
      <div className="contact-detail__quick">
        {CONTACT_STATUS_ACTIONS.map(({ status }) => (
          <CommandButton
            key={status}
            id={`contacts.detail.status.${status}`}
            icon={ICONS[status]}
            loading={target === status}
            showShortcut
          />
        ))}
      </div>
      {error ? (
        <p className="banner banner--error contact-detail__error" role="alert" data-testid="status-error">
          {error}
        </p>
      ) : null}
    </Section>
  )
}

const dash = <span className="faint">—</span>

export function InfoCard({ contact }: { contact: ContactDetail }) {
  return (
    <Section id="contact-meta" title="Information">
      <dl className="contact-detail__meta">
        <Fact label="Status">
          <span data-testid="contact-status">
            <ContactStatusBadge status={contact.status} />
          </span>
        </Fact>
        <Fact label="Received">{formatDateTime(contact.createdAt)}</Fact>
        <Fact label="Last updated">{formatDateTime(contact.updatedAt)}</Fact>
        <Fact label="Replied at" empty={dash}>
          {contact.repliedAt ? formatDateTime(contact.repliedAt) : ''}
        </Fact>
        <Fact label="Registered user" empty={<span className="faint">Not a registered user</span>}>
          {contact.user ? <CommandLink id="contacts.detail.openUser">{contact.user.name}</CommandLink> : ''}
        </Fact>
      </dl>
    </Section>
  )
}
