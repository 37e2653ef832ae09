/**
 * Input limits through the real app, on PGlite and PostgreSQL: body size limits
 * (413 before parsing, nothing stored), string and list lengths, control characters refused with
 * 400, http(s)-only demo URLs, decimal-only numbers, and what the log may hold (no SQL text or
 * parameters of a failed query, no sign-in code when an SMTP delivery fails).
 */
import net from 'node:net'
import { sql } from 'drizzle-orm'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { otpChallenges, projects } from '../../../server/db/schema'
import { createMailer } from '../../../server/services/mail'
import { authHelpers } from '../auth-helpers'
import { call, describeEachDatabase, signIn } from '../harness'

const KB = 1024

describeEachDatabase('limits and hostile input', (get) => {
  const { newAdmin, freshIp } = authHelpers(get)
  let token = ''
  beforeAll(async () => {
    token = (await signIn(get())).accessToken
  })
  afterEach(() => void vi.restoreAllMocks())

  const count = async (table: typeof projects | typeof otpChallenges) =>
    (
      await get()
        .database.db.select({ n: sql<number>`count(*)::int` })
        .from(table)
    )[0].n
  const create = (body: unknown) => call(get(), 'POST', '/api/projects/create', body, token)
  const raw = (method: string, url: string, body: BodyInit, headers: Record<string, string> = {}) =>
    get().app.request(url, {
      method,
      body,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-forwarded-for': freshIp(),
        ...headers,
      },
      duplex: 'half',
    } as RequestInit)

  it('refuses a send-otp body over 8 KB with 413 and stores no challenge', async () => {
    const before = await count(otpChallenges)
    const res = await raw('POST', '/api/auth/send-otp', JSON.stringify({ email: `${'a'.repeat(20 * KB)}@example.com` }))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ success: false, message: 'Request body too large (limit 8 KB)' })
    expect(await count(otpChallenges)).toBe(before)
  })

  it('counts an unannounced (chunked) body while reading it', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(64 * KB))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const res = await raw('POST', '/api/projects/create', body)
    expect(res.status).toBe(413)
    expect((await res.json()).message).toBe('Request body too large (limit 1 MB)')
  })

  it('refuses an e-mail over 254 characters (RFC 5321) and accepts one of 254', async () => {
    const local = 'a'.repeat(64)
    const domain = (n: number) => `${'b'.repeat(n - 4)}.com`
    const tooLong = `${local}@${domain(255 - 65)}`
    expect(tooLong).toHaveLength(255)
    const before = await count(otpChallenges)
    const refused = await call(get(), 'POST', '/api/auth/send-otp', { email: tooLong }, undefined, {
      'x-forwarded-for': freshIp(),
    })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('Email cannot exceed 254 characters')
    expect(await count(otpChallenges)).toBe(before)
    const longest = `${local}@${domain(254 - 65)}`
    expect(longest).toHaveLength(254)
    const accepted = await call(get(), 'POST', '/api/auth/send-otp', { email: longest }, undefined, {
      'x-forwarded-for': freshIp(),
    })
    expect(accepted.status).toBe(200)
  })

  it('refuses a JSON body over 1 MB with 413 and creates nothing', async () => {
    const before = await count(projects)
    const res = await raw(
      'POST',
      '/api/projects/create',
      JSON.stringify({ title: 'Big', description: 'd', features: ['x'.repeat(1100 * KB)] }),
    )
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ success: false, message: 'Request body too large (limit 1 MB)' })
    expect(await count(projects)).toBe(before)
  })

  it('bounds list items and list lengths with 400, never a 500', async () => {
    const base = { title: 'Lists', description: 'd' }
    const cases: [Record<string, unknown>, string][] = [
      [{ technologies: ['t'.repeat(3000)] }, 'Each of Technologies cannot exceed 100 characters'],
      [{ tags: ['t'.repeat(101)] }, 'Each of Tags cannot exceed 100 characters'],
      [{ features: ['f'.repeat(501)] }, 'Each of Features cannot exceed 500 characters'],
      [{ features: Array.from({ length: 101 }, (_, i) => `f${i}`) }, 'Features cannot have more than 100 items'],
      [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`).join(',') }, 'Tags cannot have more than 50 items'],
      [{ tags: `${'t'.repeat(101)},ok` }, 'Each of Tags cannot exceed 100 characters'],
    ]
    for (const [fields, message] of cases) {
      const res = await create({ ...base, ...fields })
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
    }
    const fine = await create({ ...base, technologies: ['t'.repeat(100)], features: ['f'.repeat(500)], tags: 'a, b' })
    expect(fine.status).toBe(201)
    expect(fine.body.project.tags).toEqual(['a', 'b'])
  })

  it('refuses NUL and other control characters in text fields and queries with 400', async () => {
    const searches = ['/api/projects?search=%00', '/api/projects?category=a%01b', '/api/users?search=%00x']
    for (const url of searches) {
      const res = await call(get(), 'GET', url, undefined, token)
      expect(res.status, url).toBe(400)
      expect(res.body.message).toMatch(/must not contain control characters$/)
    }
    const bodies: [Record<string, unknown>, string][] = [
      [{ title: 'a\u0000b', description: 'd' }, 'Title must not contain control characters'],
      [{ title: 'a\nb', description: 'd' }, 'Title must not contain control characters'],
      [{ title: 'T', description: 'd\u0000' }, 'Description must not contain control characters'],
      [{ title: 'T', description: 'd', tags: ['a\u001bb'] }, 'Tags must not contain control characters'],
      [{ title: 'T', description: 'd', category: '\u007f' }, 'Category must not contain control characters'],
    ]
    for (const [body, message] of bodies) {
      const res = await create(body)
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
    }
    const multiLine = await create({ title: 'Tab\there', description: 'line one\r\nline two\n\tindented' })
    expect(multiLine.status).toBe(201)
    const otp = await call(get(), 'POST', '/api/auth/send-otp', { email: 'a\u0000@example.com' }, undefined, {
      'x-forwarded-for': freshIp(),
    })
    expect(otp).toEqual({
      status: 400,
      body: {
        success: false,
        message: 'Email must not contain control characters',
        errors: ['Email must not contain control characters'],
        issues: [{ path: 'email', message: 'Email must not contain control characters' }],
      },
    })
  })

  it('answers 400, not 500, to what the fuzzer found: lone surrogates, sub-cent numbers, odd file names', async () => {
    const surrogate = await raw('POST', '/api/projects/create', '{"title":"a\\ud800","description":"d"}')
    expect(surrogate.status).toBe(400)
    expect((await surrogate.json()).message).toBe('Title must be valid Unicode text')
    const tiny = await create({ title: 'Tiny', description: 'd', discount: 1e-300 })
    expect(tiny.status).toBe(400)
    expect(tiny.body.message).toBe('Discount can have at most 2 decimals')
    const file = await get().app.request(`/files/images/${crypto.randomUUID()}/%00`)
    expect(file.status).toBe(400)
    expect((await file.json()).message).toBe('Invalid file path')
  })

  it('accepts only http and https demo URLs', async () => {
    for (const demoUrl of [
      'javascript:alert(1)',
      'javascript://%0aalert(1)',
      'JaVaScRiPt://x',
      'data:text/html,<b>x</b>',
      'ftp://example.com/x',
      'vbscript://x',
      'https://',
    ]) {
      const res = await create({ title: 'Url', description: 'd', demoUrl })
      expect(res.status, demoUrl).toBe(400)
      expect(res.body.message).toBe('Demo URL must be an http or https address')
    }
    const bare = await create({ title: 'Url', description: 'd', demoUrl: 'example.com/demo' })
    expect(bare.body.project.demoUrl).toBe('https://example.com/demo')
    const http = await create({ title: 'Url', description: 'd', demoUrl: 'http://example.com' })
    expect(http.body.project.demoUrl).toBe('http://example.com')
  })

  it('reads numbers in decimal only', async () => {
    for (const price of ['0x10', '0b11', '0o7', '1e3', 'Infinity', '1_000']) {
      const res = await create({ title: 'Num', description: 'd', price })
      expect(res.status, price).toBe(400)
      expect(res.body.message).toBe('Price must be a number')
    }
    const page = await call(get(), 'GET', '/api/projects?page=0x2', undefined, token)
    expect(page.status).toBe(400)
    const fine = await create({ title: 'Num', description: 'd', price: ' 12.50 ', discount: '.5' })
    expect([fine.body.project.price, fine.body.project.discount]).toEqual([12.5, 0.5])
  })

  it('logs a failed query by class and route only: no SQL text, no parameters', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await get().database.db.execute(sql`ALTER TABLE project_search RENAME COLUMN search_text TO search_text_gone`)
    try {
      const res = await call(get(), 'GET', '/api/projects?search=secretneedle', undefined, token)
      expect(res).toEqual({ status: 500, body: { success: false, message: 'Internal server error' } })
    } finally {
      await get().database.db.execute(sql`ALTER TABLE project_search RENAME COLUMN search_text_gone TO search_text`)
    }
    const logged = errors.mock.calls.map((args) => args.map(String).join(' ')).join('\n')
    expect(logged).toMatch(/^\[[\w-]+\] GET \/api\/projects 500 DrizzleQueryError: \(query failed\) <- \w+ 42703: /m)
    expect(logged).not.toMatch(/secretneedle|select|from "projects"|params/i)
  })

  it('never logs the sign-in code when an SMTP delivery fails', async () => {
    // An SMTP server that takes the message and then rejects it, quoting it back (as some do).
    let received = ''
    const server = net.createServer((socket) => {
      socket.write('220 test ESMTP\r\n')
      let inData = false
      socket.on('data', (bytes: Buffer) => {
        const text = bytes.toString()
        if (inData) {
          received += text
          if (received.includes('\r\n.\r\n'))
            socket.write(`554 rejected: ${received.replace(/\r?\n/g, ' ').slice(-300)}\r\n`)
          return
        }
        for (const line of text.split('\r\n').filter(Boolean)) {
          if (/^DATA/i.test(line)) {
            inData = true
            socket.write('354 go on\r\n')
          } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n')
          else socket.write('250 ok\r\n')
        }
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as net.AddressInfo).port
    const deps = get().deps
    const { mailer } = deps
    const logs = [
      vi.spyOn(console, 'error').mockImplementation(() => {}),
      vi.spyOn(console, 'log').mockImplementation(() => {}),
    ]
    deps.env.SMTP_URL = `smtp://127.0.0.1:${port}`
    deps.env.LOG_LEVEL = 'info'
    deps.mailer = createMailer({ smtpUrl: deps.env.SMTP_URL, dataDir: get().dataDir, from: 'console@example.com' })
    try {
      const admin = await newAdmin()
      const sent = await call(get(), 'POST', '/api/auth/send-otp', { email: admin.email }, undefined, {
        'x-forwarded-for': freshIp(),
      })
      expect(sent.status).toBe(200)
      await vi.waitFor(() => expect(logs[0].mock.calls.length).toBeGreaterThan(0), { timeout: 5000 })
      const code = /sign-in code is (\d{6})/.exec(received.replace(/=\r?\n/g, ''))?.[1]
      expect(code).toMatch(/^\d{6}$/)
      const logged = logs.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(' '))).join('\n')
      expect(logged).toContain(`OTP mail to ${admin.email} failed: EMESSAGE DATA 554`)
      expect(logged).not.toContain(code)
    } finally {
      deps.mailer = mailer
      delete deps.env.SMTP_URL
      deps.env.LOG_LEVEL = 'silent'
      server.close()
    }
  })
})
