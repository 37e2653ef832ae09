import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type TestContext } from './harness'
import { adminContext, insertProject } from './projects-helpers'

const png = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#c00' } })
    .png()
    .toBuffer()
const jpegWithExif = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#0c0' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'secret' } })
    .toBuffer()

describe('project images /api/storage/projects/:id/images', () => {
  let ctx: TestContext
  let token: string
  beforeAll(async () => ({ ctx, token } = await adminContext()))
  afterAll(async () => ctx?.close())

  const upload = async (projectId: string, files: { name: string; data: Buffer; type?: string }[]) => {
    const form = new FormData()
    for (const f of files)
      form.append('images', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name)
    const res = await ctx.app.request(`/api/storage/projects/${projectId}/images`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    return { status: res.status, body: (await res.json()) as any }
  }

  it('accepts a PNG renamed .webp as PNG, strips metadata, and serves it with the right content type', async () => {
    const project = await insertProject(ctx)
    const res = await upload(project.id, [
      { name: 'shot.webp', data: await png(), type: 'image/webp' },
      { name: 'photo.jpg', data: await jpegWithExif(), type: 'image/jpeg' },
    ])
    expect(res.status).toBe(200)
    expect(res.body.images).toHaveLength(2)
    expect(res.body.images[0].url).toMatch(new RegExp(`^/files/images/${project.id}/[0-9a-f-]+\\.png$`))
    expect(res.body.images[0].alt).toBe('shot')
    const served = await ctx.app.request(res.body.images[0].url)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toContain('immutable')
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('png')
    const jpeg = Buffer.from(await (await ctx.app.request(res.body.images[1].url)).arrayBuffer())
    expect((await sharp(jpeg).metadata()).exif).toBeUndefined()
    expect(jpeg.includes(Buffer.from('SpyCam'))).toBe(false)
  })

  it('stores a file name with a NUL byte or control characters without them (was a 500: SQLSTATE 22021)', async () => {
    const project = await insertProject(ctx)
    const res = await upload(project.id, [{ name: 'front\u0000 page\u0007.png', data: await png() }])
    expect(res.status).toBe(200)
    expect(res.body.images[0].alt).toBe('front page')
  })

  it('refuses a text file renamed .png and an empty selection', async () => {
    const project = await insertProject(ctx)
    const res = await upload(project.id, [{ name: 'notes.png', data: Buffer.from('hello, not an image') }])
    expect(res).toMatchObject({ status: 400, body: { message: 'Only JPEG, PNG or WebP images are allowed' } })
    const truncated = (await png()).subarray(0, 20)
    expect((await upload(project.id, [{ name: 'cut.png', data: truncated }])).status).toBe(400)
    expect((await upload(project.id, [])).body.message).toBe('Please select at least 1 image to upload')
  })

  it('caps an add to the free slots of 5, then refuses', async () => {
    const project = await insertProject(ctx)
    const four = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => ({ name: `a${i}.png`, data: await png() })),
    )
    expect((await upload(project.id, four)).body.images).toHaveLength(4)
    expect((await upload(project.id, four)).body.images).toHaveLength(5)
    expect(await upload(project.id, four)).toMatchObject({
      status: 400,
      body: { message: 'Maximum 5 images allowed.' },
    })
  })

  it('shows the images in order in the project list and detail', async () => {
    const project = await insertProject(ctx, { title: 'Gallery Listing Probe' })
    await upload(project.id, [
      { name: 'first.png', data: await png() },
      { name: 'second.png', data: await png() },
    ])
    const list = await call(ctx, 'GET', '/api/projects?search=Gallery%20Listing%20Probe', undefined, token)
    const listed = list.body.projects.find((p: { _id: string }) => p._id === project.id)
    expect(listed.images.map((i: { alt: string }) => i.alt)).toEqual(['first', 'second'])
    const detail = await call(ctx, 'GET', `/api/projects/${project.id}`, undefined, token)
    expect(detail.body.project.images.map((i: { alt: string }) => i.alt)).toEqual(['first', 'second'])
  })

  it('reorders with a permutation and deletes by index, url or {index}', async () => {
    const project = await insertProject(ctx)
    const files = await Promise.all(['a', 'b', 'c', 'd'].map(async (n) => ({ name: `${n}.png`, data: await png() })))
    await upload(project.id, files)
    const base = `/api/storage/projects/${project.id}/images`
    const reordered = await call(ctx, 'PUT', `${base}/order`, { newOrder: [2, 0, 1, 3] }, token)
    expect(reordered.body.images.map((i: { alt: string }) => i.alt)).toEqual(['c', 'a', 'b', 'd'])
    expect((await call(ctx, 'PUT', `${base}/order`, { newOrder: [0, 0, 1, 2] }, token)).status).toBe(400)
    expect((await call(ctx, 'PUT', `${base}/order`, { newOrder: [0, 1] }, token)).status).toBe(400)
    const byIndex = await call(ctx, 'DELETE', `${base}?index=0`, undefined, token)
    expect(byIndex.body.images.map((i: { alt: string }) => i.alt)).toEqual(['a', 'b', 'd'])
    const url = byIndex.body.images[1].url
    const byUrl = await call(ctx, 'DELETE', `${base}?url=${encodeURIComponent(url)}`, undefined, token)
    expect(byUrl.body.images.map((i: { alt: string }) => i.alt)).toEqual(['a', 'd'])
    expect((await ctx.app.request(url)).status).toBe(404)
    const detailAlts = async () =>
      (await call(ctx, 'GET', `/api/projects/${project.id}`, undefined, token)).body.project.images.map(
        (i: { alt: string }) => i.alt,
      )
    expect(await detailAlts()).toEqual(['a', 'd'])
    const byBody = await call(ctx, 'DELETE', base, { index: 1 }, token)
    expect(byBody.body.images.map((i: { alt: string }) => i.alt)).toEqual(['a'])
    expect(await detailAlts()).toEqual(['a'])
    expect((await call(ctx, 'DELETE', `${base}?index=7`, undefined, token)).status).toBe(404)
  })
})
