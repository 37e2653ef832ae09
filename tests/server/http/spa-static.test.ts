/**
 * Static serving of the built SPA (server/routes/spa.routes.ts with scripts/precompress.ts): hashed
 * assets go out precompressed with a year-long immutable Cache-Control, index.html is
 * revalidated, client routes get index.html, and a missing asset is a 404.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppDeps } from '../../../server/deps'
import { IMMUTABLE, REVALIDATE } from '../../../server/http/spa'
import { spaRoutes } from '../../../server/routes/spa.routes'
import { precompressDir } from '../../../scripts/precompress'

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, title: 'Project ${i}' }`).join(', ')}]\n`
const html =
  '<!doctype html><html><head><script type="module" src="/assets/index-a1b2c3.js"></script></head><body><div id="root"></div></body></html>'

describe('spaRoutes: compression and caching', () => {
  let dir: string
  let app: Hono

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-static-'))
    fs.mkdirSync(path.join(dir, 'assets'))
    fs.writeFileSync(path.join(dir, 'assets', 'index-a1b2c3.js'), script)
    fs.writeFileSync(path.join(dir, 'assets', 'tiny-d4e5f6.js'), 'export {}\n')
    fs.writeFileSync(path.join(dir, 'index.html'), html.padEnd(1500, ' '))
    expect(precompressDir(dir)).toBe(2) // the script and index.html; tiny-*.js is below the threshold
    app = new Hono()
    app.get('/api/health', (c) => c.json({ ok: true }))
    app.route('/', spaRoutes({ env: { ADMIN_EMAIL: 'ops@shop.example' } as AppDeps['env'] }, dir))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  const get = (url: string, encoding?: string) =>
    app.request(url, { headers: encoding ? { 'accept-encoding': encoding } : {} })

  it('sends a hashed asset as brotli when accepted, immutable for a year', async () => {
    const res = await get('/assets/index-a1b2c3.js', 'gzip, deflate, br, zstd')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    const body = Buffer.from(await res.arrayBuffer())
    expect(body.length).toBeLessThan(script.length / 4)
    expect(zlib.brotliDecompressSync(body).toString()).toBe(script)
  })

  it('sends gzip to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-a1b2c3.js', 'gzip, deflate')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script)
    const plain = await get('/assets/index-a1b2c3.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
  })

  it('serves index.html compressed and revalidated at / and at client routes', async () => {
    for (const url of ['/', '/login', '/projects/123']) {
      const res = await get(url, 'gzip')
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-encoding'), url).toBe('gzip')
      expect(res.headers.get('cache-control'), url).toBe(REVALIDATE)
      expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString(), url).toContain('<div id="root">')
    }
  })

  it('answers 404 for a missing asset instead of index.html, and leaves earlier routes alone', async () => {
    const missing = await get('/assets/index-000000.js', 'gzip')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe(REVALIDATE)
    const api = await get('/api/health', 'gzip')
    expect(await api.json()).toEqual({ ok: true })
    expect(api.headers.get('cache-control')).toBeNull()
  })

  it('serves a file below the size threshold as it is', async () => {
    const res = await get('/assets/tiny-d4e5f6.js', 'br, gzip')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(await res.text()).toBe('export {}\n')
  })
})
