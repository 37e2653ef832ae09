/**
 * The reply form of the contact detail (SPEC.md 2, 4 "Contact status", 5); the page shows it
 * unless the contact is replied. The text lives in the reply machine; 'Send Reply' is the `contacts.detail.sendReply`
 * command (disabled while the text is blank, mod+Enter sends from inside the box); R puts the
 * keyboard in the box and Escape takes it out. A failure ('Failed to send reply: {reason}') shows
 * under the box and the text stays for another try.
 */
import { useEffect, type Ref } from 'react'
import { useSelector } from '@xstate/react'
import { Send } from 'lucide-react'
import type { ActorRefFrom } from 'xstate'
import { CONTACT_LIMITS, type ContactDetail } from '../../../api/schemas/contacts'
import { CommandButton } from '../../../commands/command-button'
import { Field, TextArea } from '../../../components/field'
import { useFocusFirstInvalid } from '../../../components/focus-first-invalid'
import type { contactReplyMachine } from '../../../machines/contact-reply.machine'
import { Section } from './contact-sections'

interface ReplyFormProps {
  contact: ContactDetail
  actor: ActorRefFrom<typeof contactReplyMachine>
  boxRef: Ref<HTMLTextAreaElement>
  onFocusChange: (focused: boolean) => void
}

export function ReplyForm({ contact, actor, boxRef, onFocusChange }: ReplyFormProps) {
  const text = useSelector(actor, (s) => s.context.text)
  const error = useSelector(actor, (s) => s.context.error)
  const sending = useSelector(actor, (s) => s.matches('sending'))
  useFocusFirstInvalid(error)
  // A box removed while focused (the reply went out) fires no blur.
  useEffect(() => () => onFocusChange(false), [onFocusChange])
  return (
    <Section id="reply" title="Send Reply">
      <div className="form-stack">
        <Field
          label={
            <>
              Reply to {contact.name} <span className="faint">&lt;{contact.email}&gt;</span>
            </>
          }
          error={error}
          hint="Sent by e-mail with the original message quoted"
        >
          {(id) => (
            <TextArea
              id={id}
              ref={boxRef}
              rows={7}
              value={text}
              maxLength={CONTACT_LIMITS.reply}
              readOnly={sending}
              placeholder="Type your reply…"
              aria-invalid={error ? true : undefined}
              data-testid="reply-box"
              onFocus={() => onFocusChange(true)}
              onBlur={() => onFocusChange(false)}
              onChange={(e) => actor.send({ type: 'reply.change', value: e.target.value })}
            />
          )}
        </Field>
        <div className="contact-detail__reply-actions">
          <CommandButton
            id="contacts.detail.sendReply"
            variant="primary"
            loading={sending}
            icon={<Send size={14} />}
            showShortcut
          />
        </div>
      </div>
    </Section>
  )
}
