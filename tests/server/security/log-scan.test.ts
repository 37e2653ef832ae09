/**
 * The e2e log scan (tests/e2e/log-scan.ts) finds what it must: a JWT, a refresh token known only
 * by its stored digest, a sign-in code (e.g. the line the server prints while mail goes to the
 * outbox), a bank number and password hashes; and stays quiet on ordinary server lines.
 */
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '../../../server/services/password'
import { scanLog } from '../../e2e/log-scan'

const CLEAN = [
  'Fresh database: seeding the demo data set...',
  'Seeded in 4.2 s (400 cover images)',
  'Admin Panel on http://127.0.0.1:41234 (database: pglite, data: /tmp/console-e2e-AbC123)',
  '[0192f4d2-7c1e-7a11-9d0e-3c5b2a1f0e9d] GET /api/projects Error: something broke at 123456789012345',
].join('\n')

describe('e2e log scan', () => {
  const refresh = crypto.randomBytes(32).toString('base64url')
  const digests = new Set([crypto.createHash('sha256').update(refresh).digest('hex')])
  const known = [
    { kind: 'sign-in code', value: '042137' },
    { kind: 'bank account number', value: '987654321012' },
  ]

  it('passes a log without secrets', () => {
    expect(scanLog(CLEAN, known, digests)).toEqual([])
  })

  it('finds each kind of secret by line, without printing it', async () => {
    const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${crypto.randomBytes(32).toString('base64url')}`
    const log = [
      CLEAN,
      '[auth] sign-in code for admin@example.com: 042137 (mail written to the outbox)',
      `refresh failed for ${refresh}`,
      `authorization: Bearer ${jwt}`,
      `params: ${await hashPassword('correct horse battery')}`,
      'params: $argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA',
      'params: $2b$12$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234',
      '{"bankDetails":{"accountNumber":"987654321012"}}',
    ].join('\n')
    const findings = scanLog(log, known, digests)
    expect(findings).toEqual([
      'line 5: sign-in code',
      'line 6: refresh or session token',
      'line 7: access token (JWT)',
      'line 8: scrypt password hash',
      'line 9: argon2 password hash',
      'line 10: bcrypt password hash',
      'line 11: bank account number',
    ])
    expect(findings.join('\n')).not.toContain('042137')
  })
})
