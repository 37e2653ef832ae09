/**
 * Helpers for the record-version suites (decision 041): a context on each database with the app's
 * clock frozen (so two writes fall in one millisecond), the bootstrap admin and a second admin
 * "Asha" with live-session tokens (fresh OTP proof for the step-up writes), requests with
 * If-Match, and the ETag of an answer.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe } from 'vitest'
import { etagOf } from '../../src/api/schemas/etag'
import { users } from '../../server/db/schema'
import { ADMIN_EMAIL, POSTGRES_TESTS, call, createTestContext, type TestContext } from './harness'
import { sessionToken } from './session-token'

/** The frozen clock of the suites. */
export const FROZEN = new Date('2026-03-02T09:00:00.000Z')

/** `suite` once per database, on a context whose clock stays at FROZEN unless a test advances it. */
export function describeEachDatabaseFrozen(name: string, suite: (get: () => TestContext) => void) {
  for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    describe(`${name} [${kind}]`, () => {
      let ctx: TestContext | undefined
      beforeAll(async () => {
        ctx = await createTestContext(kind, { now: FROZEN })
      })
      afterAll(() => ctx?.close())
      suite(() => ctx!)
    })
  }
}

/** The admins and request helpers of a suite (call inside the describe). */
export function versionHelpers(get: () => TestContext) {
  const admin = { id: '', token: '', name: '' }
  const asha = { id: '', token: '', name: 'Asha Rao' }
  beforeAll(async () => {
    const db = get().database.db
    const [row] = await db.select().from(users).where(eq(users.email, ADMIN_EMAIL))
    Object.assign(admin, { id: row.id, name: row.name, token: await sessionToken(get(), row.id) })
    const [second] = await db
      .insert(users)
      .values({ name: asha.name, email: 'asha@example.in', isAdmin: true })
      .returning()
    Object.assign(asha, { id: second.id, token: await sessionToken(get(), second.id) })
  })
  /** A request as `who` (default the bootstrap admin) with If-Match `version` when given. */
  const send = async (
    method: string,
    url: string,
    body?: unknown,
    options: { version?: string; who?: { token: string } } = {},
  ) => {
    const res = await get().app.request(url, {
      method,
      headers: {
        authorization: `Bearer ${(options.who ?? admin).token}`,
        'x-forwarded-for': '10.0.0.1',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.version !== undefined ? { 'if-match': etagOf(options.version) } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    return { status: res.status, etag: res.headers.get('etag'), body: JSON.parse(text) }
  }
  return {
    admin,
    asha,
    send,
    call: (method: string, url: string, body?: unknown) => call(get(), method, url, body, admin.token),
  }
}

/** The version an ETag names (its value without quotes). */
export const versionOfEtag = (etag: string | null): string => {
  if (!etag || !/^".*"$/.test(etag)) throw new Error(`not a strong ETag: ${etag}`)
  return etag.slice(1, -1)
}
