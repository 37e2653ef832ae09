/**
 * Project image storage (SPEC.md 7 "Source and image storage"): add images (multipart field
 * `images`), delete one by index, reorder with `newOrder` (old indexes in their new order). Each
 * call answers the project's images in order. Every failure is an ApiError.
 */
import type * as v from 'valibot'
import { api } from './client'
import { ImagesResponseSchema as ProjectImagesResponseSchema, type ImageSchema } from './schemas/storage'

/** An image as the project carries it: { url, alt, filePath }. */
export type ProjectImage = v.InferOutput<typeof ImageSchema>

const base = (projectId: string) => `/api/storage/projects/${projectId}/images`

/** POST /api/storage/projects/{id}/images with the files under `images` → all images. */
export async function uploadImages(projectId: string, files: readonly Blob[]): Promise<ProjectImage[]> {
  const form = new FormData()
  files.forEach((file, i) => form.append('images', file, file instanceof File ? file.name : `image-${i + 1}`))
  return (await api.post(base(projectId), form, ProjectImagesResponseSchema)).images
}

/** DELETE /api/storage/projects/{id}/images?index=n → the remaining images. */
export async function deleteImage(projectId: string, index: number): Promise<ProjectImage[]> {
  return (await api.del(base(projectId), ProjectImagesResponseSchema, { query: { index } })).images
}

/** PUT /api/storage/projects/{id}/images/order {newOrder} → the images in the new order. */
export async function reorderImages(projectId: string, newOrder: readonly number[]): Promise<ProjectImage[]> {
  return (await api.put(`${base(projectId)}/order`, { newOrder }, ProjectImagesResponseSchema)).images
}
