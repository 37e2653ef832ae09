/**
 * GET /api/contacts, /api/contacts/stats and /api/contacts/{id} (SPEC.md 2, 3 "Contact")
 * on PGlite and PostgreSQL: newest first with working pages, search over each of the four fields
 * (case-insensitive, % and _ literal, never across two fields), the status filter, the excerpt,
 * the project and registered user of a contact, 404, and exact stats (this month from the 1st,
 * 00:00 IST, with a fixed clock at the boundary).
 */
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { beforeEach, expect, it } from 'vitest'
import {
  ContactListResponseSchema,
  ContactResponseSchema,
  ContactStatsResponseSchema,
} from '../../src/api/schemas/contacts'
import { createApp } from '../../server/app'
import { contacts, users } from '../../server/db/schema'
import { contactsHelpers } from './contacts-helpers'
import { describeEachDatabase } from './harness'

describeEachDatabase('contacts list, detail and stats API', (get) => {
  const h = contactsHelpers(get)
  // Each test starts without contacts, whatever ran before it.
  beforeEach(async () => {
    await h.db().delete(contacts)
  })
  const list = async (query = '') => {
    const res = await h.get(`/api/contacts${query}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return v.parse(ContactListResponseSchema, res.body)
  }
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000)

  it('requires an admin token', async () => {
    for (const url of ['/api/contacts', '/api/contacts/stats', `/api/contacts/${crypto.randomUUID()}`]) {
      expect((await h.get(url)).status).not.toBe(401)
      const anonymous = await get().app.request(url)
      expect(anonymous.status).toBe(401)
    }
  })

  it('lists newest first (created_at, then id) with an excerpt, the project and isRead = status <> new', async () => {
    const project = await h.addProject('Inventory Suite')
    const long = `${'a'.repeat(199)}béz${'c'.repeat(300)}`
    const same = at(5)
    const a = await h.addContact({
      name: 'Older',
      createdAt: at(10),
      status: 'read',
      message: long,
      projectId: project.id,
    })
    const b = await h.addContact({ name: 'Tie one', createdAt: same, status: 'new', phone: '+91 90000 00000' })
    const c = await h.addContact({ name: 'Tie two', createdAt: same, status: 'archived' })
    const d = await h.addContact({
      name: 'Newest',
      createdAt: at(1),
      status: 'replied',
      reply: 'Done',
      repliedAt: at(0),
    })
    const body = await list()
    const tieOrder = [b.id, c.id].sort().reverse()
    expect(body.contacts.map((x) => x._id)).toEqual([d.id, ...tieOrder, a.id])
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalContacts: 4 })
    const older = body.contacts.find((x) => x._id === a.id)!
    expect(older).toMatchObject({
      name: 'Older',
      status: 'read',
      isRead: true,
      phone: '',
      project: { _id: project.id, title: 'Inventory Suite' },
      repliedAt: null,
      createdAt: a.createdAt.toISOString(),
    })
    expect(older.excerpt).toBe(long.slice(0, 200))
    expect(body.contacts.find((x) => x._id === b.id)).toMatchObject({
      isRead: false,
      status: 'new',
      phone: '+91 90000 00000',
      project: null,
    })
    expect(body.contacts.find((x) => x._id === d.id)?.repliedAt).toBe(d.repliedAt?.toISOString())
    for (const row of body.contacts) expect(row.isRead).toBe(row.status !== 'new')
  })

  it('pages: limit rows per page, every contact once, the exact total and page count', async () => {
    const made = []
    for (let i = 0; i < 23; i++)
      made.push(await h.addContact({ createdAt: at(100 - i), status: i % 3 === 0 ? 'new' : 'read' }))
    const expected = made.map((c) => c.id).reverse()
    const seen: string[] = []
    for (let page = 1; page <= 3; page++) {
      const body = await list(`?limit=10&page=${page}`)
      expect(body.pagination).toEqual({ currentPage: page, totalPages: 3, totalContacts: 23 })
      expect(body.contacts).toHaveLength(page < 3 ? 10 : 3)
      seen.push(...body.contacts.map((c) => c._id))
    }
    expect(seen).toEqual(expected)
    expect((await list('?limit=10&page=4')).contacts).toEqual([])
    expect((await list()).contacts).toHaveLength(20)
    const unread = await list('?status=new&limit=5&page=2')
    expect(unread.pagination).toEqual({ currentPage: 2, totalPages: 2, totalContacts: 8 })
    expect(unread.contacts.map((c) => c._id)).toEqual(
      made
        .filter((_, i) => i % 3 === 0)
        .map((c) => c.id)
        .reverse()
        .slice(5),
    )
    expect((await list('?status=all')).pagination.totalContacts).toBe(23)
    expect((await list('?status=replied')).pagination).toEqual({ currentPage: 1, totalPages: 0, totalContacts: 0 })
  })

  it('pages through equal created_at by id, with and without a search and a status (the page ids come first)', async () => {
    const same = at(30)
    const made: Awaited<ReturnType<typeof h.addContact>>[] = []
    for (let i = 0; i < 12; i++) {
      made.push(
        await h.addContact({
          createdAt: same,
          status: i % 2 ? 'read' : 'new',
          subject: i % 3 ? 'Refund request' : 'Demo',
        }),
      )
    }
    const byIdDesc = (rows: typeof made) =>
      rows
        .map((c) => c.id)
        .sort()
        .reverse()
    for (const [query, rows] of [
      ['', made],
      ['&search=REFUND', made.filter((c) => c.subject === 'Refund request')],
      ['&status=read&search=refund', made.filter((c) => c.status === 'read' && c.subject === 'Refund request')],
    ] as const) {
      const seen: string[] = []
      for (let page = 1; page <= 3; page++)
        seen.push(...(await list(`?limit=5&page=${page}${query}`)).contacts.map((c) => c._id))
      expect(seen, query).toEqual(byIdDesc(rows))
    }
  })

  it('refuses bad queries with 400 naming the field', async () => {
    for (const [query, message] of [
      ['?page=0', 'Page must be at least 1'],
      ['?limit=101', 'Limit cannot exceed 100'],
      ['?status=unread', 'Status must be one of new, read, replied, archived'],
      ['?page=x', 'Page must be a whole number'],
    ]) {
      const res = await h.get(`/api/contacts${query}`)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
    }
  })

  it('searches name, e-mail, subject and message case-insensitively; % and _ are literal; never across fields', async () => {
    const byName = await h.addContact({
      name: 'Zoya Qureshi',
      email: 'zq@example.in',
      subject: 'Hello',
      message: 'Plain',
    })
    const byEmail = await h.addContact({
      name: 'A',
      email: 'ravi.MEHTA@mailbox.in',
      subject: 'Hello',
      message: 'Plain',
    })
    const bySubject = await h.addContact({
      name: 'B',
      email: 'b@example.in',
      subject: 'Refund for ORDER 100%',
      message: 'Plain',
    })
    const byMessage = await h.addContact({
      name: 'C',
      email: 'c@example.in',
      subject: 'Hi',
      message: 'line one\nthe snake_case field',
    })
    const decoy = await h.addContact({
      name: 'D',
      email: 'd@example.in',
      subject: 'Refund for ORDER 1000',
      message: 'snakeXcase',
    })
    const ids = async (search: string, status = '') =>
      (await list(`?search=${encodeURIComponent(search)}${status ? `&status=${status}` : ''}`)).contacts
        .map((c) => c._id)
        .sort()
    expect(await ids('zOYA q')).toEqual([byName.id])
    expect(await ids('ravi.mehta@MAILBOX')).toEqual([byEmail.id])
    expect(await ids('order 100%')).toEqual([bySubject.id])
    expect(await ids('snake_case')).toEqual([byMessage.id])
    expect(await ids('order 100')).toEqual([bySubject.id, decoy.id].sort())
    expect(await ids('%')).toEqual([bySubject.id])
    expect(await ids('_')).toEqual([byMessage.id])
    // The fields are apart: the end of the name and the start of the e-mail do not join.
    expect(await ids('qureshizq')).toEqual([])
    expect(await ids('qureshi zq')).toEqual([])
    expect(await ids('hello', 'read')).toEqual([])
    const found = await list('?search=refund&limit=1')
    expect(found.pagination).toEqual({ currentPage: 1, totalPages: 2, totalContacts: 2 })
  })

  it('answers one contact with its whole message, reply, project and the registered user of its e-mail', async () => {
    const project = await h.addProject('Hotel Booking')
    const [user] = await h
      .db()
      .insert(users)
      .values({ name: 'Meera Iyer', email: `Meera.${h.uniq()}@Example.in` })
      .returning()
    const message = `${'x'.repeat(250)}\n<script>alert(1)</script>`
    const contact = await h.addContact({
      name: 'Meera',
      email: user.email.toUpperCase(),
      message,
      projectId: project.id,
      status: 'replied',
      reply: 'Thanks',
      repliedAt: at(1),
    })
    const res = await h.get(`/api/contacts/${contact.id}`)
    expect(res.status).toBe(200)
    const detail = v.parse(ContactResponseSchema, res.body).contact
    expect(detail).toEqual({
      _id: contact.id,
      name: 'Meera',
      email: contact.email,
      phone: '',
      subject: contact.subject,
      excerpt: message.slice(0, 200),
      message,
      status: 'replied',
      isRead: true,
      project: { _id: project.id, title: 'Hotel Booking' },
      reply: 'Thanks',
      repliedAt: contact.repliedAt?.toISOString(),
      user: { _id: user.id, name: 'Meera Iyer' },
      createdAt: contact.createdAt.toISOString(),
      updatedAt: contact.updatedAt.toISOString(),
    })
    const stranger = await h.addContact({ email: 'nobody-registered@example.in' })
    expect((await h.get(`/api/contacts/${stranger.id}`)).body.contact).toMatchObject({
      user: null,
      project: null,
      reply: null,
    })
    // A deleted project leaves the contact without one.
    await h.db().execute(sql`DELETE FROM projects WHERE id = ${project.id}`)
    expect((await h.get(`/api/contacts/${contact.id}`)).body.contact.project).toBeNull()
  })

  it('answers 404 Contact not found and 400 for a malformed id', async () => {
    const missing = await h.get(`/api/contacts/${crypto.randomUUID()}`)
    expect(missing).toMatchObject({ status: 404, body: { success: false, message: 'Contact not found' } })
    expect((await h.get('/api/contacts/not-an-id')).status).toBe(400)
  })

  it('counts exactly: total, unread = byStatus.new, every status, this month', async () => {
    const statuses = ['new', 'new', 'new', 'read', 'read', 'replied', 'archived'] as const
    for (const status of statuses) await h.addContact({ status, createdAt: at(1) })
    await h.addContact({ status: 'read', createdAt: new Date(Date.now() - 80 * 86_400_000) })
    const res = await h.get('/api/contacts/stats')
    expect(res.status).toBe(200)
    expect(v.parse(ContactStatsResponseSchema, res.body).stats).toEqual({
      total: 8,
      unread: 3,
      thisMonth: expect.any(Number),
      byStatus: { new: 3, read: 3, replied: 1, archived: 1 },
    })
    // Moving one contact moves the counts (the triggers of migration 0021), also through a direct UPDATE.
    await h.db().execute(sql`UPDATE contacts SET status = 'archived' WHERE status = 'new'`)
    expect((await h.get('/api/contacts/stats')).body.stats).toMatchObject({
      total: 8,
      unread: 0,
      byStatus: { new: 0, read: 3, replied: 1, archived: 4 },
    })
  })

  it('counts this month from the 1st, 00:00 IST, by the injected clock', async () => {
    // 1 March 2026 00:00 IST is 28 February 18:30 UTC; the app's clock stands 10 minutes later.
    const monthStart = new Date('2026-02-28T18:30:00.000Z')
    const app = createApp({ ...get().deps, now: () => new Date(monthStart.getTime() + 10 * 60_000) })
    await h.addContact({ createdAt: new Date(monthStart.getTime() - 1) })
    await h.addContact({ createdAt: new Date(monthStart.getTime() - 5 * 60 * 60_000), status: 'read' })
    await h.addContact({ createdAt: monthStart, status: 'read' })
    await h.addContact({ createdAt: new Date(monthStart.getTime() + 60_000) })
    const res = await app.request('/api/contacts/stats', { headers: { authorization: `Bearer ${await h.token()}` } })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { stats: unknown }).stats).toEqual({
      total: 4,
      unread: 2,
      thisMonth: 2,
      byStatus: { new: 2, read: 2, replied: 0, archived: 0 },
    })
  })
})
