/**
 * Contact detail (SPEC.md 2 "Contact detail", 4 "Contact status", 5, 8): contact info,
 * the message, the related project, the reply form (shown unless replied; reply machine), the
 * previous reply, quick actions and an info card (status machine), with 'Back to Contacts' and,
 * for a registered user, the way back to that user. Opening an unread contact marks it read once.
 * 'Contact not found' for a 404 (or a malformed id); 'Error Loading Contact' with the message (else
 * 'Failed to load contact details'), Retry and 'Back to Contacts' otherwise.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { ArrowLeft, UserRound } from 'lucide-react'
import { useParams } from 'wouter'
import { ApiError } from '../../../api/client'
import { invalidateContacts, useContact } from '../../../api/contacts'
import { useRecordOpened } from '../../../api/preferences'
import type { ContactDetail } from '../../../api/schemas/contacts'
import { CommandButton } from '../../../commands/command-button'
import { CommandRetry } from '../../../commands/command-retry'
import type { ContactDetailHandle } from '../../../commands/contact-detail.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { PresenceBar, PresenceContext } from '../../../components/presence/presence'
import { usePresence } from '../../../components/presence/use-presence'
import { EmptyState, ErrorState, LoadingState } from '../../../components/states'
import { toast } from '../../../components/toast'
import { contactReplyMachine, isBlankReply } from '../../../machines/contact-reply.machine'
import { contactStatusMachine } from '../../../machines/contact-status.machine'
import { actorOptions } from '../../../machines/shared/inspect'
import { ContactStatusBadge } from '../shared/contact-status-badge'
import { InfoCard, QuickActions } from './contact-aside'
import { ContactInfoSection, MessageSection, PreviousReplySection, RelatedProjectSection } from './contact-sections'
import { ReplyForm } from './reply-form'
import '../../../components/sections/sections.css'
import './contact-detail.css'

/** What another admin may be editing here: the reply ('Asha is editing the reply'). */
const SECTION_TITLES: Readonly<Record<string, string>> = { reply: 'the reply' }

const BACK = <CommandButton id="contacts.detail.back" icon={<ArrowLeft size={14} />} />

export default function ContactDetailView() {
  const { id } = useParams<{ id: string }>()
  const { data, error, isPending, refetch } = useContact(id)
  useRecordOpened('contact', data?._id, data ? `${data.name}${data.subject ? ` · ${data.subject}` : ''}` : undefined)
  if (isPending) return <LoadingState title="Loading contact" />
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return <EmptyState title="Contact not found" description="It may have been deleted." action={BACK} />
  }
  if (error || !data) {
    return (
      <ErrorState
        title="Error Loading Contact"
        message={error?.message || 'Failed to load contact details'}
        action={
          <div className="contact-detail__state-actions">
            <CommandRetry retry={() => void refetch()} />
            {BACK}
          </div>
        }
      />
    )
  }
  return <ContactDetailPage key={data._id} contact={data} />
}

function ContactDetailPage({ contact }: { contact: ContactDetail }) {
  const queryClient = useQueryClient()
  const status = useActorRef(contactStatusMachine, actorOptions({ input: { contact } }))
  const reply = useActorRef(contactReplyMachine, actorOptions({ input: { contactId: contact._id } }))
  const updating = useSelector(status, (s) => !s.matches('idle'))
  const conflict = useSelector(status, (s) => s.matches('conflict'))
  const sending = useSelector(reply, (s) => s.matches('sending'))
  const replyBlank = useSelector(reply, (s) => isBlankReply(s.context.text))
  const [replyFocused, setReplyFocused] = useState(false)
  const boxRef = useRef<HTMLTextAreaElement>(null)
  // Writing a reply (the box focused, or text in it) is editing it.
  const viewers = usePresence('contact', contact._id, replyFocused || !replyBlank ? 'reply' : null)
  // A newer copy of the contact (a reply sent, a refetch) is the version the next status change is based on.
  useEffect(
    () => status.send({ type: 'contact.refresh', version: contact.updatedAt, status: contact.status }),
    [status, contact.updatedAt, contact.status],
  )

  useEffect(() => {
    const changed = (e: { contact: ContactDetail }) => void invalidateContacts(queryClient, e.contact)
    const subs = [
      status.on('contact.changed', changed),
      status.on('notify.success', (e) => toast.success(e.text)),
      status.on('notify.error', (e) => toast.error(e.text)),
      reply.on('reply.sent', changed),
      reply.on('contact.stale', () => void invalidateContacts(queryClient)),
      reply.on('notify.success', (e) => toast.success(e.text)),
      reply.on('notify.error', (e) => toast.error(e.text)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [status, reply, queryClient])

  const focusReply = useCallback(() => boxRef.current?.focus(), [])
  const leaveReply = useCallback(() => boxRef.current?.blur(), [])
  const handle = useMemo<ContactDetailHandle>(
    () => ({
      contact,
      reply,
      status,
      replyBlank,
      sending,
      updating,
      conflict,
      replyFocused,
      focusReply,
      leaveReply,
    }),
    [contact, reply, status, replyBlank, sending, updating, conflict, replyFocused, focusReply, leaveReply],
  )
  usePublishCommandContext(
    useMemo(() => ({ contactDetail: handle, focused: { kind: 'contact', id: contact._id } }), [handle, contact._id]),
  )

  return (
    <PresenceContext.Provider value={viewers}>
      <div className="contact-detail" data-testid="contact-detail">
        <div className="project-detail__top">
          <div className="project-detail__actions">
            <CommandButton id="contacts.detail.back" variant="ghost" size="sm" icon={<ArrowLeft size={14} />} />
            <CommandButton id="contacts.detail.openUser" variant="ghost" size="sm" icon={<UserRound size={14} />} />
          </div>
        </div>
        <div className="project-detail__heading contact-detail__heading">
          <h1>{contact.subject || contact.name}</h1>
          <ContactStatusBadge status={contact.status} />
          <span className="muted contact-detail__from">{contact.subject ? `From ${contact.name}` : 'No subject'}</span>
          <PresenceBar titles={SECTION_TITLES} />
        </div>
        <div className="project-detail__grid">
          <div className="project-detail__sections">
            <ContactInfoSection contact={contact} />
            <MessageSection contact={contact} />
            <RelatedProjectSection contact={contact} />
            <PreviousReplySection contact={contact} />
            {contact.status === 'replied' ? null : (
              <ReplyForm contact={contact} actor={reply} boxRef={boxRef} onFocusChange={setReplyFocused} />
            )}
          </div>
          <aside className="project-detail__aside contact-detail__aside">
            <QuickActions actor={status} />
            <InfoCard contact={contact} />
          </aside>
        </div>
      </div>
    </PresenceContext.Provider>
  )
}
