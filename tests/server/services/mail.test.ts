/**
 * services/mail.ts: without SMTP_URL each message is one `.eml` file in DATA_DIR/outbox; with it
 * the message goes over SMTP (to the local sink of tests/fixtures/smtp-sink.ts) and the outbox
 * stays empty. No half-written `.eml.tmp` stays in the outbox: one a crash left is removed when the
 * mailer starts, and a write that fails removes its own.
 */
import fs from 'node:fs'
import fsPromises from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMailer, mailFailureReason } from '../../../server/services/mail'
import { codesInMailbox, startSmtpSink, type SmtpSink } from '../../fixtures/smtp-sink'

const MESSAGE = {
  to: 'admin@example.com',
  subject: 'Your Admin Panel sign-in code',
  text: 'Your Admin Panel sign-in code is 042137\n\nIt is valid for 10 minutes.',
}

describe('mailer', () => {
  let dataDir: string
  let sink: SmtpSink
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-'))
    sink = await startSmtpSink(path.join(dataDir, 'sink'))
  })
  afterAll(async () => {
    await sink?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('writes one .eml per message to DATA_DIR/outbox without SMTP_URL', async () => {
    await createMailer({ dataDir, from: 'Admin Panel <no-reply@marketplace.local>' }).send(MESSAGE)
    const files = fs.readdirSync(path.join(dataDir, 'outbox'))
    expect(files).toHaveLength(1)
    const text = fs.readFileSync(path.join(dataDir, 'outbox', files[0]), 'utf8')
    expect(text).toMatch(/^To: admin@example\.com$/m)
    expect(text).toContain('sign-in code is 042137')
  })

  it('delivers over SMTP with SMTP_URL and writes nothing to the outbox', async () => {
    const smtpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-smtp-'))
    try {
      await createMailer({
        smtpUrl: sink.url,
        dataDir: smtpDir,
        from: 'Admin Panel <no-reply@marketplace.local>',
      }).send(MESSAGE)
      expect(codesInMailbox(sink.dir)).toEqual(['042137'])
      expect(fs.existsSync(path.join(smtpDir, 'outbox'))).toBe(false)
    } finally {
      fs.rmSync(smtpDir, { recursive: true, force: true })
    }
  })

  it("lets a message name its own sender and Reply-To; without them the mailer's sender is used", async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-from-'))
    try {
      const mailer = createMailer({ dataDir: outboxDir, from: 'Admin Panel <no-reply@marketplace.local>' })
      await mailer.send({ ...MESSAGE, from: 'Support <support@shop.example.in>', replyTo: 'support@shop.example.in' })
      await mailer.send({ ...MESSAGE, from: undefined })
      const texts = fs
        .readdirSync(path.join(outboxDir, 'outbox'))
        .sort()
        .map((f) => fs.readFileSync(path.join(outboxDir, 'outbox', f), 'utf8'))
      expect(
        texts.filter(
          (t) =>
            /^From: Support <support@shop\.example\.in>$/m.test(t) && /^Reply-To: support@shop\.example\.in$/m.test(t),
        ),
      ).toHaveLength(1)
      expect(
        texts.filter((t) => /^From: Admin Panel <no-reply@marketplace\.local>$/m.test(t) && !/^Reply-To:/m.test(t)),
      ).toHaveLength(1)
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true })
    }
  })

  it('removes the .eml.tmp a crash left in the outbox when it starts, and keeps the mail', () => {
    const crashed = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-crash-'))
    try {
      const outbox = path.join(crashed, 'outbox')
      fs.mkdirSync(outbox)
      fs.writeFileSync(path.join(outbox, '2026-01-01T00-00-00-000Z-1a2bmarketplace.local.eml.tmp'), 'From: half')
      fs.writeFileSync(path.join(outbox, '2026-01-01T00-00-00-000Z-3c4dmarketplace.local.eml'), 'From: whole')
      createMailer({ dataDir: crashed, from: 'Admin Panel <no-reply@marketplace.local>' })
      expect(fs.readdirSync(outbox)).toEqual(['2026-01-01T00-00-00-000Z-3c4dmarketplace.local.eml'])
    } finally {
      fs.rmSync(crashed, { recursive: true, force: true })
    }
  })

  it('leaves no .eml.tmp behind when writing a message fails', async () => {
    const failing = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-fail-'))
    const rename = vi
      .spyOn(fsPromises, 'rename')
      .mockRejectedValueOnce(Object.assign(new Error('no space left'), { code: 'ENOSPC' }))
    try {
      await expect(
        createMailer({ dataDir: failing, from: 'Admin Panel <no-reply@marketplace.local>' }).send(MESSAGE),
      ).rejects.toThrow('no space left')
      expect(rename).toHaveBeenCalledOnce()
      expect(fs.readdirSync(path.join(failing, 'outbox'))).toEqual([])
    } finally {
      rename.mockRestore()
      fs.rmSync(failing, { recursive: true, force: true })
    }
  })

  it('says why a send failed without the SMTP URL or its credentials', () => {
    const url = 'smtps://mailer%40shop:p%40ss-word-9@smtp.shop.example.in:465'
    expect(mailFailureReason(new Error(`Invalid login: 535 bad credentials for ${url}`), url)).toBe(
      'Invalid login: 535 bad credentials for [redacted]',
    )
    expect(
      mailFailureReason(new Error('user mailer@shop, password p@ss-word-9, url smtp://a:b@host\nsecond line'), url),
    ).toBe('user [redacted], password [redacted], url smtp://[redacted]@host')
    expect(mailFailureReason(new Error("Can't send mail - all recipients were rejected: 550 No such user"))).toBe(
      "Can't send mail - all recipients were rejected: 550 No such user",
    )
    expect(mailFailureReason(new Error(''))).toBe('The mail could not be sent')
    expect(mailFailureReason(new Error('x'.repeat(500)))).toHaveLength(201)
  })
})
