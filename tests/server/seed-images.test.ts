/**
 * Demo cover images: the newest projects get one to three WebP covers in blob storage, served
 * from /files with their content type and listed with the project; a second run adds nothing.
 */
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoImages } from '../../server/db/seed/images'
import { seedDemo } from '../../server/db/seed/seed'
import { ADMIN_EMAIL, call, createTestContext, type TestContext } from './harness'
import { adminSession } from './projects-helpers'

describe('demo cover images', () => {
  let ctx: TestContext
  let written = 0
  beforeAll(async () => {
    ctx = await createTestContext()
    await seedDemo(ctx.database, {
      scale: 0.05,
      adminEmail: ADMIN_EMAIL,
      dataKey: ctx.deps.dataKey,
      seed: 3,
      now: new Date('2026-11-20T12:00:00Z'),
    })
    written = await seedDemoImages(ctx.database.db, ctx.deps.storage, { seed: 3, limit: 6 })
  })
  afterAll(async () => ctx?.close())

  it('gives the six newest projects one to three covers each, stored and served like uploads', async () => {
    const perProject = (
      (await ctx.database.db.execute(sql`SELECT p.id, count(i.id)::int AS n FROM projects p
      LEFT JOIN project_images i ON i.project_id = p.id GROUP BY p.id, p.created_at ORDER BY p.created_at DESC, p.id DESC`)) as unknown as {
        rows: { id: string; n: number }[]
      }
    ).rows
    expect(perProject.slice(0, 6).every((r) => r.n >= 1 && r.n <= 3)).toBe(true)
    expect(perProject.slice(6).every((r) => r.n === 0)).toBe(true)
    expect(perProject.reduce((sum, r) => sum + r.n, 0)).toBe(written)

    const { token } = await adminSession(ctx)
    const { body } = await call(ctx, 'GET', `/api/projects/${perProject[0].id}`, undefined, token)
    const cover = body.project.images[0]
    expect(cover.alt).toBe(body.project.title)
    expect(fs.existsSync(path.join(ctx.dataDir, 'files', cover.filePath))).toBe(true)
    const served = await ctx.app.request(cover.url)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 300 })
  })

  it('adds nothing to projects that already have images', async () => {
    expect(await seedDemoImages(ctx.database.db, ctx.deps.storage, { seed: 3, limit: 6 })).toBe(0)
  })
})
