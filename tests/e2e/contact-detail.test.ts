/**
 * The Contact detail end to end against the real server: opening an unread contact marks
 * it read; a reply written and sent from the keyboard only (r, typing, Ctrl+Enter; a blank one is
 * refused with 'Please enter a reply message') reaches the customer as a mail (read back from the
 * SMTP sink the e2e server sends through: To, Subject 'Re: …', the reply, the quoted original) and
 * the page then shows the previous reply instead of the form; a failed send keeps the text; a
 * message `<script>alert(1)</script>` sent through the public form shows as text and runs nothing;
 * quick actions are disabled in their own status; 'Contact not found'; 'Error Loading Contact' with
 * Retry and 'Back to Contacts'. Screenshots light and dark at 1400 px.
 */
import fs from 'node:fs'
import path from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import type { ContactDetail, ContactStatus, ContactSummary } from '../../src/api/schemas/contacts'
import { apiRequest, screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const mailDir = inject('mailDir')

const api = async <T = any>(method: string, apiPath: string, body?: object) =>
  apiRequest<T>(baseUrl, await adminAccessToken(), method, apiPath, body)
const getContact = async (id: string) => (await api<{ contact: ContactDetail }>('GET', `/api/contacts/${id}`)).contact
/** Seeded contacts in `status`, newest first. */
const contactsIn = async (status: ContactStatus) =>
  (await api<{ contacts: ContactSummary[] }>('GET', `/api/contacts?status=${status}&limit=20`)).contacts

/** The newest mail to `to` in the SMTP sink's folder written at or after `after` (ms epoch), waiting up to 10 s. */
async function mailTo(to: string, after: number): Promise<ParsedMail> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const files = fs
      .readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => path.join(mailDir, f))
      .filter((f) => fs.statSync(f).mtimeMs >= after)
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(file))
      if (
        mail.to &&
        !Array.isArray(mail.to) &&
        mail.to.value.some((a) => a.address?.toLowerCase() === to.toLowerCase())
      )
        return mail
    }
  }
  throw new Error(`no mail to ${to} in ${mailDir}`)
}

