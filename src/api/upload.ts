/**
 * Source upload transport (SPEC.md 7 "Source and image storage", "Projects"): creating the
 * project (draft or final) and sending one multipart chunk of files to POST /api/upload/upload.
 * Every failure is an ApiError (src/api/client.ts).
 */
import { useQuery } from '@tanstack/react-query'
import { api } from './client'
import { ProjectResponseSchema, type Project } from './schemas/projects'
import {
  DraftsResponseSchema,
  UploadChunkResponseSchema,
  UploadStateResponseSchema,
  type DraftSummary,
  type UploadChunkResponse,
  type UploadProgress,
} from './schemas/upload'
import type { SourceFile } from '../machines/shared/upload-files.rules'

/** POST /api/projects/create with the form body → the created project (`_id`). */
export async function createProject(body: Record<string, unknown>): Promise<Project> {
  return (await api.post('/api/projects/create', body, ProjectResponseSchema)).project
}

/** One chunk of a source upload; `chunkIndex` is 0-based, `uploadId` ties the chunks of one upload. */
export interface ChunkInput {
  projectId: string
  uploadId: string
  files: readonly SourceFile[]
  chunkIndex: number
  totalChunks: number
}

/**
 * The multipart body of SPEC.md 7: relativePaths (JSON), uploadType=folder, ids and flags, then the
 * files (repeated). Text fields first: the server then knows each file's path and the upload's
 * size while the files stream in, and refuses an oversized upload before it has all been sent.
 */
export function chunkFormData(input: ChunkInput): FormData {
  const form = new FormData()
  form.append('relativePaths', JSON.stringify(input.files.map((f) => f.path)))
  form.append('uploadType', 'folder')
  form.append('projectId', input.projectId)
  form.append('uploadId', input.uploadId)
  form.append('chunkIndex', String(input.chunkIndex))
  form.append('totalChunks', String(input.totalChunks))
  form.append('isFirstChunk', String(input.chunkIndex === 0))
  form.append('isLastChunk', String(input.chunkIndex === input.totalChunks - 1))
  for (const f of input.files) form.append('files', f.file, f.path.split('/').pop() || 'file')
  return form
}

/** POST /api/upload/upload → `data` ({ github (after the last chunk), failedUploads, ... }). */
export async function uploadChunk(input: ChunkInput): Promise<UploadChunkResponse['data']> {
  return (await api.post('/api/upload/upload', chunkFormData(input), UploadChunkResponseSchema)).data
}

/** GET /api/upload/state/{id} → the draft's upload in progress (chunks the server holds), or null. */
export async function fetchUploadState(projectId: string): Promise<UploadProgress | null> {
  return (await api.get(`/api/upload/state/${projectId}`, UploadStateResponseSchema)).upload
}

/** GET /api/upload/drafts → the unpublished drafts, most recently touched first (decision 038). */
export async function fetchDrafts(signal?: AbortSignal): Promise<DraftSummary[]> {
  return (await api.get('/api/upload/drafts', DraftsResponseSchema, { signal })).drafts
}

/** Query keys of the drafts listing (Add Project's offer). */
export const draftKeys = { all: ['drafts'] as const }

/** The drafts listing, fetched fresh each time Add Project opens (a draft changes with every upload). */
export function useDrafts() {
  return useQuery({ queryKey: draftKeys.all, queryFn: ({ signal }) => fetchDrafts(signal), staleTime: 0 })
}
