/**
 * Each createApp owns its state (server/deps.ts, decision 005): two apps in one process share no
 * after-delete hooks, so deleting a project in one app never runs the other app's file cleanup.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { projectImages } from '../../server/db/schema'
import { call, createTestContext, type TestContext } from './harness'
import { adminSession, insertProject } from './projects-helpers'

const open: TestContext[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((ctx) => ctx.close()))
})

/** A context whose database holds project `id` with one image file on disk; returns the file path. */
async function withImage(ctx: TestContext, id: string): Promise<string> {
  await insertProject(ctx, { id, title: 'Shared id' })
  const key = `images/${id}/cover.png`
  await ctx.deps.db
    .insert(projectImages)
    .values({ projectId: id, position: 0, filePath: key, url: `/files/${key}`, contentType: 'image/png', size: 3 })
  const file = path.join(ctx.dataDir, 'files', key)
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, 'png')
  return file
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  )

it('gives every app its own after-delete hooks: one cleanup each, however many apps exist', async () => {
  open.push(await createTestContext(), await createTestContext())
  expect(open.map((ctx) => ctx.deps.onProjectDeleted.length)).toEqual([1, 1])
  expect(new Set(open.map((ctx) => ctx.deps.onProjectDeleted)).size).toBe(2)
})

it('deleting a project in one app leaves the files of another app alone', async () => {
  const first = await createTestContext()
  const second = await createTestContext()
  open.push(first, second)
  const id = crypto.randomUUID()
  const firstFile = await withImage(first, id)
  const secondFile = await withImage(second, id)

  const { token } = await adminSession(second)
  expect((await call(second, 'DELETE', `/api/projects/${id}`, undefined, token)).status).toBe(200)

  expect(await exists(secondFile)).toBe(false)
  expect(await exists(firstFile)).toBe(true)
})
