/**
 * Sign-in latency (SPEC.md 7): POST /api/auth/send-otp then POST /api/auth/verify-otp with the code
 * from the recorded mail, in-process. Every iteration uses its own admin and client IP, so the
 * per-e-mail and per-IP send limits never apply. Reports the pair and each call.
 */
import { v7 as uuidv7 } from 'uuid'
import type { Database } from '../server/db/client'
import { users } from '../server/db/schema'
import { benchApp } from './bench-db'
import { measure, summarise, type Latency } from './measure'

export async function benchSignIn(database: Database, iterations: number, warmup = 10) {
  const { app, mails } = benchApp(database)
  const emailOf = (i: number) => `bench.admin.${i + warmup}@example.in`
  await database.db.insert(users).values(
    Array.from({ length: iterations + warmup }, (_, i) => ({
      id: uuidv7(),
      name: `Bench Admin ${i}`,
      email: emailOf(i - warmup),
      isAdmin: true,
      isActive: true,
    })),
  )
  const post = (url: string, body: unknown, ip: string) =>
    app.request(url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    })
  const send: number[] = []
  const verify: number[] = []
  const pair = await measure(
    iterations,
    async (i) => {
      const email = emailOf(i)
      const ip = `10.${((i + 1000) >> 16) & 255}.${((i + 1000) >> 8) & 255}.${(i + 1000) & 255}`
      let t = performance.now()
      const sent = await post('/api/auth/send-otp', { email }, ip)
      if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`)
      const { sessionToken } = (await sent.json()) as { sessionToken: string }
      if (i >= 0) send.push(performance.now() - t)
      const code = mails.findLast((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1]
      if (!code) throw new Error(`no OTP mail for ${email}`)
      t = performance.now()
      const verified = await post('/api/auth/verify-otp', { email, otp: code, sessionToken }, ip)
      if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}: ${await verified.text()}`)
      await verified.json()
      if (i >= 0) verify.push(performance.now() - t)
    },
    warmup,
  )
  return { pair, send: summarise(send), verify: summarise(verify) } satisfies Record<string, Latency>
}
