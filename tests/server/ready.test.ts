/**
 * GET /api/ready: 200 while the database and the storage answer, 503 naming what is
 * down (no internals) when either does not, public like /api/health.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { call, createTestContext, type TestContext } from './harness'

describe('readiness', () => {
  let ctx: TestContext | undefined
  afterEach(async () => {
    await ctx?.close().catch(() => {})
    ctx = undefined
  })

  it('answers ready with both checks ok, without a token, not cached', async () => {
    ctx = await createTestContext('pglite')
    const res = await ctx.app.request('/api/ready')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ success: true, status: 'ready', checks: { database: 'ok', storage: 'ok' } })
  })

  it('answers 503 when the storage cannot be written', async () => {
    ctx = await createTestContext('pglite')
    // The files folder replaced by a plain file: nothing can be stored under it.
    await fs.writeFile(path.join(ctx.dataDir, 'files'), 'not a folder')
    const res = await call(ctx, 'GET', '/api/ready')
    expect(res.status).toBe(503)
    expect(res.body).toEqual({
      success: false,
      status: 'unavailable',
      message: 'Not ready: storage not answering',
      checks: { database: 'ok', storage: 'unreachable' },
    })
  })

  it('answers 503 when the database is gone, while /api/health still answers', async () => {
    ctx = await createTestContext('pglite')
    await ctx.database.close()
    const res = await call(ctx, 'GET', '/api/ready')
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({
      success: false,
      message: 'Not ready: database not answering',
      checks: { database: 'unreachable', storage: 'ok' },
    })
    expect((await call(ctx, 'GET', '/api/health')).status).toBe(200)
  })
})
