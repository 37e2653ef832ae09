/**
 * Replying to a contact by e-mail (SPEC.md 4 "Contact status"): claim, send, record.
 * No database transaction is held while the mail server is talked to (PGlite has one connection;
 * a slow SMTP server must not stall every other request): the claim is one UPDATE that only one
 * of two concurrent replies can win (db/queries/contacts-write.queries.ts claimReply), so exactly
 * one mail leaves. A failed send drops the claim and answers 502 with the mailer's reason (never
 * the SMTP URL or credentials); the contact is then unchanged.
 */
import addressparser from 'nodemailer/lib/addressparser/index.js'
import type { AdminUser, AppDeps } from '../deps'
import { claimReply, recordReply, releaseReplyClaim, type Actor } from '../db/queries/contacts-write.queries'
import { replySubject, replyText } from '../domain/contacts'
import { describeError } from '../http/error-log'
import { badGateway } from '../http/errors'
import { mailFailureReason, type MailAddress } from './mail'

/** The product's name in a reply's sender when the configured address carries none. */
const DEFAULT_SENDER_NAME = 'Marketplace'

/**
 * Who a contact reply comes from and where the customer's answer goes. The customer answers a
 * person's mail, so the sender reads '{admin} via {product}' at the contact address
 * (CONTACT_REPLY_FROM, e.g. 'Marketplace <contact@shop.example.in>'), and Reply-To is that
 * address. Without CONTACT_REPLY_FROM the mail leaves from MAIL_FROM's address, which is usually
 * a no-reply one: Reply-To is then the replying admin's own e-mail, so an answer still reaches
 * someone.
 */
export function replySender(
  env: { CONTACT_REPLY_FROM?: string; MAIL_FROM: string },
  admin: Pick<AdminUser, 'name' | 'email'>,
): { from: MailAddress; replyTo: MailAddress } {
  const configured = env.CONTACT_REPLY_FROM ? mailbox(env.CONTACT_REPLY_FROM) : null
  const sender = configured ?? mailbox(env.MAIL_FROM)
  const product = sender.name || DEFAULT_SENDER_NAME
  return {
    from: { name: admin.name ? `${admin.name} via ${product}` : product, address: sender.address },
    replyTo: configured ?? { name: admin.name, address: admin.email },
  }
}

/** The first mailbox of an RFC 5322 address ('Name <a@b>' or 'a@b'). */
function mailbox(value: string): MailAddress {
  const [first] = addressparser(value, { flatten: true })
  return { name: first?.name ?? '', address: first?.address ?? value }
}

/**
 * Mail `reply` to contact `id` ('Re: {subject}', the original quoted, from and Reply-To as
 * replySender says for `admin`) and record it: status replied, reply, repliedAt, audited with
 * `actor`. Throws 404, 409 (already replied / a reply in flight) or 502 (the mail failed).
 */
export async function replyToContact(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'now'>,
  id: string,
  reply: string,
  actor: Actor,
  admin: Pick<AdminUser, 'name' | 'email'>,
): Promise<void> {
  const claimedAt = deps.now()
  const contact = await claimReply(deps.db, id, claimedAt)
  const { from, replyTo } = replySender(deps.env, admin)
  try {
    await deps.mailer.send({
      to: contact.email,
      from,
      replyTo,
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
