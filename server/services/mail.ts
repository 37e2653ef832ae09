/**
 * Outgoing mail through nodemailer (DESIGN.md): SMTP when SMTP_URL is set, otherwise each
 * message is written as one RFC 5322 `.eml` file to `DATA_DIR/outbox/` (nodemailer's stream
 * transport builds the message; we only choose where the bytes go).
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

export type MailMessage = { to: string; subject: string; text: string; html?: string }
export type Mailer = { send: (message: MailMessage) => Promise<void> }

/** Create the mailer for an env: SMTP (`smtpUrl`) or the outbox folder under `dataDir`. */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message })
      },
    }
  }
  const outbox = path.join(opts.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message })
      await fs.mkdir(outbox, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(outbox, `${stamp}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`)
      // Write then rename so a reader never sees a half-written message.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer)
      await fs.rename(`${file}.tmp`, file)
    },
  }
}
