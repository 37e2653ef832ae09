/**
 * The sensitive-action table (server/domain/sensitive-actions.ts, SECURITY.md "Sensitive actions")
 * walked through the API on PGlite and PostgreSQL: every (action, operation) pair of the table has a
 * sample request here, which with an access token whose OTP proof is 20 minutes old answers 403
 * `step_up_required` naming the action and changes nothing, and with a fresh proof succeeds (so
 * the sample really is that action). The ordinary variants of the same routes need no step-up.
 * A write route of the OpenAPI document that is neither in the table nor classified ordinary
 * below, or whose request body carries an account, credential, bank, commission or access field
 * without being in the table, fails the last test: a new route must be put in one of them.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { expect, it } from 'vitest'
import { STEP_UP_REQUIRED } from '../../../src/api/schemas/step-up'
import { SENSITIVE_ACTIONS, stepUpMessage, type SensitiveActionId } from '../../../server/domain/sensitive-actions'
import { VALID_RATES } from '../commission-helpers'
import { authHelpers } from '../auth-helpers'
import { call, describeEachDatabase, type TestContext } from '../harness'
import { insertProject } from '../projects-helpers'
import { sessionToken } from '../session-token'
import { tablesDigest } from '../table-digest'
import { postChunk } from '../upload-helpers'
import { ORDINARY_WRITES, SENSITIVE_FIELD_EXEMPT, sensitiveFieldsOf, writeOperations } from './step-up-routes'

const MINUTE = 60_000
type Request = { method: string; path: string; body?: unknown }
/** Tokens of one admin: `fresh` proved an OTP now, `aged` 20 minutes ago (both live sessions). */
type Actor = { id: string; email: string; fresh: string; aged: string }
type Sample = (actor: Actor) => Promise<Request>

