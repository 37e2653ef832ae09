/**
 * Auth building blocks without a database: the client IP rule (X-Forwarded-For read from
 * the right past the trusted proxies; through real sockets in security/client-ip.test.ts), password
 * hashing, and the OTP generator and digests.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { clientIp } from '../../server/http/client-ip'
import { digestsEqual, generateOtp, hashOtp } from '../../server/services/otp'
import { hashPassword, verifyPassword } from '../../server/services/password'

describe('clientIp', () => {
  const ipFor = async (trustedHops: number, headers: Record<string, string> = {}) =>
    (await new Hono().get('/', (c) => c.text(clientIp(c, trustedHops))).request('/', { headers })).text()

  it('takes the entry the Nth trusted proxy from the right appended, never one the client wrote', async () => {
    const header = { 'x-forwarded-for': ' 198.51.100.9 , 203.0.113.7,10.0.0.2 ' }
    expect(await ipFor(1, header)).toBe('10.0.0.2')
    expect(await ipFor(2, header)).toBe('203.0.113.7')
    expect(await ipFor(3, header)).toBe('198.51.100.9')
    // Fewer entries than trusted hops: the leftmost one (the request skipped a proxy).
    expect(await ipFor(5, header)).toBe('198.51.100.9')
  })

  it('ignores X-Forwarded-For with 0 hops and falls back to unknown without a socket', async () => {
    expect(await ipFor(0, { 'x-forwarded-for': '203.0.113.7' })).toBe('unknown')
    expect(await ipFor(1)).toBe('unknown')
  })
})

describe('passwords', () => {
  it('hashes with a random salt and verifies', async () => {
    const [a, b] = [await hashPassword('s3cret!'), await hashPassword('s3cret!')]
    expect(a).not.toBe(b)
    expect(await verifyPassword('s3cret!', a)).toBe(true)
    expect(await verifyPassword('s3cret?', a)).toBe(false)
  })

  it('treats malformed or truncated hashes as a mismatch', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false)
    expect(await verifyPassword('x', 'scrypt$16384$8$1$c2FsdA$')).toBe(false)
    expect(await verifyPassword('x', 'scrypt$16384$8$1$c2FsdA$AA')).toBe(false)
    expect(await verifyPassword('x', 'scrypt$3$8$1$c2FsdA$' + 'A'.repeat(86))).toBe(false)
  })
})

describe('OTP codes', () => {
  it('are 6 digits, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateOtp)
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true)
    expect(new Set(codes.map((c) => c[0])).size).toBe(10)
  })

  it('hash per session and compare digests safely', () => {
    const secret = new Uint8Array(32).fill(7)
    const digest = hashOtp(secret, 'session-a', '123456')
    expect(digestsEqual(digest, hashOtp(secret, 'session-a', '123456'))).toBe(true)
    expect(digestsEqual(digest, hashOtp(secret, 'session-b', '123456'))).toBe(false)
    expect(digestsEqual(digest, 'abcd')).toBe(false)
  })
})
