/**
 * The Add Project flow's I/O actors (upload.machine.ts): create the draft or the project, upload
 * its images, publish it (PUT), load a saved draft with its upload in progress, and find which
 * chunks of a re-picked selection the server already holds (decision 038). Each calls src/api and
 * rejects with its ApiError; tests replace them with `.provide()`.
 */
import { fromPromise } from 'xstate'
import { fetchProject, updateProject } from '../api/projects'
import type { Project } from '../api/schemas/projects'
import type { UploadProgress } from '../api/schemas/upload'
import { uploadImages } from '../api/storage'
import { createProject, fetchUploadState } from '../api/upload'
import { chunkFingerprint, chunksToSkip } from '../domain/upload-resume'
import type { ProjectPayload } from './add-project.form'
import { chunkAt, chunkCount, type SourceFile } from './shared/upload-files.rules'

/** A saved draft and its upload in progress (null: nothing staged). */
export type LoadedDraft = { project: Project; upload: UploadProgress | null }

/** The chunk indexes of `files` the server holds with the same paths and sizes (src/domain/upload-resume.ts). */
export async function planResume(files: readonly SourceFile[], upload: UploadProgress): Promise<number[]> {
  const local = []
  for (let i = 0; i < chunkCount(files.length); i++) {
    local.push(await chunkFingerprint(chunkAt(files, i).map((f) => ({ path: f.path, size: f.file.size }))))
  }
  return chunksToSkip(upload, local)
}

/** The flow's named I/O actors, keyed as upload.machine.ts invokes them. */
export const uploadActors = {
  createProject: fromPromise<{ _id: string }, { project: ProjectPayload }>(({ input }) => createProject(input.project)),
  uploadImages: fromPromise<unknown, { projectId: string; images: File[] }>(({ input }) =>
    uploadImages(input.projectId, input.images),
  ),
  loadDraft: fromPromise<LoadedDraft, { projectId: string }>(async ({ input }) => {
    const [project, upload] = await Promise.all([fetchProject(input.projectId), fetchUploadState(input.projectId)])
    return { project, upload }
  }),
  planResume: fromPromise<number[], { files: readonly SourceFile[]; upload: UploadProgress }>(({ input }) =>
    planResume(input.files, input.upload),
  ),
  publishProject: fromPromise<unknown, { projectId: string; project: ProjectPayload }>(({ input }) =>
    updateProject(input.projectId, input.project),
  ),
}