function samples(get: () => TestContext) {
  const { addUser, newAdmin } = authHelpers(get)
  const api = (method: string, path: string, body: unknown, token: string) => call(get(), method, path, body, token)
  const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`
  const repository = async (actor: Actor) => {
    const project = await insertProject(get(), { title: 'Sensitive source' })
    const res = await postChunk(
      get(),
      actor.fresh,
      project.id,
      [{ path: 'README.md', data: Buffer.from('# x\n') }],
      0,
      1,
    )
    return res.body.data.github.repoName as string
  }
  const config = async (actor: Actor) => {
    const project = await insertProject(get(), { title: 'Commissioned' })
    const res = await api('POST', '/api/commission/configs', { projectId: project.id, ...VALID_RATES }, actor.fresh)
    return res.body.config._id as string
  }

  /** One sample per (action, operation) of the table; the key is the operation. */
  const table: Record<SensitiveActionId, Record<string, Sample>> = {
    'admin.grant': {
      'POST /api/users': async () => ({
        method: 'POST',
        path: '/api/users',
        body: { name: 'New Admin', email: uniqueEmail('new-admin'), isAdmin: true },
      }),
      'PUT /api/users/{id}': async () => ({
        method: 'PUT',
        path: `/api/users/${(await addUser()).id}`,
        body: { isAdmin: true },
      }),
    },
    'admin.email': {
      'PUT /api/users/{id}': async () => ({
        method: 'PUT',
        path: `/api/users/${(await newAdmin()).id}`,
        body: { email: uniqueEmail('taken-over') },
      }),
      'PUT /api/auth/profile': async () => ({
        method: 'PUT',
        path: '/api/auth/profile',
        body: { name: 'Me', email: uniqueEmail('moved') },
      }),
    },
    'admin.status': {
      'PUT /api/users/{id}/status': async () => ({
        method: 'PUT',
        path: `/api/users/${(await newAdmin()).id}/status`,
        body: { status: 'inactive' },
      }),
      'PUT /api/users/bulk-update': async () => ({
        method: 'PUT',
        path: '/api/users/bulk-update',
        body: { userIds: [(await addUser()).id, (await newAdmin()).id], action: 'deactivate' },
      }),
      'PUT /api/users/{id}': async () => ({
        method: 'PUT',
        path: `/api/users/${(await newAdmin()).id}`,
        body: { isActive: false },
      }),
      'POST /api/admin/undo/{id}': async (actor) => {
        const other = await newAdmin()
        const res = await api(
          'PUT',
          '/api/users/bulk-update',
          { userIds: [other.id], action: 'deactivate' },
          actor.fresh,
        )
        return { method: 'POST', path: `/api/admin/undo/${res.body.undo.id}` }
      },
    },
    'password.set': {
      'PUT /api/auth/change-password': async () => ({
        method: 'PUT',
        path: '/api/auth/change-password',
        body: { newPassword: 'first-secret' },
      }),
    },
    'sessions.revoke': {
      'POST /api/auth/sessions/revoke-others': async () => ({
        method: 'POST',
        path: '/api/auth/sessions/revoke-others',
      }),
      'DELETE /api/auth/sessions/{id}': async (actor) => {
        const other = await sessionToken(get(), actor.id)
        const sid = JSON.parse(Buffer.from(other.split('.')[1], 'base64url').toString()).sid as string
        return { method: 'DELETE', path: `/api/auth/sessions/${sid}` }
      },
    },
    'bank.update': {
      'PUT /api/users/{id}': async () => ({
        method: 'PUT',
        path: `/api/users/${(await addUser()).id}`,
        body: { bankDetails: { accountHolderName: 'Thief', accountNumber: '123456789012', ifscCode: 'HDFC0001234' } },
      }),
    },
    'bank.reveal': {
      'POST /api/users/{id}/bank-details/reveal': async () => ({
        method: 'POST',
        path: `/api/users/${(await addUser()).id}/bank-details/reveal`,
      }),
    },
    'commission.change': {
      'POST /api/commission/configs': async () => ({
        method: 'POST',
        path: '/api/commission/configs',
        body: { projectId: (await insertProject(get(), { title: 'Rates' })).id, ...VALID_RATES },
      }),
      'PUT /api/commission/configs/default': async () => ({
        method: 'PUT',
        path: '/api/commission/configs/default',
        body: { ...VALID_RATES, projectOwnerRate: 40, platformOwnerRate: 40 },
      }),
      'PUT /api/commission/configs/{id}': async (actor) => ({
        method: 'PUT',
        path: `/api/commission/configs/${await config(actor)}`,
        body: { ...VALID_RATES, projectOwnerRate: 60, platformOwnerRate: 20 },
      }),
      'DELETE /api/commission/configs/{id}': async (actor) => ({
        method: 'DELETE',
        path: `/api/commission/configs/${await config(actor)}`,
      }),
      'PUT /api/users/{id}': async () => ({
        method: 'PUT',
        path: `/api/users/${(await addUser({ isAgent: true, agentStatus: 'active' })).id}`,
        body: { commissionRate: 40 },
      }),
    },
    'repository.access': {
      'POST /api/github/repo/{name}/collaborators': async (actor) => ({
        method: 'POST',
        path: `/api/github/repo/${await repository(actor)}/collaborators`,
        body: { username: 'outsider', permission: 'admin' },
      }),
      'PUT /api/github/repo/{name}/features': async (actor) => ({
        method: 'PUT',
        path: `/api/github/repo/${await repository(actor)}/features`,
        body: { private: false },
      }),
    },
  }

  /** The same routes when they are not sensitive: an aged proof is enough. */
  const ordinary: Record<string, Sample> = {
    'a user created without admin rights': async () => ({
      method: 'POST',
      path: '/api/users',
      body: { name: 'Customer', email: uniqueEmail('customer') },
    }),
    'a customer deactivated': async () => ({
      method: 'PUT',
      path: `/api/users/${(await addUser()).id}/status`,
      body: { status: 'inactive' },
    }),
    'customers deactivated in bulk': async () => ({
      method: 'PUT',
      path: '/api/users/bulk-update',
      body: { userIds: [(await addUser()).id, (await addUser()).id], action: 'deactivate' },
    }),
    "a customer's e-mail": async () => ({
      method: 'PUT',
      path: `/api/users/${(await addUser()).id}`,
      body: { email: uniqueEmail('customer') },
    }),
    "an admin's name": async () => ({
      method: 'PUT',
      path: `/api/users/${(await newAdmin()).id}`,
      body: { name: 'Renamed Admin' },
    }),
    "an agent's business name": async () => ({
      method: 'PUT',
      path: `/api/users/${(await addUser({ isAgent: true, agentStatus: 'active' })).id}`,
      body: { businessName: 'Shop' },
    }),
    "the own profile's name": async (actor) => ({
      method: 'PUT',
      path: '/api/auth/profile',
      body: { name: 'Only the name', email: actor.email },
    }),
    'signing the current session out': async (actor) => ({
      method: 'DELETE',
      path: `/api/auth/sessions/${JSON.parse(Buffer.from(actor.aged.split('.')[1], 'base64url').toString()).sid}`,
    }),
    'a repository made private': async (actor) => ({
      method: 'PUT',
      path: `/api/github/repo/${await repository(actor)}/features`,
      body: { private: true },
    }),
  }
  return { table, ordinary }
}

describeEachDatabase('step-up: the sensitive-action table', (get) => {
  const { newAdmin } = authHelpers(get)
  const { table, ordinary } = samples(get)
  const actor = async (): Promise<Actor> => {
    const admin = await newAdmin()
    const now = get().deps.now().getTime()
    return {
      id: admin.id,
      email: admin.email,
      fresh: await sessionToken(get(), admin.id),
      aged: await sessionToken(get(), admin.id, new Date(now - 20 * MINUTE)),
    }
  }
  const send = (request: Request, token: string) => call(get(), request.method, request.path, request.body, token)

  it('is the table SECURITY.md shows, row by row', async () => {
    const text = await fs.readFile(path.join(import.meta.dirname, '../../../SECURITY.md'), 'utf8')
    const rows = text
      .split('\n')
      .filter((line) => /^\| .+ \| `[a-z]+\.[a-z_]+` \|/.test(line))
      .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| |`| \|$/g, '')))
    expect(rows).toEqual(
      Object.entries(SENSITIVE_ACTIONS).map(([id, a]) => [a.title, id, a.when, a.operations.join(', ')]),
    )
  })

  it('has a sample for every operation of every action, and no sample for an operation outside the table', () => {
    for (const [action, { operations }] of Object.entries(SENSITIVE_ACTIONS)) {
      expect(Object.keys(table[action as SensitiveActionId]).sort(), action).toEqual([...operations].sort())
    }
  })

  for (const [action, operations] of Object.entries(table)) {
    for (const [operation, sample] of Object.entries(operations)) {
      it(`${action}: ${operation} needs a fresh proof`, async () => {
        const admin = await actor()
        const request = await sample(admin)
        const before = await tablesDigest(get().deps.db)
        const refused = await send(request, admin.aged)
        expect(refused).toEqual({
          status: 403,
          body: { success: false, message: stepUpMessage(action as SensitiveActionId), code: STEP_UP_REQUIRED },
        })
        expect(await tablesDigest(get().deps.db), 'a refused request changed nothing').toBe(before)
        const done = await send(request, admin.fresh)
        expect(done.status, JSON.stringify(done.body)).toBeGreaterThanOrEqual(200)
        expect(done.status).toBeLessThan(300)
      })
    }
  }

  it('lets an aged proof make the ordinary changes on the same routes', async () => {
    for (const [what, sample] of Object.entries(ordinary)) {
      const admin = await actor()
      const res = await send(await sample(admin), admin.aged)
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300)
    }
  })

  it('has every write route either in the table or classified ordinary, and every sensitive field in the table', async () => {
    const { accessToken } = await authHelpers(get).signInAs((await newAdmin()).email)
    const doc = (await call(get(), 'GET', '/api/openapi.json', undefined, accessToken)).body
    const tabled = new Set<string>(Object.values(SENSITIVE_ACTIONS).flatMap((a) => a.operations))
    const writes = writeOperations(doc)
    expect(writes.length).toBeGreaterThan(30)
    const unclassified = writes.filter((w) => !tabled.has(w.key) && !(w.key in ORDINARY_WRITES)).map((w) => w.key)
    expect(unclassified, 'write routes missing from the sensitive-action table and from ORDINARY_WRITES').toEqual([])
    const stale = Object.keys(ORDINARY_WRITES).filter((key) => tabled.has(key) || !writes.some((w) => w.key === key))
    expect(stale, 'ORDINARY_WRITES entries that are in the table or no longer routes').toEqual([])
    const untabled = writes
      .filter((w) => !tabled.has(w.key))
      .flatMap((w) =>
        sensitiveFieldsOf(w.body)
          .filter((field) => !SENSITIVE_FIELD_EXEMPT[w.key]?.includes(field))
          .map((field) => `${w.key}: ${field}`),
      )
    expect(untabled, 'routes writing a sensitive field without a row in the table').toEqual([])
  })
})
