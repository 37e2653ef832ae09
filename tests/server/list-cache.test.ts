/**
 * The projects list page cache (docs/decisions/004): pages are reused per (table versions, query)
 * and never served stale to the process's own writers; writes from another connection arrive by
 * NOTIFY. Runs with a listening TableVersions, as `npm start` does, on PGlite and PostgreSQL.
 */
import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import sharp from 'sharp'
import { expect, it } from 'vitest'
import { TableVersions } from '../../server/services/table-versions'
import { describeEachDatabase } from './harness'
import { listeningCacheApp } from './cache-helpers'
import { adminSession, insertProject } from './projects-helpers'

describeEachDatabase('projects list page cache', (get) => {
  const cache = listeningCacheApp(get, async (ctx) => (await adminSession(ctx)).token)

  const request = async (method: string, url: string, body?: BodyInit, json = true) => {
    const headers: Record<string, string> = { authorization: `Bearer ${cache.token}` }
    if (json && body !== undefined) headers['content-type'] = 'application/json'
    const res = await cache.app.request(url, { method, body, headers })
    return { status: res.status, cache: res.headers.get('x-cache'), body: (await res.json()) as any }
  }
  const list = (title: string) => request('GET', `/api/projects?search=${encodeURIComponent(title)}&limit=20&page=1`)

  it('serves a repeated query from the cache and reads its own writes', async () => {
    const title = `Cache Probe ${crypto.randomUUID().slice(0, 8)}`
    const project = await insertProject(cache.ctx, { title })
    cache.versions.invalidate() // the insert above bypassed the app
    const first = await list(title)
    expect(first).toMatchObject({ status: 200, cache: 'miss' })
    expect(first.body.projects.map((p: { title: string }) => p.title)).toEqual([title])
    const second = await list(title)
    expect(second.cache).toBe('hit')
    expect(second.body).toEqual(first.body)
    expect(cache.versions.fromMemory).toBe(true)

    const renamed = `${title} Renamed`
    expect((await request('PUT', `/api/projects/${project.id}`, JSON.stringify({ title: renamed }))).status).toBe(200)
    // Not left to the notification's timing: the write itself made the next read check the database.
    expect(cache.versions.fromMemory).toBe(false)
    const afterEdit = await list(title)
    expect(afterEdit.cache).toBe('miss')
    expect(afterEdit.body.projects[0].title).toBe(renamed)

    const form = new FormData()
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#08f' } })
      .png()
      .toBuffer()
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png')
    expect((await request('POST', `/api/storage/projects/${project.id}/images`, form, false)).status).toBe(200)
    const afterImage = await list(title)
    expect(afterImage.body.projects[0].images.map((i: { alt: string }) => i.alt)).toEqual(['cover'])
    expect((await list(title)).cache).toBe('hit')
  })

  it('picks up writes from outside the process by NOTIFY (project and owner)', async () => {
    const title = `Notify Probe ${crypto.randomUUID().slice(0, 8)}`
    const owner = crypto.randomUUID()
    await cache.outsideWrite('INSERT INTO users (id, name, email) VALUES ($1, $2, $3)', [
      owner,
      'First Owner',
      `${owner}@example.com`,
    ])
    const project = await insertProject(cache.ctx, { title, projectOwnerId: owner })
    cache.versions.invalidate()
    expect((await list(title)).body.projects[0].projectOwner.name).toBe('First Owner')
    expect((await list(title)).cache).toBe('hit')

    await cache.outsideWrite('UPDATE users SET name = $1 WHERE id = $2', ['Second Owner', owner])
    await expect.poll(async () => (await list(title)).body.projects[0].projectOwner.name).toBe('Second Owner')
    await cache.outsideWrite('UPDATE projects SET discount = 10 WHERE id = $1', [project.id])
    await expect.poll(async () => (await list(title)).body.projects[0].discount).toBe(10)
  })

  it('builds a page once for a burst of identical requests after a write', async () => {
    const title = `Burst Probe ${crypto.randomUUID().slice(0, 8)}`
    const project = await insertProject(cache.ctx, { title })
    cache.versions.invalidate()
    expect((await request('PUT', `/api/projects/${project.id}`, JSON.stringify({ discount: 5 }))).status).toBe(200)
    const burst = await Promise.all(Array.from({ length: 8 }, () => list(title)))
    expect(burst.filter((r) => r.cache === 'miss')).toHaveLength(1)
    expect(burst.every((r) => r.cache === 'miss' || r.cache === 'shared' || r.cache === 'hit')).toBe(true)
    for (const r of burst) expect(r.body).toEqual(burst[0].body)
    expect(burst[0].body.projects[0].discount).toBe(5)
  })

  it('sends pages of non-ASCII text over HTTP with their UTF-8 length, built and from the cache', async () => {
    // The caches hold JSON text; @hono/node-server encodes it as it writes (Content-Length in bytes).
    const title = `हिंदी प्रोजेक्ट ₹ ${crypto.randomUUID().slice(0, 8)}`
    await insertProject(cache.ctx, { title, description: 'Résumé builder — ₹499 setup' })
    cache.versions.invalidate()
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: cache.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    try {
      const { port } = server.address() as AddressInfo
      for (const expected of ['miss', 'hit']) {
        const res = await fetch(`http://127.0.0.1:${port}/api/projects?search=${encodeURIComponent(title)}`, {
          headers: { authorization: `Bearer ${cache.token}` },
        })
        const bytes = new Uint8Array(await res.arrayBuffer())
        expect(res.headers.get('x-cache')).toBe(expected)
        expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength)
        const body = JSON.parse(new TextDecoder().decode(bytes))
        expect(body.projects.map((p: { title: string; description: string }) => [p.title, p.description])).toEqual([
          [title, 'Résumé builder — ₹499 setup'],
        ])
      }
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('reads the database per request when nothing listens', async () => {
    const quiet = new TableVersions(cache.ctx.database.db)
    const before = await quiet.current()
    expect(quiet.fromMemory).toBe(false)
    await cache.outsideWrite("UPDATE projects SET discount = discount WHERE title LIKE 'Notify Probe%'", [])
    const after = await quiet.current()
    expect(after.projects).toBeGreaterThan(before.projects)
  })
})
