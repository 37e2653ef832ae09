/**
 * The Add Project flow's I/O actors (upload.machine.ts): create the draft or the project, upload
 * its images, publish it (PUT). Each calls src/api and rejects with its ApiError; tests replace
 * them with `.provide()`.
 */
import { fromPromise } from 'xstate'
import { updateProject } from '../api/projects'
import { uploadImages } from '../api/storage'
import { createProject } from '../api/upload'
import type { ProjectPayload } from './add-project.form'

/** The flow's named I/O actors, keyed as upload.machine.ts invokes them. */
export const uploadActors = {
  createProject: fromPromise<{ _id: string }, { project: ProjectPayload }>(({ input }) => createProject(input.project)),
  uploadImages: fromPromise<unknown, { projectId: string; images: File[] }>(({ input }) =>
    uploadImages(input.projectId, input.images),
  ),
  publishProject: fromPromise<unknown, { projectId: string; project: ProjectPayload }>(({ input }) =>
    updateProject(input.projectId, input.project),
  ),
}
