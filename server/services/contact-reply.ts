/**
 * Replying to a contact by e-mail (SPEC.md 4 "Contact status"): claim, send, record.
 * No database transaction is held while the mail server is talked to (PGlite has one connection;
 * a slow SMTP server must not stall every other request): the claim is one UPDATE that only one
 * of two concurrent replies can win (db/queries/contacts-write.queries.ts claimReply), so exactly
 * one mail leaves. A failed send drops the claim and answers 502 with the mailer's reason (never
 * the SMTP URL or credentials); the contact is then unchanged.
 */
import type { AppDeps } from '../deps'
import { claimReply, recordReply, releaseReplyClaim, type Actor } from '../db/queries/contacts-write.queries'
import { replySubject, replyText } from '../domain/contacts'
import { describeError } from '../http/error-log'
import { badGateway } from '../http/errors'
import { mailFailureReason } from './mail'

/**
 * Mail `reply` to contact `id` ('Re: {subject}', the original quoted, from CONTACT_REPLY_FROM or
 * MAIL_FROM, Reply-To the same) and record it: status replied, reply, repliedAt, audited with
 * `actor`. Throws 404, 409 (already replied / a reply in flight) or 502 (the mail failed).
 */
export async function replyToContact(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'now'>,
  id: string,
  reply: string,
  actor: Actor,
): Promise<void> {
  const claimedAt = deps.now()
  const contact = await claimReply(deps.db, id, claimedAt)
  const from = deps.env.CONTACT_REPLY_FROM ?? deps.env.MAIL_FROM
  try {
    await deps.mailer.send({
      to: contact.email,
      from,
      replyTo: from,
      subject: replySubject(contact.subject),
      text: replyText(reply, contact),
    })
  } catch (error) {
    await releaseReplyClaim(deps.db, id, claimedAt)
    if (deps.env.LOG_LEVEL !== 'silent')
      console.error(`[contacts] reply to contact ${id} failed: ${describeError(error)}`)
    throw badGateway(mailFailureReason(error, deps.env.SMTP_URL))
  }
  await recordReply(deps.db, id, reply, actor, deps.now())
}
