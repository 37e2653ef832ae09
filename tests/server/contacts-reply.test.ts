/**
 * Replying to a contact by e-mail (PUT /api/contacts/{id} {status: 'replied', reply}) on
 * PGlite and PostgreSQL: the mail read back from the outbox .eml and, once, from a local SMTP
 * server (To; From '{admin} via {product}' at CONTACT_REPLY_FROM's address and Reply-To that
 * address, or without it MAIL_FROM's address and Reply-To the admin; 'Re: {subject}', the reply
 * and the quoted original); a failing mail server (rejecting, or a closed port) leaves the contact exactly
 * as it was and answers 502 with the reason and no credentials; a second reply is 409; two
 * concurrent replies send exactly one mail; a stale claim is taken over.
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { users } from '../../server/db/schema'
import { formatReceivedAt } from '../../server/domain/contacts'
import type { Env } from '../../server/env'
import { createMailer, type Mailer, type MailMessage } from '../../server/services/mail'
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp-sink'
import { addressOf, contactsHelpers, parsedMails } from './contacts-helpers'
import { ADMIN_EMAIL, describeEachDatabase } from './harness'

describeEachDatabase('contact replies by e-mail', (get) => {
  const h = contactsHelpers(get)
  let dir = ''
  let sink: SmtpSink
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contact-reply-'))
    sink = await startSmtpSink(path.join(dir, 'smtp'))
  })
  afterAll(async () => {
    await sink?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  /** The app on the suite's database with `mailer` and extra env. */
  const appWith = (mailer: Mailer, env: Partial<Env> = {}) =>
    createApp({ ...get().deps, mailer, env: { ...get().deps.env, ...env } })
  const reply = async (app: ReturnType<typeof createApp>, id: string, text: string) => {
    const res = await app.request(`/api/contacts/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ status: 'replied', reply: text }),
      headers: {
        authorization: `Bearer ${await h.token()}`,
        'content-type': 'application/json',
        'x-forwarded-for': '10.1.2.3',
      },
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  /** Everything a failed reply must leave as it was. */
  const snapshot = async (id: string) => {
    const row = await h.row(id)
    return { ...row, audits: (await h.auditOf(id)).length }
  }

  it("mails the reply to the outbox: To, From '{admin} via {product}' and Reply-To at CONTACT_REPLY_FROM, Re: subject, the reply and the quoted original", async () => {
    const outbox = path.join(dir, 'outbox-a')
    const app = appWith(createMailer({ dataDir: outbox, from: get().deps.env.MAIL_FROM }), {
      CONTACT_REPLY_FROM: 'Marketplace <contact@shop.example.in>',
    })
    await h.db().update(users).set({ name: 'Asha Rao' }).where(eq(users.email, ADMIN_EMAIL))
    const contact = await h.addContact({
      name: 'Kiran Rao',
      email: 'kiran.rao@example.in',
      subject: 'Licence question',
      message: 'Hello,\nCan I use it twice?\n\nThanks',
      createdAt: new Date('2026-03-05T09:34:00.000Z'),
    })
    const res = await reply(app, contact.id, 'Yes, you can.\nRegards')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({
      success: true,
      message: 'Reply sent to kiran.rao@example.in',
      contact: { _id: contact.id, status: 'replied', isRead: true, reply: 'Yes, you can.\nRegards' },
    })
    expect(Math.abs(Date.parse(res.body.contact.repliedAt) - get().deps.now().getTime())).toBeLessThan(5000)

    const [mail, ...more] = await parsedMails(path.join(outbox, 'outbox'))
    expect(more).toEqual([])
    expect(addressOf(mail.to)).toBe('kiran.rao@example.in')
    // The customer answers the contact address, and sees who wrote.
    const eml = fs.readFileSync(path.join(outbox, 'outbox', fs.readdirSync(path.join(outbox, 'outbox'))[0]), 'utf8')
    expect(eml).toMatch(/^From: "?Asha Rao via Marketplace"? <contact@shop\.example\.in>$/m)
    expect(eml).toMatch(/^Reply-To: "?Marketplace"? <contact@shop\.example\.in>$/m)
    expect(eml).not.toMatch(/no-reply/i)
    expect(addressOf(mail.from)).toBe('contact@shop.example.in')
    expect(mail.from?.value[0].name).toBe('Asha Rao via Marketplace')
    expect(addressOf(mail.replyTo)).toBe('contact@shop.example.in')
    expect(mail.subject).toBe('Re: Licence question')
    expect(formatReceivedAt(contact.createdAt)).toBe('5 Mar 2026, 3:04 pm IST')
    expect(mail.text?.replace(/\r\n/g, '\n')).toBe(
      'Yes, you can.\nRegards\n\nOn 5 Mar 2026, 3:04 pm IST, Kiran Rao ' +
        '<kiran.rao@example.in> wrote:\n> Hello,\n> Can I use it twice?\n> \n> Thanks\n',
    )
    expect(mail.html).toBe(false)

    const row = await h.row(contact.id)
    expect(row).toMatchObject({
      status: 'replied',
      isRead: true,
      reply: 'Yes, you can.\nRegards',
      replyClaimedAt: null,
    })
    const [audit] = await h.auditOf(contact.id)
    expect(audit).toMatchObject({
      action: 'contact.reply',
      actorId: (await h.admin()).id,
      ip: '10.1.2.3',
      before: { status: 'new' },
      after: { status: 'replied', reply: 'Yes, you can.\nRegards' },
    })
  })

  it("sends from MAIL_FROM's address without CONTACT_REPLY_FROM, Reply-To the admin; an empty subject is Re: Your inquiry", async () => {
    const outbox = path.join(dir, 'outbox-b')
    const app = appWith(createMailer({ dataDir: outbox, from: 'Console <console@marketplace.local>' }), {
      MAIL_FROM: 'Console <console@marketplace.local>',
      CONTACT_REPLY_FROM: undefined,
    })
    const contact = await h.addContact({ subject: '', status: 'archived' })
    expect((await reply(app, contact.id, 'Hi')).status).toBe(200)
    const [mail] = await parsedMails(path.join(outbox, 'outbox'))
    expect([addressOf(mail.from), mail.from?.value[0].name, addressOf(mail.replyTo), mail.subject]).toEqual([
      'console@marketplace.local',
      `${(await h.admin()).name} via Console`,
      ADMIN_EMAIL,
      'Re: Your inquiry',
    ])
  })

  it('delivers over SMTP to a local server', async () => {
    const app = appWith(
      createMailer({ smtpUrl: sink.url, dataDir: path.join(dir, 'unused'), from: 'x@marketplace.local' }),
      { SMTP_URL: sink.url, CONTACT_REPLY_FROM: 'help@shop.example.in' },
    )
    const contact = await h.addContact({
      name: 'Anil',
      email: 'anil@example.in',
      subject: 'Invoice',
      message: 'Where is it?',
    })
    expect((await reply(app, contact.id, 'Sent today.')).status).toBe(200)
    const mails = (await parsedMails(sink.dir)).filter((m) => addressOf(m.to) === 'anil@example.in')
    expect(mails).toHaveLength(1)
    expect([addressOf(mails[0].from), mails[0].subject]).toEqual(['help@shop.example.in', 'Re: Invoice'])
    expect(mails[0].text).toContain('Sent today.')
    expect(mails[0].text).toContain('Anil <anil@example.in> wrote:\n> Where is it?')
    expect(fs.existsSync(path.join(dir, 'unused', 'outbox'))).toBe(false)
  })

  it('leaves the contact unchanged and answers 502 with the reason when the SMTP server rejects the mail; no credentials', async () => {
    const rejecting = new SMTPServer({
      secure: false,
      allowInsecureAuth: true,
      logger: false,
      disabledCommands: ['STARTTLS'],
      onAuth: (_auth, _session, done) => done(null, { user: 'mailer' }),
      onRcptTo: (address, _session, done) =>
        done(Object.assign(new Error(`No such mailbox ${address.address}`), { responseCode: 550 })),
    })
    await new Promise<void>((resolve) => rejecting.listen(0, '127.0.0.1', () => resolve()))
    const { port } = rejecting.server.address() as net.AddressInfo
    const smtpUrl = `smtp://relay-user:Sup3rSecretPw@127.0.0.1:${port}`
    try {
      const app = appWith(createMailer({ smtpUrl, dataDir: dir, from: 'x@marketplace.local' }), { SMTP_URL: smtpUrl })
      const contact = await h.addContact({ email: 'bounce@example.in', status: 'read' })
      const before = await snapshot(contact.id)
      const res = await reply(app, contact.id, 'Will bounce')
      expect(res.status).toBe(502)
      expect(res.body.success).toBe(false)
      expect(res.body.message).toContain('550')
      expect(res.body.message).toContain('No such mailbox bounce@example.in')
      for (const secret of ['Sup3rSecretPw', 'relay-user', smtpUrl])
        expect(JSON.stringify(res.body)).not.toContain(secret)
      expect(await snapshot(contact.id)).toEqual(before)
      // The claim was dropped: a reply through a working mailer goes out now.
      const mails: MailMessage[] = []
      expect((await reply(appWith({ send: async (m) => void mails.push(m) }), contact.id, 'Second try')).status).toBe(
        200,
      )
      expect(mails.map((m) => m.to)).toEqual(['bounce@example.in'])
    } finally {
      await new Promise<void>((resolve) => rejecting.close(() => resolve()))
    }
  })

  it('leaves the contact unchanged and answers 502 when the mail server does not answer (a closed port)', async () => {
    const closed = net.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()))
    const { port } = closed.address() as net.AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const smtpUrl = `smtp://someone:An0therSecret@127.0.0.1:${port}`
    const app = appWith(createMailer({ smtpUrl, dataDir: dir, from: 'x@marketplace.local' }), { SMTP_URL: smtpUrl })
    const contact = await h.addContact()
    const before = await snapshot(contact.id)
    const res = await reply(app, contact.id, 'Nobody listens')
    expect(res.status).toBe(502)
    expect(res.body.message).toMatch(/ECONNREFUSED/)
    expect(JSON.stringify(res.body)).not.toContain('An0therSecret')
    expect(await snapshot(contact.id)).toEqual(before)
    expect(before).toMatchObject({ status: 'new', reply: null, repliedAt: null, replyClaimedAt: null })
  })

  it('refuses a second reply with 409 and sends nothing', async () => {
    const mails: MailMessage[] = []
    const app = appWith({ send: async (m) => void mails.push(m) })
    const contact = await h.addContact()
    expect((await reply(app, contact.id, 'First')).status).toBe(200)
    const second = await reply(app, contact.id, 'Second')
    expect(second).toMatchObject({
      status: 409,
      body: { success: false, message: 'This contact has already been replied to' },
    })
    expect(mails).toHaveLength(1)
    expect((await h.row(contact.id)).reply).toBe('First')
    // Also when it was marked replied without a reply.
    const marked = await h.addContact({ status: 'replied' })
    expect((await reply(app, marked.id, 'Late')).status).toBe(409)
    expect(mails).toHaveLength(1)
    expect((await reply(app, crypto.randomUUID(), 'Nobody')).body.message).toBe('Contact not found')
  })

  it('sends exactly one mail for two concurrent replies; the other is told a reply is being sent', async () => {
    const mails: MailMessage[] = []
    const slow: Mailer = {
      send: async (m) => {
        await new Promise((r) => setTimeout(r, 300))
        mails.push(m)
      },
    }
    const app = appWith(slow)
    const contact = await h.addContact()
    const results = await Promise.all([reply(app, contact.id, 'One'), reply(app, contact.id, 'Two')])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(results.find((r) => r.status === 409)?.body.message).toBe('A reply to this contact is being sent')
    expect(mails).toHaveLength(1)
    const won = results.find((r) => r.status === 200)!.body.contact.reply
    expect(mails[0].text.startsWith(`${won}\n`)).toBe(true)
    expect((await h.row(contact.id)).reply).toBe(won)
  })

  it('takes over a claim older than 2 minutes (a sender that died), not a younger one', async () => {
    const mails: MailMessage[] = []
    const app = appWith({ send: async (m) => void mails.push(m) })
    const contact = await h.addContact()
    const claimAt = (msAgo: number) =>
      h.db().execute(sql`UPDATE contacts SET reply_claimed_at =
      ${new Date(get().deps.now().getTime() - msAgo).toISOString()}::timestamptz WHERE id = ${contact.id}`)
    await claimAt(60_000)
    expect((await reply(app, contact.id, 'Blocked')).status).toBe(409)
    await claimAt(3 * 60_000)
    expect((await reply(app, contact.id, 'Taken over')).status).toBe(200)
    expect(mails).toHaveLength(1)
  })
})
