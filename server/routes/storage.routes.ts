/**
 * /api/storage/projects/{id}/images (SPEC.md 7 "Source and image storage"; issue 4): add images
 * (multipart `images`, capped to the free slots of 5), delete one (?index, ?url or {index}),
 * reorder ({newOrder}). Files live in blob storage under images/{projectId}/; rows in
 * project_images keep the order. Every answer is the project's images in order.
 */
import crypto from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  DeleteImageBodySchema, DeleteImageQuerySchema, IMAGE_LIMITS, ReorderImagesSchema,
} from '../../src/api/schemas/storage'
import { projectImages } from '../db/schema'
import type { AppDeps, AppEnv } from '../deps'
import { badRequest, notFound, tooLarge } from '../http/errors'
import { formatIssues, validate } from '../http/validate'
import { audit } from '../services/audit'
import { BlobStorage } from '../services/blob-storage'
import { reencodeImage, sniffImage, type ImageKind } from '../services/image-check'
import { lockProjects, type DbOrTx } from './projects.queries'

const ONLY_IMAGES = 'Only JPEG, PNG or WebP images are allowed'

const listImages = (db: DbOrTx, projectId: string) => db.select().from(projectImages)
  .where(eq(projectImages.projectId, projectId)).orderBy(asc(projectImages.position))
const toApi = (rows: { url: string; alt: string; filePath: string }[]) =>
  rows.map((r) => ({ url: r.url, alt: r.alt, filePath: r.filePath }))

export function storageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const blobs = new BlobStorage(deps.env.DATA_DIR)
  const id = validate('param', IdParamSchema)

  app.post('/projects/:id/images', id, async (c) => {
    const projectId = c.req.valid('param').id
    const body = await c.req.parseBody({ all: true })
    const unknown = Object.keys(body).find((k) => k !== 'images')
    if (unknown) throw badRequest(`${unknown}: Unknown field`)
    const files = [body.images].flat().filter((f) => f !== undefined)
    if (files.some((f) => !(f instanceof File))) throw badRequest('images must be file parts')
    if (files.length === 0) throw badRequest('Please select at least 1 image to upload')
    const prepared: { kind: ImageKind; data: Buffer; alt: string }[] = []
    for (const file of files as File[]) {
      if (file.size > IMAGE_LIMITS.fileBytes) throw tooLarge(`Image too large: ${file.name} (limit 10 MB per image)`)
      const bytes = new Uint8Array(await file.arrayBuffer())
      const kind = sniffImage(bytes)
      if (!kind) throw badRequest(ONLY_IMAGES)
      const data = await reencodeImage(bytes, kind).catch(() => { throw badRequest(ONLY_IMAGES) })
      prepared.push({ kind, data, alt: file.name.replace(/\.[^.]*$/, '') })
    }
    const written: string[] = []
    try {
      const images = await deps.db.transaction(async (tx) => {
        await lockProjects(tx, [projectId])
        const current = await listImages(tx, projectId)
        const free = IMAGE_LIMITS.perProject - current.length
        if (free <= 0) throw badRequest('Maximum 5 images allowed.')
        for (const [i, image] of prepared.slice(0, free).entries()) {
          const key = `images/${projectId}/${crypto.randomUUID()}.${image.kind.ext}`
          await blobs.put(key, image.data)
          written.push(key)
          await tx.insert(projectImages).values({ projectId, position: current.length + i, filePath: key,
            url: `/files/${key}`, alt: image.alt, contentType: image.kind.contentType, size: image.data.length })
        }
        await audit(tx, { actorId: c.get('admin').id, action: 'project.images.add', entityType: 'project',
          entityId: projectId, after: { added: written } })
        return listImages(tx, projectId)
      })
      return c.json({ success: true as const, images: toApi(images) })
    } catch (error) {
      await Promise.all(written.map((key) => blobs.remove(key)))
      throw error
    }
  })

  app.delete('/projects/:id/images', id, validate('query', DeleteImageQuerySchema), async (c) => {
    const projectId = c.req.valid('param').id
    const { url } = c.req.valid('query')
    let { index } = c.req.valid('query')
    if (index === undefined && url === undefined && c.req.header('content-type')?.includes('application/json')) {
      const parsed = v.safeParse(DeleteImageBodySchema, await c.req.json().catch(() => null))
      if (!parsed.success) throw badRequest(formatIssues(parsed.issues)[0])
      index = parsed.output.index
    }
    if (index === undefined && url === undefined) throw badRequest('index or url is required')
    const { images, removed } = await deps.db.transaction(async (tx) => {
      await lockProjects(tx, [projectId])
      const current = await listImages(tx, projectId)
      const target = index !== undefined ? current[index] : current.find((r) => r.url === url || r.filePath === url)
      if (!target) throw notFound('Image not found')
      await tx.delete(projectImages).where(eq(projectImages.id, target.id))
      const rest = current.filter((r) => r.id !== target.id)
      for (const [position, row] of rest.entries()) {
        if (row.position !== position) await tx.update(projectImages).set({ position }).where(eq(projectImages.id, row.id))
      }
      await audit(tx, { actorId: c.get('admin').id, action: 'project.images.delete', entityType: 'project',
        entityId: projectId, before: { image: target.filePath } })
      return { images: await listImages(tx, projectId), removed: target.filePath }
    })
    await blobs.remove(removed)
    return c.json({ success: true as const, images: toApi(images) })
  })

  app.put('/projects/:id/images/order', id, validate('json', ReorderImagesSchema), async (c) => {
    const projectId = c.req.valid('param').id
    const { newOrder } = c.req.valid('json')
    const images = await deps.db.transaction(async (tx) => {
      await lockProjects(tx, [projectId])
      const current = await listImages(tx, projectId)
      const sorted = [...newOrder].sort((a, b) => a - b)
      if (sorted.length !== current.length || sorted.some((n, i) => n !== i)) {
        throw badRequest(`newOrder must be a permutation of 0..${current.length - 1}`)
      }
      for (const [position, oldIndex] of newOrder.entries()) {
        await tx.update(projectImages).set({ position }).where(eq(projectImages.id, current[oldIndex].id))
      }
      await audit(tx, { actorId: c.get('admin').id, action: 'project.images.reorder', entityType: 'project',
        entityId: projectId, after: { newOrder } })
      return listImages(tx, projectId)
    })
    return c.json({ success: true as const, images: toApi(images) })
  })
  return app
}
