/**
 * Outgoing mail through nodemailer (DESIGN.md): SMTP when SMTP_URL is set, otherwise each
 * message is written as one RFC 5322 `.eml` file to `DATA_DIR/outbox/` (nodemailer's stream
 * transport builds the message; we only choose where the bytes go). A message may name its own
 * sender (`from`, `replyTo`: the contact replies, server/services/contact-reply.ts); `mailFailureReason` says why a
 * send failed without the SMTP URL or its credentials.
 */
import { readdirSync, rmSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { maskSecrets } from '../http/error-log'

/** A mailbox with its display name; nodemailer quotes and encodes the name. */
export type MailAddress = { name: string; address: string }
/** One message; `from` (default: the mailer's sender, MAIL_FROM) and `replyTo` are RFC 5322 addresses or mailboxes. */
export type MailMessage = {
  to: string
  subject: string
  text: string
  html?: string
  from?: string | MailAddress
  replyTo?: string | MailAddress
}
export type Mailer = { send: (message: MailMessage) => Promise<void> }

/** The suffix of a message still being written (`<name>.eml.tmp`); readers take `.eml` files only. */
const UNFINISHED = '.tmp'

/**
 * Create the mailer for an env: SMTP (`smtpUrl`) or the outbox folder under `dataDir`, from which
 * the `.eml.tmp` files a crash left half-written are removed first. Made once per DATA_DIR, by the
 * server holding its lock (main.ts), so no other process is writing there.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ ...message, from: message.from ?? opts.from })
      },
    }
  }
  const outbox = path.join(opts.dataDir, 'outbox')
  removeUnfinished(outbox)
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, from: message.from ?? opts.from })
      await fs.mkdir(outbox, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(outbox, `${stamp}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`)
      // Write then rename so a reader never sees a half-written message; a failed write leaves nothing.
      const temp = `${file}${UNFINISHED}`
      try {
        await fs.writeFile(temp, info.message as Buffer)
        await fs.rename(temp, file)
      } catch (error) {
        await fs.rm(temp, { force: true })
        throw error
      }
    },
  }
}

/** Remove the unfinished messages (`*.eml.tmp`) from `outbox`, if it exists. */
function removeUnfinished(outbox: string): void {
  let names: string[]
  try {
    names = readdirSync(outbox)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  for (const name of names) {
    if (name.endsWith(`.eml${UNFINISHED}`)) rmSync(path.join(outbox, name), { force: true })
  }
}

const REASON_MAX = 200

/**
 * Why a send failed, for a person (the contact reply's 502, 'Failed to send reply: {reason}'): the
 * first line of the error's message (nodemailer quotes the SMTP server's answer there, e.g. "Can't
 * send mail - all recipients were rejected: 550 No such user"), at most REASON_MAX characters,
 * with the SMTP URL (`smtpUrl`), its user name and password and any `scheme://user:pass@` removed.
 */
export function mailFailureReason(error: unknown, smtpUrl?: string): string {
  const raw = error instanceof Error ? error.message : String(error ?? '')
  let line = (raw.split(/\r?\n/)[0] ?? '').trim()
  const secrets: string[] = []
  if (smtpUrl) {
    secrets.push(smtpUrl)
    try {
      const url = new URL(smtpUrl)
      for (const part of [url.password, url.username]) {
        // A one- or two-letter part would cut words apart; such a credential is no secret anyway.
        if (part.length >= 3) secrets.push(part, decodeURIComponent(part))
      }
    } catch {
      // Not a URL nodemailer could have used either; the whole string is still removed.
    }
  }
  for (const secret of secrets.filter(Boolean).sort((a, b) => b.length - a.length))
    line = line.split(secret).join('[redacted]')
  line = maskSecrets(line.replace(/\b([a-z][\w+.-]*:\/\/)[^\s/@]*@/gi, '$1[redacted]@'))
  if (!line) return 'The mail could not be sent'
  return line.length > REASON_MAX ? `${line.slice(0, REASON_MAX)}…` : line
}
