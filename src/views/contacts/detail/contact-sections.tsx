/**
 * The read-only sections of the contact detail (SPEC.md 2 "Contact detail", 3 "Contact"): who wrote
 * (name, e-mail as a mailto link, phone, received date en-IN), the message, the related project (a
 * link to it, else 'No related project') and the previous reply with its date. Everything that came
 * from a customer or an admin is rendered as React text, never as HTML; the message and the reply
 * keep their line breaks and spaces (CSS pre-wrap).
 */
import type { ReactNode } from 'react'
import type { ContactDetail } from '../../../api/schemas/contacts'
import { CommandLink } from '../../../commands/command-link'
import { Fact } from '../../../components/sections/section-card-frame'
import { formatDateTime } from '../../../lib/format'
import { SectionEditors } from '../../../components/presence/presence'

const dash = <span className="faint">—</span>

/** A card with a heading: data-testid `section-{id}` like every detail section. */
export function Section({
  id,
  title,
  aside,
  children,
}: {
  id: string
  title: string
  aside?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="card detail-section" data-testid={`section-${id}`} aria-labelledby={`section-${id}-title`}>
      <header className="card__header detail-section__header">
        <div className="detail-section__title">
          <h2 id={`section-${id}-title`}>{title}</h2>
          <SectionEditors section={id} />
        </div>
        {aside}
      </header>
      <div className="card__body detail-section__body">{children}</div>
    </section>
  )
}

export function ContactInfoSection({ contact }: { contact: ContactDetail }) {
  return (
    <Section id="contact-info" title="Contact Information">
      <dl className="facts">
        <Fact label="Name">{contact.name}</Fact>
        <Fact label="Email">
          <a className="detail-link" href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        </Fact>
        <Fact label="Phone" empty={dash}>
          {contact.phone}
        </Fact>
        <Fact label="Received">{formatDateTime(contact.createdAt)}</Fact>
      </dl>
    </Section>
  )
}

export function MessageSection({ contact }: { contact: ContactDetail }) {
  return (
    <Section id="message" title="Message">
      <p className="contact-detail__text" data-testid="contact-message">
        {contact.message}
      </p>
    </Section>
  )
}

export function RelatedProjectSection({ contact }: { contact: ContactDetail }) {
  return (
    <Section id="related-project" title="Related Project">
      {contact.project ? (
        <CommandLink id="contacts.detail.openProject" className="contact-detail__project">
          {contact.project.title}
        </CommandLink>
      ) : (
        <p className="faint contact-detail__none">No related project</p>
      )}
    </Section>
  )
}

/** Shown when a reply was sent (SPEC.md 2 "the previous reply"), with when it went out. */
export function PreviousReplySection({ contact }: { contact: ContactDetail }) {
  if (contact.reply === null) return null
  return (
    <Section
      id="previous-reply"
      title="Previous Reply"
      aside={
        contact.repliedAt ? (
          <span className="muted contact-detail__when">Sent {formatDateTime(contact.repliedAt)}</span>
        ) : null
      }
    >
      <p className="contact-detail__text" data-testid="contact-reply">
        {contact.reply}
      </p>
    </Section>
  )
}
