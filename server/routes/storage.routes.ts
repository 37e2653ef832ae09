/**
 * /api/storage/projects/{id}/images (SPEC.md 7 "Source and image storage"): add images
 * (multipart `images`, capped to the free slots of 5), delete one (?index, ?url or {index}),
 * reorder ({newOrder}). Files live in blob storage under images/{projectId}/; rows in
 * project_images keep the order (db/queries/images.queries.ts). Every answer is the images in order.
 */
import crypto from 'node:crypto'
import { Hono } from 'hono'
import * as v from 'valibot'
import { IdParamSchema } from '../../src/api/schemas/common'
import { MULTIPART_OVERHEAD_BYTES } from '../../src/api/schemas/multipart'
import {
  DeleteImageBodySchema,
  DeleteImageQuerySchema,
  IMAGE_LIMITS,
  ImageUploadBodySchema,
  ImagesResponseSchema,
  ReorderImagesSchema,
} from '../../src/api/schemas/storage'
import { addImages, deleteImage, reorderImages, type NewImage } from '../db/queries/images.queries'
import type { AppDeps, AppEnv } from '../deps'
import { badRequest, tooLarge } from '../http/errors'
import { ok } from '../http/respond'
import { bodyLimitOf } from '../http/body-limits'
import { formatIssues, parseMultipart, validate } from '../http/validate'
import { imageKind, reencodeImage } from '../services/image-check'
import { altFromFileName } from '../domain/file-names'

const ONLY_IMAGES = 'Only JPEG, PNG or WebP images are allowed'

const toApi = (rows: { url: string; alt: string; filePath: string }[]) =>
  rows.map((r) => ({ url: r.url, alt: r.alt, filePath: r.filePath }))

export function storageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const blobs = deps.storage
  const id = validate('param', IdParamSchema)

  // The body stops being read past 5 images of 10 MB.
  const imagesLimit = bodyLimitOf(
    IMAGE_LIMITS.perProject * IMAGE_LIMITS.fileBytes + MULTIPART_OVERHEAD_BYTES,
    `Images too large (limit ${IMAGE_LIMITS.perProject} images of 10 MB)`,
  )
  app.post('/projects/:id/images', imagesLimit, id, async (c) => {
    const projectId = c.req.valid('param').id
    const { images } = await parseMultipart(c, ImageUploadBodySchema)
    const prepared: (NewImage & { data: Buffer })[] = []
    for (const file of images) {
      if (file.size > IMAGE_LIMITS.fileBytes) throw tooLarge(`Image too large: ${file.name} (limit 10 MB per image)`)
      const bytes = new Uint8Array(await file.arrayBuffer())
      const kind = await imageKind(bytes)
      if (!kind) throw badRequest(ONLY_IMAGES)
      const data = await reencodeImage(bytes, kind).catch(() => {
        throw badRequest(ONLY_IMAGES)
      })
      prepared.push({
        key: `images/${projectId}/${crypto.randomUUID()}.${kind.ext}`,
        contentType: kind.contentType,
        size: data.length,
        alt: altFromFileName(file.name),
        data,
      })
    }
    const written: string[] = []
    try {
      const rows = await addImages(
        deps.db,
        projectId,
        prepared,
        IMAGE_LIMITS.perProject,
        c.get('admin').id,
        async (image) => {
          await blobs.put(image.key, image.data, { contentType: image.contentType })
          written.push(image.key)
        },
      )
      return ok(c, ImagesResponseSchema, { success: true, images: toApi(rows) })
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
    const { images, removed } = await deleteImage(deps.db, projectId, { index, url }, c.get('admin').id)
    await blobs.remove(removed)
    return ok(c, ImagesResponseSchema, { success: true, images: toApi(images) })
  })

  app.put('/projects/:id/images/order', id, validate('json', ReorderImagesSchema), async (c) => {
    const images = await reorderImages(
      deps.db,
      c.req.valid('param').id,
      c.req.valid('json').newOrder,
      c.get('admin').id,
    )
    return ok(c, ImagesResponseSchema, { success: true, images: toApi(images) })
  })
  return app
}