describe('contact detail', () => {
  let page: Page
  signedInPagePerTest((p) => (page = p))

  const statusBadge = () => page.getByTestId('contact-status')
  const quick = (status: ContactStatus) => page.locator(`[data-command="contacts.detail.status.${status}"]`)
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor()
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const open = async (id: string) => {
    await page.goto(`${baseUrl}/contacts/${id}`)
    await page.getByTestId('contact-detail').waitFor()
  }

  it('an unread contact is marked read on opening; a reply from the keyboard is mailed with the original quoted', async () => {
    const [summary] = await contactsIn('new')
    const original = await getContact(summary._id)
    const marked = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/contacts/${original._id}`))
    await open(original._id)
    expect((await marked).postDataJSON()).toEqual({ status: 'read' })
    await statusBadge().filter({ hasText: 'Read' }).waitFor()
    expect((await getContact(original._id)).status).toBe('read')
    expect(await page.getByTestId('contact-message').textContent()).toBe(original.message)
    expect(await quick('read').isDisabled()).toBe(true)

    // Blank: Send is disabled and mod+Enter says why.
    await blur()
    await page.keyboard.press('r')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('reply-box')
    expect(await page.locator('[data-command="contacts.detail.sendReply"]').isDisabled()).toBe(true)
    await page.keyboard.type('   ')
    await page.keyboard.press('Control+Enter')
    await toast('Please enter a reply message')
    // Escape leaves the box; r brings the keyboard back.
    await page.keyboard.press('Escape')
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('TEXTAREA')
    await page.keyboard.press('r')
    await page.keyboard.press('Control+a')
    const reply = `Dear ${original.name},\n\nYes, the project ships with setup docs.\n  — Support`
    await page.keyboard.type(reply)
    const sentAt = Date.now() - 1000
    await page.keyboard.press('Control+Enter')

    await page.getByTestId('contact-reply').waitFor()
    expect(await page.getByTestId('contact-reply').textContent()).toBe(reply)
    expect(await page.getByTestId('section-reply').count()).toBe(0)
    await statusBadge().filter({ hasText: 'Replied' }).waitFor()
    expect(await quick('replied').isDisabled()).toBe(true)
    const stored = await getContact(original._id)
    expect(stored).toMatchObject({ status: 'replied', reply })
    expect(stored.repliedAt).not.toBeNull()

    const mail = await mailTo(original.email, sentAt)
    expect(mail.subject).toBe(`Re: ${original.subject || 'Your inquiry'}`)
    expect(mail.text).toContain(reply.split('\n')[0])
    expect(mail.text).toContain('Yes, the project ships with setup docs.')
    for (const line of original.message.split('\n')) expect(mail.text).toContain(`> ${line}`.trimEnd())
  })

  it("a failed send shows 'Failed to send reply: {reason}' and keeps the text for another try", async () => {
    const [contact] = await contactsIn('read')
    await open(contact._id)
    await page.route(`**/api/contacts/${contact._id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 502, json: { success: false, message: 'Mail server unavailable' } })
        : route.fallback(),
    )
    await page.getByTestId('reply-box').fill('Checking in')
    await page.locator('[data-command="contacts.detail.sendReply"]').click()
    await page.getByRole('alert').filter({ hasText: 'Failed to send reply: Mail server unavailable' }).first().waitFor()
    expect(await page.getByTestId('reply-box').inputValue()).toBe('Checking in')
    expect((await getContact(contact._id)).status).toBe('read')
  })

  it('a message with <script> from the public form shows as text and runs nothing', async () => {
    const message = '<script>alert(1)</script>\n<img src=x onerror="alert(2)">'
    const res = await fetch(`${baseUrl}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: '<b>Mallory</b>',
        email: `mallory.${Date.now()}@example.in`,
        subject: '<i>Hi</i>',
        message,
      }),
    })
    expect(res.status).toBe(201)
    const { contactId } = (await res.json()) as { contactId: string }
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await open(contactId)
    await page.getByRole('heading', { name: '<i>Hi</i>' }).waitFor()
    expect(await page.getByTestId('contact-message').textContent()).toBe(message)
    expect(await page.getByTestId('contact-message').locator('script, img').count()).toBe(0)
    expect(await page.getByText('<b>Mallory</b>').first().isVisible()).toBe(true)
    await page.waitForTimeout(300)
    expect(dialogs).toEqual([])
  })

  it('quick actions from the keyboard, each disabled in its own status; reopening an unread contact marks it read again', async () => {
    const [contact] = await contactsIn('archived')
    await open(contact._id)
    await statusBadge().filter({ hasText: 'Archived' }).waitFor()
    const disabled = async () =>
      Object.fromEntries(
        await Promise.all(
          (['read', 'replied', 'archived', 'new'] as const).map(async (s) => [s, await quick(s).isDisabled()] as const),
        ),
      )
    expect(await disabled()).toEqual({ read: false, replied: false, archived: true, new: false })
    await blur()
    await page.keyboard.press('i')
    await toast('Contact marked as read')
    await statusBadge().filter({ hasText: 'Read' }).waitFor()
    expect(await disabled()).toEqual({ read: true, replied: false, archived: false, new: false })
    await page.keyboard.press('Shift+U')
    await statusBadge().filter({ hasText: 'Unread' }).waitFor()
    expect(await disabled()).toEqual({ read: false, replied: false, archived: false, new: true })
    expect((await getContact(contact._id)).status).toBe('new')
    await page.keyboard.press('e')
    await statusBadge().filter({ hasText: 'Archived' }).waitFor()
    expect((await getContact(contact._id)).status).toBe('archived')

    await page.emulateMedia({ colorScheme: 'light' })
    await screenshot(page, 'contact-detail')
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.waitForTimeout(400)
    await screenshot(page, 'contact-detail-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    await page.keyboard.press('y')
    await statusBadge().filter({ hasText: 'Replied' }).waitFor()
    expect(await page.getByTestId('section-reply').count()).toBe(0)
    expect(await disabled()).toEqual({ read: false, replied: true, archived: false, new: false })
  })

  it("links: the related project (o) and the registered user; 'Back to Contacts'", async () => {
    const withProject = (await contactsIn('read')).find((c) => c.project)
    expect(withProject).toBeDefined()
    await open(withProject!._id)
    await page.getByTestId('section-related-project').getByText(withProject!.project!.title).waitFor()
    await blur()
    await page.keyboard.press('o')
    await page.waitForURL(`${baseUrl}/projects/${withProject!.project!._id}`)
    await page.goBack()
    await page.locator('[data-command="contacts.detail.back"]').first().click()
    await page.waitForURL(`${baseUrl}/contacts`)

    // A registered user with the contact's e-mail: the info card and the top bar lead to them.
    const [other] = (await contactsIn('read')).filter((c) => c._id !== withProject!._id)
    const existing = (await getContact(other._id)).user
    const user =
      existing ??
      (
        await api<{ user: { _id: string; name: string } }>('POST', '/api/users', {
          name: other.name,
          email: other.email,
        })
      ).user
    await open(other._id)
    await page
      .getByTestId('section-contact-meta')
      .locator('[data-command="contacts.detail.openUser"]')
      .getByText(user.name)
      .waitFor()
    await page.locator('.project-detail__top [data-command="contacts.detail.openUser"]').click()
    await page.waitForURL(`${baseUrl}/users/${user._id}`)
  })

  it("'Contact not found' for an unknown id; 'Error Loading Contact' with Retry and 'Back to Contacts'", async () => {
    await page.goto(`${baseUrl}/contacts/0193a0f0-0000-7000-8000-00000000dead`)
    await page.getByText('Contact not found').waitFor()
    await page.locator('[data-command="contacts.detail.back"]').waitFor()

    const [contact] = await contactsIn('read')
    await page.route(`**/api/contacts/${contact._id}`, (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Database unavailable' } }),
    )
    await page.goto(`${baseUrl}/contacts/${contact._id}`)
    await page.getByText('Error Loading Contact').waitFor()
    await page.getByText('Database unavailable').waitFor()
    await page.locator('[data-command="contacts.detail.back"]').waitFor()
    await page.unroute(`**/api/contacts/${contact._id}`)
    await page.locator('[data-command="app.retry"]').click()
    await page.getByTestId('contact-detail').waitFor()
  })
})
