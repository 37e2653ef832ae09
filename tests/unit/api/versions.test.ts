/** The client's side of record versions (live.ts "Versions"): If-Match on writes, the 409 body on ApiError, bulk outcomes. */
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { createApiClient } from '../../../src/api/client'
import { versionConflictOf } from '../../../src/api/version-conflict'
import { bulkOutcome, versionsOf } from '../../../src/api/bulk-outcome'
import { createMemoryStorage, createSessionStore } from '../../../src/api/session'

const OkSchema = v.object({ success: v.literal(true) })
const conflictBody = {
  success: false,
  message: 'Project was changed by Asha since you opened it',
  code: 'version_conflict',
  version: '2026-11-27T10:00:01.000Z',
  changes: [
    {
      actor: { id: 'a1', name: 'Asha' },
      at: '2026-11-27T10:00:01.000Z',
      action: 'project.update',
      fields: ['title'],
      before: { title: 'Old' },
      after: { title: 'New' },
    },
  ],
}

function client(answer: () => Response) {
  const headers: Array<Headers> = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    headers.push(new Request(new URL(String(input), 'http://t'), init).headers)
    return answer()
  }) as typeof globalThis.fetch
  const session = createSessionStore(createMemoryStorage())
  session.setTokens({ accessToken: 'a', refreshToken: 'r' })
  return { api: createApiClient({ fetch, session, baseURL: 'http://t', locks: null }), headers }
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('record versions on the wire', () => {
  it('a write with a version sends If-Match as its strong ETag; without, none', async () => {
    const { api, headers } = client(() => json(200, { success: true }))
    await api.put('/api/projects/p1', { title: 'x' }, OkSchema, { version: '2026-11-27T10:00:00.123Z' })
    await api.put('/api/projects/p1', { title: 'x' }, OkSchema)
    expect(headers[0].get('if-match')).toBe('"2026-11-27T10:00:00.123Z"')
    expect(headers[0].get('authorization')).toBe('Bearer a')
    expect(headers[1].get('if-match')).toBeNull()
  })

  it('a 409 version_conflict is an ApiError carrying the parsed body; another 409 carries none', async () => {
    const stale = client(() => json(409, conflictBody)).api
    const error = await stale.put('/api/projects/p1', {}, OkSchema, { version: 'v0' }).catch((e: unknown) => e)
    expect(versionConflictOf(error)).toEqual(conflictBody)
    expect((error as Error).message).toBe('Project was changed by Asha since you opened it')
    const other = client(() => json(409, { success: false, message: 'Already replied' })).api
    expect(versionConflictOf(await other.put('/api/x', {}, OkSchema).catch((e: unknown) => e))).toBeNull()
  })

  it('bulk: versions of the chosen rows as listed (rows without one left out); outcome defaults', () => {
    const rows = [{ id: 'a', updatedAt: 'va' }, { id: 'b', updatedAt: 'vb' }, { id: 'c' }]
    expect(versionsOf(rows, ['a', 'c'])).toEqual({ a: 'va' })
    expect(versionsOf(rows, ['c'])).toBeUndefined()
    expect(bulkOutcome({})).toEqual({ undo: null, conflicts: [] })
  })
})
