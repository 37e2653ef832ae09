/**
 * Pure rules of the contacts inbox (SPEC.md 4 "Contact status", 8): the reply mail
 * (subject, text with the original quoted), the texts of the answers, and the public form's rate
 * limit window. No I/O.
 */
import { CONTACT_STATUS_LABELS, type ContactStatus } from '../../src/api/schemas/contacts'
import { formatIstDateTime } from './ist-time'

/** The public form: at most CONTACT_FORM_MAX_PER_IP messages per client IP in any CONTACT_FORM_WINDOW_MS. */
export const CONTACT_FORM_WINDOW_MS = 15 * 60 * 1000
export const CONTACT_FORM_MAX_PER_IP = 5
/** A reply claim older than this is a sender that died mid-send: another reply may take it over. */
export const REPLY_CLAIM_STALE_MS = 2 * 60 * 1000

export const ALREADY_REPLIED = 'This contact has already been replied to'
export const REPLY_IN_FLIGHT = 'A reply to this contact is being sent'
export const CONTACT_CREATED_MESSAGE = 'Thank you for contacting us. We will get back to you soon.'

/** 'Re: {subject}', or 'Re: Your inquiry' for a contact without a subject. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim()
  return trimmed ? `Re: ${trimmed}` : 'Re: Your inquiry'
}

/** When a contact was received, as the reply's attribution line shows it: '5 Jan 2026, 3:04 pm IST'. */
export function formatReceivedAt(at: Date): string {
  return formatIstDateTime(at)
}

/**
 * The reply's text body: the reply, a blank line, 'On {date}, {name} <{email}> wrote:' and the
 * original message with every line prefixed by '> '.
 */
export function replyText(
  reply: string,
  original: { name: string; email: string; message: string; createdAt: Date },
): string {
  const quoted = original.message
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`)
    .join('\n')
  return `${reply}\n\nOn ${formatReceivedAt(original.createdAt)}, ${original.name} <${original.email}> wrote:\n${quoted}\n`
}

/** 'Contact status updated to read' (the label of SPEC.md 4, lower-case). */
export function statusMessage(status: ContactStatus): string {
  return `Contact status updated to ${CONTACT_STATUS_LABELS[status].toLowerCase()}`
}

/** 'Updated 3 contacts' / 'Updated 1 contact'. */
export function bulkMessage(count: number): string {
  return `Updated ${count} contact${count === 1 ? '' : 's'}`
}

/**
 * The 429 text when `sent` messages are already in the window, the oldest at `oldest`; null while
 * under the limit. N (whole minutes, at least 1) is when the oldest leaves the window.
 */
export function rateLimitMessage(sent: number, oldest: Date | null, now: Date): string | null {
  if (sent < CONTACT_FORM_MAX_PER_IP || !oldest) return null
  const minutes = Math.max(1, Math.ceil((oldest.getTime() + CONTACT_FORM_WINDOW_MS - now.getTime()) / 60_000))
  return `Too many messages. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
