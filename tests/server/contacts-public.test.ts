/**
 * POST /api/contacts, the storefront's contact form on PGlite and PostgreSQL: no token,
 * strict (unknown fields refused), length limits, a 32 KB body, projectId '' or an existing project,
 * 5 messages per client IP in 15 minutes (429 with the minutes to wait; another IP still allowed;
 * the window moves with the injected clock), stored as new with the client IP, and CORS headers
 * only for the STOREFRONT_ORIGINS (none when unset).
 */
import { expect, it } from 'vitest'
import * as v from 'valibot'
import { ContactCreatedResponseSchema, CONTACT_LIMITS } from '../../src/api/schemas/contacts'
import { createApp } from '../../server/app'
import { loadEnv } from '../../server/env'
import { contactsHelpers } from './contacts-helpers'
import { describeEachDatabase } from './harness'

describeEachDatabase('public contact form API', (get) => {
  const h = contactsHelpers(get)
  let ipCounter = 0
  /** A client IP no other test used. */
  const freshIp = () => `198.51.100.${++ipCounter}`
  const form = (extra: Record<string, unknown> = {}) => ({
    name: 'Riya Sen',
    email: 'Riya.Sen@Example.in',
    message: 'I would like a demo.\nThanks',
    ...extra,
  })

  it('stores a new contact without a token and thanks the sender', async () => {
    const project = await h.addProject('CRM Lite')
    const ip = freshIp()
    const res = await h.post(form({ phone: '+91 98765 43210', subject: '  Demo  ', projectId: project.id }), ip)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const body = v.parse(ContactCreatedResponseSchema, res.body)
    expect(body.message).toBe('Thank you for contacting us. We will get back to you soon.')
    expect(Object.keys(res.body).sort()).toEqual(['contactId', 'message', 'success'])
    const row = await h.row(body.contactId)
    expect(row).toMatchObject({
      name: 'Riya Sen',
      email: 'riya.sen@example.in',
      phone: '+91 98765 43210',
      subject: 'Demo',
      message: 'I would like a demo.\nThanks',
      status: 'new',
      isRead: false,
      projectId: project.id,
      clientIp: ip,
      reply: null,
      repliedAt: null,
    })
    const listed = await h.get(`/api/contacts/${body.contactId}`)
    expect(listed.body.contact).toMatchObject({ project: { _id: project.id, title: 'CRM Lite' }, status: 'new' })
    // Optional fields may be left out or empty.
    const bare = await h.post({ name: 'N', email: 'n@example.in', message: 'm', projectId: '' }, freshIp())
    expect(bare.status).toBe(201)
    expect(await h.row(bare.body.contactId)).toMatchObject({ phone: null, subject: '', projectId: null })
  })

  it('is strict and bounded: 400 naming the field, nothing stored', async () => {
    const ip = freshIp()
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ message: '' }, 'Message is required'],
      [{ name: 'x'.repeat(CONTACT_LIMITS.name + 1) }, `Name cannot exceed ${CONTACT_LIMITS.name} characters`],
      [
        { subject: 's'.repeat(CONTACT_LIMITS.subject + 1) },
        `Subject cannot exceed ${CONTACT_LIMITS.subject} characters`,
      ],
      [
        { message: 'm'.repeat(CONTACT_LIMITS.message + 1) },
        `Message cannot exceed ${CONTACT_LIMITS.message} characters`,
      ],
      [{ phone: 'call me' }, 'Phone may contain only digits'],
      [{ name: 'A\u0000B' }, 'Name'],
      [{ status: 'replied' }, 'status'],
      [{ isRead: true }, 'isRead'],
      [{ reply: 'hi' }, 'reply'],
      [{ projectId: 'abc' }, 'Project not found'],
      [{ projectId: crypto.randomUUID() }, 'Project not found'],
    ]
    const before = (await h.get(`/api/contacts?limit=1`)).body.pagination.totalContacts
    for (const [extra, message] of cases) {
      const res = await h.post(form(extra), ip)
      expect(res.status, JSON.stringify(extra).slice(0, 80)).toBe(400)
      expect(res.body.success).toBe(false)
      expect(res.body.message).toContain(message)
    }
    expect((await h.get(`/api/contacts?limit=1`)).body.pagination.totalContacts).toBe(before)
    // Malformed JSON and another content type are refused too.
    const raw = await get().app.request('/api/contacts', {
      method: 'POST',
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    })
    expect(raw.status).toBe(400)
    // At the limits it is accepted.
    const full = await h.post(
      form({
        name: 'n'.repeat(CONTACT_LIMITS.name),
        subject: 's'.repeat(CONTACT_LIMITS.subject),
        message: 'é'.repeat(CONTACT_LIMITS.message),
      }),
      freshIp(),
    )
    expect(full.status).toBe(201)
  })

  it('refuses a body over 32 KB with 413 before reading it', async () => {
    const res = await h.post({ ...form(), padding: 'x'.repeat(33 * 1024) }, freshIp())
    expect(res).toMatchObject({
      status: 413,
      body: { success: false, message: 'Request body too large (limit 32 KB)' },
    })
    // A legal message with every character \u-escaped still fits.
    const escaped = JSON.stringify(form({ message: 'é'.repeat(CONTACT_LIMITS.message) })).replace(/é/g, '\\u00e9')
    expect(new TextEncoder().encode(escaped).length).toBeGreaterThan(30_000)
    const ok = await get().app.request('/api/contacts', {
      method: 'POST',
      body: escaped,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
    })
    expect(ok.status).toBe(201)
  })

  it('rate limits 5 messages per IP in 15 minutes (429 with the wait), other IPs still allowed, counted from the rows', async () => {
    const ip = freshIp()
    expect((await h.post(form({ message: 'first' }), ip)).status).toBe(201)
    get().advance(60_000)
    for (let i = 0; i < 4; i++) expect((await h.post(form({ message: `m${i}` }), ip)).status).toBe(201)
    const refused = await h.post(form(), ip)
    expect(refused).toMatchObject({
      status: 429,
      body: { success: false, message: 'Too many messages. Please try again in 14 minutes.' },
    })
    expect((await h.post(form(), freshIp())).status).toBe(201)
    // Another app (another server) on the same database agrees: the count is in the rows.
    const other = createApp({ ...get().deps })
    const elsewhere = await other.request('/api/contacts', {
      method: 'POST',
      body: JSON.stringify(form()),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    })
    expect(elsewhere.status).toBe(429)
    // 10 minutes later the wait is 4 minutes; once the first message is 15 minutes old one more is allowed.
    get().advance(10 * 60_000)
    expect((await h.post(form(), ip)).body.message).toBe('Too many messages. Please try again in 4 minutes.')
    get().advance(4 * 60_000 + 1000)
    expect((await h.post(form(), ip)).status).toBe(201)
    expect((await h.post(form(), ip)).status).toBe(429)
  })

  it('counts racing posts from one IP exactly: never more than 5 stored', async () => {
    const ip = freshIp()
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => h.post(form({ message: `race ${i}` }), ip)))
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429])
  })

  it('sends CORS headers only for the configured storefront origins', async () => {
    const none = await h.post(form(), freshIp(), { origin: 'https://shop.example.in' })
    expect(none.status).toBe(201)
    const plain = await get().app.request('/api/contacts', {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example.in', 'access-control-request-method': 'POST' },
    })
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()

    const env = loadEnv({
      DATA_DIR: get().dataDir,
      SEED: 'none',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'silent',
      STOREFRONT_ORIGINS: 'https://shop.example.in, https://www.shop.example.in',
    })
    expect(env.STOREFRONT_ORIGINS).toEqual(['https://shop.example.in', 'https://www.shop.example.in'])
    const app = createApp({ ...get().deps, env })
    const preflight = await app.request('/api/contacts', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://www.shop.example.in',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://www.shop.example.in')
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST')
    const posted = await app.request('/api/contacts', {
      method: 'POST',
      body: JSON.stringify(form()),
      headers: { origin: 'https://shop.example.in', 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
    })
    expect(posted.status).toBe(201)
    expect(posted.headers.get('access-control-allow-origin')).toBe('https://shop.example.in')
    const foreign = await app.request('/api/contacts', {
      method: 'POST',
      body: JSON.stringify(form()),
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
    })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    // The admin routes of the same path get no CORS headers.
    const list = await app.request('/api/contacts', {
      headers: { origin: 'https://shop.example.in', authorization: `Bearer ${await h.token()}` },
    })
    expect(list.status).toBe(200)
    expect(list.headers.get('access-control-allow-origin')).toBeNull()
    expect(() => loadEnv({ STOREFRONT_ORIGINS: 'shop.example.in' })).toThrow(/STOREFRONT_ORIGINS/)
  })

  it('keeps the other contacts routes admin-only', async () => {
    const contact = await h.addContact()
    for (const [method, url, body] of [
      ['GET', '/api/contacts'],
      ['GET', '/api/contacts/stats'],
      ['GET', `/api/contacts/${contact.id}`],
      ['PUT', `/api/contacts/${contact.id}`, { status: 'read' }],
      ['PUT', '/api/contacts/bulk-update', { contactIds: [contact.id], action: 'archive' }],
    ] as const) {
      const res = await get().app.request(url, {
        method,
        body: body ? JSON.stringify(body) : undefined,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status, `${method} ${url}`).toBe(401)
    }
    expect((await h.row(contact.id)).status).toBe('new')
  })
})
