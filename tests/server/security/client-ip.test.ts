/**
 * The client IP behind TRUST_PROXY=N reverse proxies, through a real HTTP server (a socket, as in
 * production; the socket's peer, 127.0.0.1, plays the proxy next to the server): the address the
 * Nth trusted proxy from the right wrote into X-Forwarded-For is the client, whatever the client
 * put before it. Shown through the send-otp limit (20 per IP), the contact form's (5 per IP),
 * otp_challenges.ip, contacts.client_ip and the audit log; with TRUST_PROXY=0 the header is ignored.
 */
import { and, eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app'
import { auditLog, contacts, otpChallenges, users } from '../../../server/db/schema'
import { loadEnv } from '../../../server/env'
import { wrongCode } from '../auth-helpers'
import { describeEachDatabase, lastCode } from '../harness'
import { listen } from '../upload-helpers'

describeEachDatabase('client IP behind trusted proxies', (get) => {
  const db = () => get().database.db

  for (const hops of [1, 2]) {
    describe(`TRUST_PROXY=${hops}`, () => {
      let server: Awaited<ReturnType<typeof listen>>
      beforeAll(async () => {
        const env = loadEnv({ DATA_DIR: get().dataDir, SEED: 'none', TRUST_PROXY: String(hops), LOG_LEVEL: 'silent' })
        server = await listen({ app: createApp({ ...get().deps, env }) })
      })
      afterAll(() => server.close())

      /** X-Forwarded-For as the proxies pass it on: the client's own text, then what each trusted proxy appended. */
      const forwardedFor = (forged: string, client: string) =>
        [forged, client, ...(hops === 2 ? ['10.20.0.1'] : [])].join(', ')
      const post = async (url: string, body: unknown, xff: string) => {
        const res = await fetch(`${server.url}${url}`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
        })
        return { status: res.status, body: (await res.json()) as { message: string; sessionToken: string } }
      }

      it('counts send-otp per real client: 20 sends with forged first entries, then 429', async () => {
        const client = `203.0.113.${hops}`
        for (let i = 0; i < 20; i++) {
          const sent = await post(
            '/api/auth/send-otp',
            { email: `xff${hops}-${i}@example.com` },
            forwardedFor(`198.51.100.${i}`, client),
          )
          expect(sent.status, `send ${i + 1}`).toBe(200)
        }
        const refused = await post(
          '/api/auth/send-otp',
          { email: `xff${hops}-20@example.com` },
          forwardedFor('198.51.100.99', client),
        )
        expect(refused.status).toBe(429)
        expect(refused.body.message).toMatch(/^Too many OTP requests\. Please try again in \d+ minutes?\.$/)
        const rows = await db()
          .select({ ip: otpChallenges.ip })
          .from(otpChallenges)
          .where(like(otpChallenges.email, `xff${hops}-%`))
        expect(rows.map((r) => r.ip)).toEqual(Array(20).fill(client))
        // Another client behind the same proxies is not limited.
        expect(
          (
            await post(
              '/api/auth/send-otp',
              { email: `xff${hops}-20@example.com` },
              forwardedFor('198.51.100.99', `203.0.113.${hops}1`),
            )
          ).status,
        ).toBe(200)
      })

      it('counts contact messages per real client: 5 with forged first entries, then 429', async () => {
        const client = `203.0.113.${hops}2`
        const form = (i: number) => ({ name: 'Riya Sen', email: 'riya@example.in', message: `xff ${hops} ${i}` })
        for (let i = 0; i < 5; i++)
          expect((await post('/api/contacts', form(i), forwardedFor(`198.51.100.${i}`, client))).status).toBe(201)
        const refused = await post('/api/contacts', form(5), forwardedFor('198.51.100.98', client))
        expect(refused).toEqual({
          status: 429,
          body: { success: false, message: 'Too many messages. Please try again in 15 minutes.' },
        })
        const rows = await db()
          .select({ ip: contacts.clientIp })
          .from(contacts)
          .where(like(contacts.message, `xff ${hops} %`))
        expect(rows.map((r) => r.ip)).toEqual(Array(5).fill(client))
      })

      it('audits a failed code and a sign-in with the real client, never the forged entry', async () => {
        const client = `203.0.113.${hops}3`
        const [admin] = await db()
          .insert(users)
          .values({ name: 'Proxied', email: `proxied${hops}@example.com`, isAdmin: true })
          .returning()
        const sent = await post('/api/auth/send-otp', { email: admin.email }, forwardedFor('198.51.100.7', client))
        const code = lastCode(get(), admin.email)
        const verify = (otp: string) =>
          post(
            '/api/auth/verify-otp',
            { email: admin.email, otp, sessionToken: sent.body.sessionToken },
            forwardedFor('198.51.100.8', client),
          )
        expect((await verify(wrongCode(code))).status).toBe(400)
        expect((await verify(code)).status).toBe(200)
        const audited = await db()
          .select({ action: auditLog.action, ip: auditLog.ip })
          .from(auditLog)
          .where(and(eq(auditLog.entityId, admin.id), inArray(auditLog.action, ['auth.otp_failed', 'auth.sign_in'])))
          .orderBy(auditLog.id)
        expect(audited).toEqual([
          { action: 'auth.otp_failed', ip: client },
          { action: 'auth.sign_in', ip: client },
        ])
        const [challenge] = await db()
          .select({ ip: otpChallenges.ip })
          .from(otpChallenges)
          .where(eq(otpChallenges.email, admin.email))
        expect(challenge.ip).toBe(client)
      })
    })
  }

  describe('TRUST_PROXY=0', () => {
    it('ignores X-Forwarded-For and takes the socket address', async () => {
      const env = loadEnv({ DATA_DIR: get().dataDir, SEED: 'none', TRUST_PROXY: '0', LOG_LEVEL: 'silent' })
      const server = await listen({ app: createApp({ ...get().deps, env }) })
      try {
        const res = await fetch(`${server.url}/api/auth/send-otp`, {
          method: 'POST',
          body: JSON.stringify({ email: 'direct@example.com' }),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1, 203.0.113.50' },
        })
        expect(res.status).toBe(200)
      } finally {
        await server.close()
      }
      const [row] = await db()
        .select({ ip: otpChallenges.ip })
        .from(otpChallenges)
        .where(eq(otpChallenges.email, 'direct@example.com'))
      expect(row.ip).toBe('127.0.0.1')
    })
  })
})
