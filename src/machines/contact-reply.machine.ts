/**
 * The contact detail's reply form (SPEC.md 2 "Contact detail", 4 "Contact status", 5, 8): a blank
 * reply is never sent; a failure keeps the text, and a 409 (already replied, or a reply in flight)
 * emits `contact.stale` so the view reloads. States: docs/machines/contactReply.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { ApiError } from '../api/client'
import { sendContactReply } from '../api/contacts'
import { withReason } from '../api/error-text'
import { CONTACT_LIMITS, REPLY_REQUIRED_MESSAGE, type ContactDetail } from '../api/schemas/contacts'

export interface ContactReplyContext {
  contactId: string
  /** The reply as typed. */
  text: string
  /** 'Please enter a reply message' or the last failure's text; null when there is none. */
  error: string | null
}

export type ContactReplyEvent = { type: 'reply.change'; value: string } | { type: 'reply.send' }

export type ContactReplyEmitted =
  | { type: 'reply.sent'; contact: ContactDetail }
  /** The server refused because the contact changed (409): reload it. */
  | { type: 'contact.stale' }
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }

/** True when `text` has nothing but whitespace (SPEC.md 5: such a reply cannot be sent). */
export const isBlankReply = (text: string) => text.trim() === ''

/** SPEC.md 8: 'Failed to send reply: {reason}' ('Request failed' when the failure has none). */
export const replyFailureText = (error: unknown) => withReason('Failed to send reply', error)

const replySetup = setup({
  types: {
    context: {} as ContactReplyContext,
    events: {} as ContactReplyEvent,
    emitted: {} as ContactReplyEmitted,
    input: {} as { contactId: string },
  },
  actors: {
    sendReply: fromPromise<ContactDetail, { id: string; reply: string }>(({ input }) =>
      sendContactReply(input.id, input.reply),
    ),
  },
  actions: {
    setText: assign({ text: (_, params: { value: string }) => params.value.slice(0, CONTACT_LIMITS.reply) }),
    clearError: assign({ error: null }),
    showRequired: assign({ error: REPLY_REQUIRED_MESSAGE }),
    clearForm: assign({ text: '', error: null }),
    keepFailure: assign({ error: (_, params: { error: unknown }) => replyFailureText(params.error) }),
    announceSent: emit((_, params: { contact: ContactDetail }) => ({
      type: 'reply.sent' as const,
      contact: params.contact,
    })),
    notifySent: emit((_, params: { contact: ContactDetail }) => ({
      type: 'notify.success' as const,
      text: `Reply sent to ${params.contact.email}`,
    })),
    notifyFailure: emit(({ context }) => ({ type: 'notify.error' as const, text: context.error ?? '' })),
    announceStale: emit({ type: 'contact.stale' as const }),
  },
  guards: {
    isBlank: ({ context }) => isBlankReply(context.text),
    isConflict: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 409,
  },
})

/** From sent or failed: typing goes back to editing; a send is tried again (a blank one refused in editing). */
const AFTER_SENDING = {
  'reply.change': {
    target: 'editing',
    actions: [
      'clearError',
      { type: 'setText', params: ({ event }: { event: { value: string } }) => ({ value: event.value }) },
    ],
  },
  'reply.send': [
    { guard: 'isBlank', target: 'editing', actions: 'showRequired' },
    { target: 'sending', actions: 'clearError' },
  ],
} as const

export const contactReplyMachine = replySetup.createMachine({
  id: 'contactReply',
  context: ({ input }) => ({ contactId: input.contactId, text: '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'reply.change': {
          actions: ['clearError', { type: 'setText', params: ({ event }) => ({ value: event.value }) }],
        },
        'reply.send': [
          { guard: 'isBlank', actions: 'showRequired' },
          { target: 'sending', actions: 'clearError' },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'sendReply',
        id: 'sendReply',
        input: ({ context }) => ({ id: context.contactId, reply: context.text }),
        onDone: {
          target: 'sent',
          actions: [
            'clearForm',
            { type: 'announceSent', params: ({ event }) => ({ contact: event.output }) },
            { type: 'notifySent', params: ({ event }) => ({ contact: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: [
              { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
              'notifyFailure',
              'announceStale',
            ],
          },
          {
            target: 'failed',
            actions: [{ type: 'keepFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyFailure'],
          },
        ],
      },
    },
    /** The form was cleared; the view hides it while the contact is replied. */
    sent: { on: AFTER_SENDING },
    /** The text is kept for another try. */
    failed: { on: AFTER_SENDING },
  },
})
