import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { createApiClient } from '../../../src/api/client'
import { chunkFormData } from '../../../src/api/upload'
import { createMemoryStorage, createSessionStore } from '../../../src/api/session'

describe('api client with a FormData body (multipart uploads)', () => {
  it('sends multipart with a boundary, never JSON, and keeps every part', async () => {
    let seen: { type: string | null; auth: string | null; form: FormData } | null = null
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(new URL(String(input), 'http://t'), init)
      seen = {
        type: req.headers.get('content-type'),
        auth: req.headers.get('authorization'),
        form: await req.formData(),
      }
      return new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } })
    }) as typeof globalThis.fetch
    const session = createSessionStore(createMemoryStorage())
    session.setTokens({ accessToken: 'a', refreshToken: 'r' })
    const client = createApiClient({ fetch, session, baseURL: 'http://t' })
    const body = chunkFormData({
      projectId: 'p1',
      uploadId: 'u1',
      chunkIndex: 1,
      totalChunks: 3,
      files: [
        { path: 'src/a.ts', file: new Blob(['a']) },
        { path: 'b.md', file: new Blob(['bb']) },
      ],
    })
    await client.post('/api/upload/upload', body, v.object({ success: v.literal(true) }))
    expect(seen!.type).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen!.auth).toBe('Bearer a')
    const form = seen!.form
    expect(form.getAll('files')).toHaveLength(2)
    // Text fields first, files last: the server knows the paths and the upload while the files stream.
    expect([...new Set(form.keys())]).toEqual([
      'relativePaths',
      'uploadType',
      'projectId',
      'uploadId',
      'chunkIndex',
      'totalChunks',
      'isFirstChunk',
      'isLastChunk',
      'files',
    ])
    expect(JSON.parse(String(form.get('relativePaths')))).toEqual(['src/a.ts', 'b.md'])
    expect(
      Object.fromEntries(
        ['uploadType', 'projectId', 'uploadId', 'chunkIndex', 'totalChunks', 'isFirstChunk', 'isLastChunk'].map((k) => [
          k,
          form.get(k),
        ]),
      ),
    ).toEqual({
      uploadType: 'folder',
      projectId: 'p1',
      uploadId: 'u1',
      chunkIndex: '1',
      totalChunks: '3',
      isFirstChunk: 'false',
      isLastChunk: 'false',
    })
  })
})
