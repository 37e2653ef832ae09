/**
 * The contacts list and stats cached per table versions (decision 004, migration 0021):
 * a repeated request is a hit with the same body; every kind of write of this app (status, bulk,
 * reply, the public form) and writes of another connection (contacts, and a project's title shown
 * in the list, by NOTIFY) are seen at once and exactly. Runs with a listening TableVersions, as
 * `npm start` does, on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { rawRows } from '../../server/db/sql'
import { sessionToken } from './session-token'
import { eventually, listeningCacheApp } from './cache-helpers'
import { contactsHelpers } from './contacts-helpers'
import { describeEachDatabase } from './harness'

describeEachDatabase('contacts cache', (get) => {
  const h = contactsHelpers(get)
  const cache = listeningCacheApp(get, async (ctx) => sessionToken(ctx, (await h.admin()).id))

  /** Every request from one client address (the public form's rate limit counts per IP). */
  const request = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    cache.request(method, url, body, { 'x-forwarded-for': '10.5.5.5', ...headers })
  /** The list filtered to `tag` and the stats, each asked twice: the second must be a hit with the same body. */
  const readTwice = async (url: string) => {
    const first = await request('GET', url)
    const second = await request('GET', url)
    expect(first.status).toBe(200)
    expect(second).toMatchObject({ cache: 'hit', body: first.body })
    return first
  }

  it('bumps the contacts version once per writing transaction', async () => {
    const read = async () =>
      Number(
        (await rawRows<{ version: string }>(h.db(), sql`SELECT version FROM table_versions WHERE name = 'contacts'`))[0]
          .version,
      )
    const before = await read()
    await h.db().transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO contacts (id, name, email, message) VALUES (gen_random_uuid(), 'a', 'a@example.in', 'm')`,
      )
      await tx.execute(
        sql`INSERT INTO contacts (id, name, email, message) VALUES (gen_random_uuid(), 'b', 'b@example.in', 'm')`,
      )
    })
    expect(await read()).toBe(before + 1)
  })

  it('serves repeats from the cache and sees each kind of write of this app at once', async () => {
    const tag = `cache${h.uniq()}`
    const [a, b] = [await h.addContact({ subject: `${tag} a` }), await h.addContact({ subject: `${tag} b` })]
    cache.versions.invalidate() // the inserts above bypassed the app
    const url = `/api/contacts?search=${tag}`
    const statuses = async () => {
      const page = await readTwice(url)
      const stats = await readTwice('/api/contacts/stats')
      return {
        rows: page.body.contacts
          .map((c: { _id: string; status: string }) => `${c._id === a.id ? 'a' : 'b'}:${c.status}`)
          .sort(),
        total: page.body.pagination.totalContacts,
        stats: stats.body.stats,
      }
    }
    const start = await statuses()
    expect(start.rows).toEqual(['a:new', 'b:new'])

    expect((await request('PUT', `/api/contacts/${a.id}`, { status: 'read' })).status).toBe(200)
    const afterStatus = await statuses()
    expect(afterStatus.rows).toEqual(['a:read', 'b:new'])
    expect(afterStatus.stats.unread).toBe(start.stats.unread - 1)

    expect(
      (await request('PUT', '/api/contacts/bulk-update', { contactIds: [a.id, b.id], action: 'archive' })).status,
    ).toBe(200)
    const afterBulk = await statuses()
    expect(afterBulk.rows).toEqual(['a:archived', 'b:archived'])
    expect(afterBulk.stats.byStatus.archived).toBe(start.stats.byStatus.archived + 2)

    expect((await request('PUT', `/api/contacts/${b.id}`, { status: 'replied', reply: 'Thanks' })).status).toBe(200)
    expect((await statuses()).rows).toEqual(['a:archived', 'b:replied'])

    const posted = await request(
      'POST',
      '/api/contacts',
      { name: 'New', email: 'new@example.in', message: `about ${tag}` },
      { 'x-forwarded-for': `10.6.${Math.floor(Math.random() * 250)}.1` },
    )
    expect(posted.status).toBe(201)
    const afterPost = await statuses()
    expect(afterPost.total).toBe(3)
    expect(afterPost.stats.total).toBe(start.stats.total + 1)
    expect(afterPost.stats.thisMonth).toBe(start.stats.thisMonth + 1)
  })

  it('sees writes of another connection to contacts and to the title of a listed project', async () => {
    const tag = `out${h.uniq()}`
    const project = await h.addProject(`Title ${tag}`)
    const contact = await h.addContact({ subject: tag, projectId: project.id })
    cache.versions.invalidate()
    const url = `/api/contacts?search=${tag}`
    expect((await readTwice(url)).body.contacts[0].project.title).toBe(`Title ${tag}`)
    const stats = (await readTwice('/api/contacts/stats')).body.stats

    await cache.outsideWrite('UPDATE projects SET title = $1 WHERE id = $2', [`Renamed ${tag}`, project.id])
    await eventually(async () =>
      expect((await request('GET', url)).body.contacts[0].project.title).toBe(`Renamed ${tag}`),
    )

    await cache.outsideWrite(`UPDATE contacts SET status = 'archived' WHERE id = $1`, [contact.id])
    await eventually(async () =>
      expect((await request('GET', url)).body.contacts[0]).toMatchObject({ status: 'archived', isRead: true }),
    )
    await eventually(async () =>
      expect((await request('GET', '/api/contacts/stats')).body.stats.byStatus.archived).toBe(
        stats.byStatus.archived + 1,
      ),
    )

    await cache.outsideWrite(
      `INSERT INTO contacts (id, name, email, subject, message) VALUES (gen_random_uuid(), 'x', 'x@example.in', $1, 'm')`,
      [`${tag} second`],
    )
    await eventually(async () => expect((await request('GET', url)).body.pagination.totalContacts).toBe(2))
  })
})
