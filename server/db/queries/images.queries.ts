/**
 * Project images in the database (SPEC.md 7 "Source and image storage"): rows of project_images
 * in position order. Each write locks the project, keeps positions 0..n-1 and writes its audit row
 * in one transaction; blob files are written and removed by the caller (routes/storage.routes.ts).
 */
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { projectImages } from '../schema'
import { badRequest, notFound } from '../../http/errors'
import { write } from '../write'
import { lockProjects, type DbOrTx, type Tx } from './projects.queries'

/** A row of project_images. */
export type ImageRow = typeof projectImages.$inferSelect
/** A new image: its blob key, type and size (bytes), alt text. */
export type NewImage = { key: string; contentType: string; size: number; alt: string }

/** The images of a project in position order. */
export const listImages = (db: DbOrTx, projectId: string) =>
  db.select().from(projectImages).where(eq(projectImages.projectId, projectId)).orderBy(asc(projectImages.position))

/** The content type of the image stored under blob `key`, or undefined. */
export async function imageContentType(db: Db, key: string): Promise<string | undefined> {
  const [image] = await db
    .select({ contentType: projectImages.contentType })
    .from(projectImages)
    .where(eq(projectImages.filePath, key))
    .limit(1)
  return image?.contentType
}

/**
 * Append images up to the free slots of `max` (400 'Maximum 5 images allowed.' when none are
 * free). `put(image)` stores each file before its row is written. Returns the images in order.
 */
export async function addImages<T extends NewImage>(
  db: Db,
  projectId: string,
  images: T[],
  max: number,
  actorId: string,
  put: (image: T) => Promise<void>,
): Promise<ImageRow[]> {
  const { result } = await write(db, {
    transaction: async (tx) => {
      await lockProjects(tx, [projectId])
      const current = await listImages(tx, projectId)
      const free = max - current.length
      if (free <= 0) throw badRequest(`Maximum ${max} images allowed.`)
      const added: string[] = []
      for (const [i, image] of images.slice(0, free).entries()) {
        await put(image)
        added.push(image.key)
        await tx.insert(projectImages).values({
          projectId,
          position: current.length + i,
          filePath: image.key,
          url: `/files/${image.key}`,
          alt: image.alt,
          contentType: image.contentType,
          size: image.size,
        })
      }
      return {
        result: await listImages(tx, projectId),
        audit: [
          {
            actorId,
            action: 'project.images.add',
            entityType: 'project',
            entityId: projectId,
            after: { added },
          },
        ],
      }
    },
  })
  return result
}

/** Renumber `rows` to positions 0..n-1 in their order. */
async function renumber(tx: Tx, rows: ImageRow[]) {
  for (const [position, row] of rows.entries()) {
    if (row.position !== position) await tx.update(projectImages).set({ position }).where(eq(projectImages.id, row.id))
  }
}

/** Delete the image at `index`, or whose url or blob key is `url` (404); returns the rest and the removed key. */
export async function deleteImage(
  db: Db,
  projectId: string,
  target: { index?: number; url?: string },
  actorId: string,
) {
  const { result } = await write(db, {
    transaction: async (tx) => {
      await lockProjects(tx, [projectId])
      const current = await listImages(tx, projectId)
      const row =
        target.index !== undefined
          ? current[target.index]
          : current.find((r) => r.url === target.url || r.filePath === target.url)
      if (!row) throw notFound('Image not found')
      await tx.delete(projectImages).where(eq(projectImages.id, row.id))
      await renumber(
        tx,
        current.filter((r) => r.id !== row.id),
      )
      return {
        result: { images: await listImages(tx, projectId), removed: row.filePath },
        audit: [
          {
            actorId,
            action: 'project.images.delete',
            entityType: 'project',
            entityId: projectId,
            before: { image: row.filePath },
          },
        ],
      }
    },
  })
  return result
}

/** Reorder by `newOrder` (old indexes in their new order; 400 unless a permutation); returns the images. */
export async function reorderImages(db: Db, projectId: string, newOrder: number[], actorId: string) {
  const { result } = await write(db, {
    transaction: async (tx) => {
      await lockProjects(tx, [projectId])
      const current = await listImages(tx, projectId)
      const sorted = [...newOrder].sort((a, b) => a - b)
      if (sorted.length !== current.length || sorted.some((n, i) => n !== i)) {
        throw badRequest(`newOrder must be a permutation of 0..${current.length - 1}`)
      }
      for (const [position, oldIndex] of newOrder.entries()) {
        await tx.update(projectImages).set({ position }).where(eq(projectImages.id, current[oldIndex].id))
      }
      return {
        result: await listImages(tx, projectId),
        audit: [
          {
            actorId,
            action: 'project.images.reorder',
            entityType: 'project',
            entityId: projectId,
            after: { newOrder },
          },
        ],
      }
    },
  })
  return result
}
