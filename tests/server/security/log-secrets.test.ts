/**
 * An unexpected error is logged without secrets. A failing query's drizzle error holds
 * its parameters (here the new password hash of change-password); the server log shows the error's
 * class and SQLSTATE only (server/http/error-log.ts), and the answer is the plain 500 body.
 */
import crypto from 'node:crypto'
import { inspect } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { describeError, maskSecrets } from '../../../server/http/error-log'
import { hashPassword } from '../../../server/services/password'
import { authHelpers } from '../auth-helpers'
import { call, describeEachDatabase } from '../harness'

describeEachDatabase('log: unexpected errors', (get) => {
  const { newAdmin, signInAs } = authHelpers(get)
  afterEach(() => void vi.restoreAllMocks())

  it('logs a failed password change without the password hash or the query parameters', async () => {
    const admin = await newAdmin()
    const { accessToken } = await signInAs(admin.email)
    const { db } = get().database
    await db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION refuse_password_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'password changes are refused in this test'; END; $$`),
    )
    await db.execute(
      sql.raw(`CREATE TRIGGER refuse_password_change_trg BEFORE UPDATE OF password_hash ON users
      FOR EACH ROW WHEN (NEW.email = '${admin.email}') EXECUTE FUNCTION refuse_password_change()`),
    )
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const res = await call(
        get(),
        'PUT',
        '/api/auth/change-password',
        { currentPassword: '', newPassword: 'Correct-Horse-9' },
        accessToken,
      )
      expect(res).toEqual({ status: 500, body: { success: false, message: 'Internal server error' } })
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_password_change_trg ON users'))
    }
    // As the console prints it: util.inspect shows an error's message, stack and cause.
    const text = logged.mock.calls
      .flat()
      .map((arg) => (typeof arg === 'string' ? arg : inspect(arg)))
      .join('\n')
    expect(text).toContain('P0001')
    expect(text).not.toContain('UPDATE')
    expect(text).not.toMatch(/scrypt\$/)
    expect(text).not.toContain('params:')
    expect(text).not.toContain(accessToken)
  })
})

describe('log: secret shapes', () => {
  it('masks JWTs, password hashes and opaque tokens, and keeps the rest', async () => {
    const token = crypto.randomBytes(32).toString('base64url')
    const text =
      `Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.${token} ${await hashPassword('pw-123456')} ` +
      `$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA refresh ${token} id 0192f4d2-7c1e-7a11-9d0e-3c5b2a1f0e9d`
    expect(maskSecrets(text)).toBe(
      'Bearer [jwt] [password hash] [password hash] refresh [token] ' + 'id 0192f4d2-7c1e-7a11-9d0e-3c5b2a1f0e9d',
    )
    expect(describeError(new Error(`bad ${token}`))).toBe('Error: bad [token]')
  })
})
