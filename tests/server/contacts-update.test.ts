/**
 * PUT /api/contacts/{id} {status} and PUT /api/contacts/bulk-update (SPEC.md 4 "Contact
 * status") on PGlite and PostgreSQL: any status from any other, repliedAt set on the first move to
 * replied, isRead always equal to status <> 'new' (also after bulk and direct SQL; it cannot be
 * written), the bulk all or nothing (an unknown id: 404 naming it, nothing changed), audit rows
 * with the admin, and the dashboard's unread count equal to the stats' unread.
 */
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { expect, it } from 'vitest'
import { ContactMessageResponseSchema, CONTACT_STATUSES } from '../../src/api/schemas/contacts'
import { contactsHelpers } from './contacts-helpers'
import { describeEachDatabase } from './harness'
import { rawRows } from '../../server/db/sql'

describeEachDatabase('contacts status updates API', (get) => {
  const h = contactsHelpers(get)

  it('sets any status from any other; isRead follows; repliedAt is set once; audited with the admin', async () => {
    const contact = await h.addContact()
    const admin = await h.admin()
    const seen: string[] = []
    for (const from of CONTACT_STATUSES) {
      for (const to of CONTACT_STATUSES) {
        await h.db().execute(sql`UPDATE contacts SET status = ${from} WHERE id = ${contact.id}`)
        const res = await h.put(`/api/contacts/${contact.id}`, { status: to })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        const body = v.parse(ContactMessageResponseSchema, res.body)
        expect(body.contact).toMatchObject({ status: to, isRead: to !== 'new' })
        const row = await h.row(contact.id)
        expect([row.status, row.isRead]).toEqual([to, to !== 'new'])
        seen.push(`${from}->${to}`)
      }
    }
    expect(seen).toHaveLength(16)
    const row = await h.row(contact.id)
    expect(row.repliedAt).not.toBeNull()
    expect(row.reply).toBeNull()
    const audits = await h.auditOf(contact.id)
    // The 12 real changes, not the 4 same-status PUTs.
    expect(audits).toHaveLength(12)
    expect(audits.every((a) => a.actorId === admin.id && a.action === 'contact.status' && a.ip === '10.0.0.1')).toBe(
      true,
    )
    expect(audits[0]).toMatchObject({ before: { status: 'new' }, after: { status: 'read' } })
  })

  it('answers the message and the contact; marking replied without a reply keeps an earlier repliedAt and sends nothing', async () => {
    const mails = get().mails.length
    const contact = await h.addContact()
    const read = await h.put(`/api/contacts/${contact.id}`, { status: 'read' })
    expect(read.body).toMatchObject({
      success: true,
      message: 'Contact status updated to read',
      contact: { _id: contact.id, status: 'read', isRead: true, repliedAt: null },
    })
    const replied = await h.put(`/api/contacts/${contact.id}`, { status: 'replied' })
    expect(replied.body.message).toBe('Contact status updated to replied')
    const first = replied.body.contact.repliedAt as string
    expect(Math.abs(Date.parse(first) - get().deps.now().getTime())).toBeLessThan(5000)
    await h.put(`/api/contacts/${contact.id}`, { status: 'archived' })
    const again = await h.put(`/api/contacts/${contact.id}`, { status: 'replied' })
    expect(again.body.contact).toMatchObject({ status: 'replied', repliedAt: first, reply: null })
    expect((await h.put(`/api/contacts/${contact.id}`, { status: 'new' })).body.contact).toMatchObject({
      isRead: false,
      message: contact.message,
    })
    expect(get().mails.length).toBe(mails)
  })

  it('refuses a bad body, an unknown id and a reply with another status', async () => {
    const contact = await h.addContact()
    const cases: [unknown, string][] = [
      [{}, 'Status is required'],
      [{ status: 'unread' }, 'Status must be one of new, read, replied, archived'],
      [{ status: 'read', isRead: false }, 'isRead'],
      [{ status: 'read', reply: 'Hello' }, 'A reply can only be sent with status replied'],
      [{ status: 'replied', reply: '   ' }, 'Please enter a reply message'],
    ]
    for (const [body, message] of cases) {
      const res = await h.put(`/api/contacts/${contact.id}`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toContain(message)
    }
    expect((await h.row(contact.id)).status).toBe('new')
    expect(await h.put(`/api/contacts/${crypto.randomUUID()}`, { status: 'read' })).toMatchObject({
      status: 404,
      body: { message: 'Contact not found' },
    })
  })

  it('cannot store a status and a read state that disagree', async () => {
    const contact = await h.addContact({ status: 'archived' })
    await expect(h.db().execute(sql`UPDATE contacts SET is_read = false WHERE id = ${contact.id}`)).rejects.toThrow()
    await expect(
      h.db().execute(sql`INSERT INTO contacts (id, name, email, message, is_read)
      VALUES (gen_random_uuid(), 'x', 'x@example.in', 'm', true)`),
    ).rejects.toThrow()
    const [mismatch] = await rawRows<{ n: number }>(
      h.db(),
      sql`SELECT count(*)::int AS n FROM contacts WHERE is_read = (status = 'new')`,
    )
    expect(mismatch.n).toBe(0)
  })

  it('bulk: every action sets its status on all the contacts, in one go; duplicates count once', async () => {
    const made = await Promise.all([
      h.addContact(),
      h.addContact({ status: 'replied', repliedAt: new Date('2026-01-01') }),
      h.addContact({ status: 'archived' }),
    ])
    const ids = made.map((c) => c.id)
    for (const [action, status] of [
      ['mark_read', 'read'],
      ['mark_unread', 'new'],
      ['mark_replied', 'replied'],
      ['archive', 'archived'],
    ] as const) {
      const res = await h.put('/api/contacts/bulk-update', { contactIds: [...ids, ids[0]], action })
      expect(res, action).toMatchObject({
        status: 200,
        body: { success: true, message: 'Updated 3 contacts', updated: 3 },
      })
      for (const id of ids) {
        const row = await h.row(id)
        expect([row.status, row.isRead]).toEqual([status, status !== 'new'])
      }
    }
    // mark_replied set repliedAt where it was null and kept the earlier one.
    expect((await h.row(ids[1])).repliedAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect((await h.row(ids[0])).repliedAt).not.toBeNull()
    const one = await h.put('/api/contacts/bulk-update', { contactIds: [ids[0]], action: 'mark_read' })
    expect(one.body.message).toBe('Updated 1 contact')
    const audits = await h.auditOf(ids[2])
    expect(audits.map((a) => (a.after as { status: string }).status)).toEqual(['read', 'new', 'replied', 'archived'])
  })

  it('bulk: all or nothing; an unknown id is named in a 404 and nothing changes', async () => {
    const a = await h.addContact()
    const b = await h.addContact({ status: 'read' })
    const unknown = crypto.randomUUID()
    const res = await h.put('/api/contacts/bulk-update', { contactIds: [a.id, unknown, b.id], action: 'archive' })
    expect(res).toMatchObject({ status: 404, body: { success: false, message: `Contact not found: ${unknown}` } })
    expect([(await h.row(a.id)).status, (await h.row(b.id)).status]).toEqual(['new', 'read'])
    expect(await h.auditOf(a.id)).toEqual([])
  })

  it('bulk: refuses an empty selection, a bad id, an unknown action and more than 500 ids', async () => {
    const cases: [unknown, string][] = [
      [{ contactIds: [], action: 'archive' }, 'Please select contacts to update'],
      [{ action: 'archive' }, 'Please select contacts to update'],
      [{ contactIds: ['x'], action: 'archive' }, 'Invalid id'],
      [
        { contactIds: [crypto.randomUUID()], action: 'delete' },
        'Action must be one of mark_read, mark_unread, mark_replied, archive',
      ],
      [
        { contactIds: Array.from({ length: 501 }, () => crypto.randomUUID()), action: 'archive' },
        'At most 500 contacts at once',
      ],
    ]
    for (const [body, message] of cases) {
      const res = await h.put('/api/contacts/bulk-update', body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.body.message).toContain(message)
    }
  })

  it('gives the dashboard the same unread count as the stats (status new), after every kind of write', async () => {
    const unread = async () => {
      const [stats, dashboard] = await Promise.all([h.get('/api/contacts/stats'), h.get('/api/admin/dashboard/stats')])
      expect(dashboard.body.stats.overview.totalContacts).toBe(stats.body.stats.total)
      expect(dashboard.body.stats.overview.unreadContacts).toBe(stats.body.stats.unread)
      expect(stats.body.stats.unread).toBe(stats.body.stats.byStatus.new)
      return stats.body.stats.unread as number
    }
    const start = await unread()
    const a = await h.addContact()
    const b = await h.addContact()
    expect(await unread()).toBe(start + 2)
    await h.put(`/api/contacts/${a.id}`, { status: 'read' })
    expect(await unread()).toBe(start + 1)
    await h.put('/api/contacts/bulk-update', { contactIds: [a.id, b.id], action: 'mark_unread' })
    expect(await unread()).toBe(start + 2)
    await h.put('/api/contacts/bulk-update', { contactIds: [a.id, b.id], action: 'archive' })
    expect(await unread()).toBe(start)
  })
})
