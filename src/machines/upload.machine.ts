/**
 * The Add Project flow (SPEC.md 2 "Add Project", 4 "Add Project flow", 5, 8): select files →
 * create a draft (pending, active) if none → upload chunks of 100 → upload images → draft ready →
 * publish (PUT) → done (emits 'project.ready'; the view navigates to /projects/{id}). Without
 * files, submit creates the project directly, then uploads the images. Each I/O step is a named
 * actor; a failed step waits in `failed` and 'step.retry' runs that same step again (a failed
 * chunk resends the same chunk). Pure: tests swap the actors with `.provide()`.
 */
import { assign, emit, fromPromise, not, setup } from 'xstate'
import { errorReason } from '../api/error-text'
import { uploadImages } from '../api/storage'
import { createProject, uploadChunk, type ChunkInput } from '../api/upload'
import { updateProject } from '../api/projects'
import type { UploadChunkResponse } from '../api/schemas/upload'
import { readZipInWorker } from '../workers/read-zip'
import {
  acceptImages, chunkAt, chunkCount, imageCountError, MAX_IMAGES, selectFromFolder,
  type FailedUpload, type FolderEntry, type Selection, type SourceFile,
} from './upload-files'

/** The project body of create/publish (built by the form model); the flow reads title and description. */
export type ProjectPayload = { title: string; description: string } & Record<string, unknown>

export type GithubDetails = NonNullable<UploadChunkResponse['data']['github']>
export type UploadStep = 'draft' | 'source' | 'images' | 'create' | 'publish'

export interface UploadContext {
  projectId: string | null
  github: GithubDetails | null
  files: SourceFile[]
  /** Files the source filter left out of the last selection. */
  excluded: number
  images: File[]
  imagesUploaded: boolean
  uploadId: string
  chunkIndex: number
  /** Files sent in acknowledged chunks. */
  done: number
  failed: FailedUpload[]
  project: ProjectPayload | null
  intent: 'upload' | 'create' | 'publish'
  failedStep: UploadStep | null
  error: { title: string; detail?: string } | null
  notice: string | null
}

export type UploadEvent =
  | { type: 'folder.select'; entries: FolderEntry[] } | { type: 'zip.select'; file: Blob }
  | { type: 'file.remove'; path: string } | { type: 'files.clear' }
  | { type: 'images.add'; files: File[] } | { type: 'image.remove'; index: number }
  | { type: 'upload.start'; project: ProjectPayload } | { type: 'project.submit'; project: ProjectPayload }
  | { type: 'step.retry' } | { type: 'error.dismiss' }

export type UploadEmitted = { type: 'project.ready'; projectId: string }


const STEP_TITLES: Record<UploadStep, string> = {
  draft: 'Draft project creation failed', source: 'Upload failed', images: 'Failed to upload images',
  create: 'Create project failed', publish: 'Update failed',
}
/** The named action that records a failed step: `fail('draft')` in a transition's actions. */
const fail = (step: UploadStep) => ({ type: 'failStep' as const, params: ({ event }: { event: { error?: unknown } }) => ({ step, error: event.error }) })
const flowError = (title: string) => ({ type: 'flowError' as const, params: { title } })
const newSelection = (selection: Selection) => ({ files: selection.files, excluded: selection.excluded, github: null, error: null, notice: null })

export const uploadMachine = setup({
  types: { context: {} as UploadContext, events: {} as UploadEvent, emitted: {} as UploadEmitted },
  actors: {
    readZip: fromPromise<Selection, { file: Blob }>(({ input }) => readZipInWorker(input.file)),
    createProject: fromPromise<{ _id: string }, { project: ProjectPayload }>(({ input }) => createProject(input.project)),
    uploadChunk: fromPromise<UploadChunkResponse['data'], ChunkInput>(({ input }) => uploadChunk(input)),
    uploadImages: fromPromise<unknown, { projectId: string; images: File[] }>(({ input }) => uploadImages(input.projectId, input.images)),
    publishProject: fromPromise<unknown, { projectId: string; project: ProjectPayload }>(({ input }) => updateProject(input.projectId, input.project)),
  },
  actions: {
    startUpload: assign({ chunkIndex: 0, done: 0, failed: [], github: null, notice: null, uploadId: () => crypto.randomUUID() }),
    clearError: assign({ error: null, failedStep: null }),
    flowError: assign({ error: (_, params: { title: string }) => ({ title: params.title }) }),
    failStep: assign((_, params: { step: UploadStep; error: unknown }) => ({
      failedStep: params.step, error: { title: STEP_TITLES[params.step], detail: errorReason(params.error) },
    })),
  },
  guards: {
    noFiles: ({ context }) => context.files.length === 0,
    hasDraft: ({ context }) => context.projectId !== null,
    lacksTitleOrDescription: (_, params: { project: ProjectPayload }) => !params.project.title || !params.project.description,
    badImageCount: ({ context }) => imageCountError(context.images.length) !== undefined,
    filesWithoutDraft: ({ context }) => context.files.length > 0 && context.projectId === null,
    filesWithoutRepository: ({ context }) => context.files.length > 0 && context.github === null,
    incompleteRepository: ({ context }) => context.files.length > 0 && (!context.github?.repoName || !context.github?.repoUrl),
    imagesLocked: ({ context }) => context.imagesUploaded,
    hasMoreChunks: ({ context }) => context.chunkIndex + 1 < chunkCount(context.files.length),
    noPendingImages: ({ context }) => context.imagesUploaded || context.images.length === 0,
  },
}).createMachine({
  id: 'upload',
  initial: 'editing',
  context: {
    projectId: null, github: null, files: [], excluded: 0, images: [], imagesUploaded: false, uploadId: '', chunkIndex: 0,
    done: 0, failed: [], project: null, intent: 'upload', failedStep: null, error: null, notice: null,
  },
  states: {
    editing: {
      on: {
        'folder.select': { actions: assign(({ event }) => newSelection(selectFromFolder(event.entries))) },
        'zip.select': { target: 'readingZip', actions: 'clearError' },
        'file.remove': { actions: assign({ files: ({ context, event }) => context.files.filter((f) => f.path !== event.path), github: null }) },
        'files.clear': { actions: assign({ files: [], excluded: 0, github: null, notice: null }) },
        'images.add': { guard: not('imagesLocked'), actions: assign(({ context, event }) => {
          const { kept, overflow, wrongType } = acceptImages(event.files, MAX_IMAGES - context.images.length)
          const error = overflow > 0 ? { title: 'Maximum 5 images allowed.' }
            : wrongType > 0 ? { title: 'Images must be JPEG, PNG or WebP' } : null
          return { images: [...context.images, ...kept], error }
        }) },
        'image.remove': { guard: not('imagesLocked'), actions: assign({ images: ({ context, event }) => context.images.filter((_, i) => i !== event.index) }) },
        'error.dismiss': { actions: 'clearError' },
        'upload.start': [
          { guard: 'noFiles', actions: flowError('Please select a folder or ZIP first.') },
          { guard: { type: 'lacksTitleOrDescription', params: ({ event }) => ({ project: event.project }) },
            actions: flowError('Please enter at least title and description before uploading.') },
          { guard: 'hasDraft', target: 'uploadingSource', actions: ['clearError', 'startUpload', assign({ intent: 'upload', project: ({ event }) => event.project })] },
          { target: 'creatingDraft', actions: ['clearError', assign({ intent: 'upload', project: ({ event }) => event.project })] },
        ],
        'project.submit': [
          { guard: 'badImageCount', actions: assign({ error: ({ context }) => ({ title: imageCountError(context.images.length)! }) }) },
          { guard: 'filesWithoutDraft', actions: flowError('Please upload files first before publishing the project.') },
          { guard: 'filesWithoutRepository', actions: flowError('GitHub repository details not found. Please try uploading files again.') },
          { guard: 'incompleteRepository', actions: flowError('Incomplete GitHub repository details. Please try uploading files again.') },
          { guard: 'hasDraft', target: 'uploadingImages', actions: ['clearError', assign({ intent: 'publish', project: ({ event }) => event.project })] },
          { target: 'creatingProject', actions: ['clearError', assign({ intent: 'create', project: ({ event }) => event.project })] },
        ],
      },
    },
    readingZip: {
      invoke: {
        src: 'readZip',
        input: ({ event }) => ({ file: (event as { file: Blob }).file }),
        onDone: [
          { guard: ({ event }) => event.output.files.length === 0, target: 'editing', actions: assign({ files: [], github: null, error: { title: 'No valid files to upload' } }) },
          { target: 'editing', actions: assign(({ event }) => newSelection(event.output)) },
        ],
        onError: { target: 'editing', actions: assign({ error: ({ event }) => ({ title: 'Failed to process ZIP', detail: errorReason(event.error) }) }) },
      },
    },
    creatingDraft: {
      invoke: {
        src: 'createProject',
        input: ({ context }) => ({ project: { ...context.project!, verificationStatus: 'pending' as const, isActive: true } }),
        onDone: { target: 'uploadingSource', actions: ['startUpload', assign({ projectId: ({ event }) => event.output._id })] },
        onError: { target: 'failed', actions: fail('draft') },
      },
    },
    uploadingSource: {
      invoke: {
        src: 'uploadChunk',
        input: ({ context }) => ({ projectId: context.projectId!, uploadId: context.uploadId, files: chunkAt(context.files, context.chunkIndex),
          chunkIndex: context.chunkIndex, totalChunks: chunkCount(context.files.length) }),
        onDone: [
          { guard: 'hasMoreChunks', target: 'uploadingSource', reenter: true, actions: assign(({ context, event }) => ({
            chunkIndex: context.chunkIndex + 1, done: context.done + chunkAt(context.files, context.chunkIndex).length,
            failed: [...context.failed, ...event.output.failedUploads] })) },
          { target: 'uploadingImages', actions: assign(({ context, event }) => ({
            done: context.files.length, failed: [...context.failed, ...event.output.failedUploads], github: event.output.github })) },
        ],
        onError: { target: 'failed', actions: fail('source') },
      },
    },
    uploadingImages: {
      always: { guard: 'noPendingImages', target: 'imagesDone' },
      invoke: {
        src: 'uploadImages',
        input: ({ context }) => ({ projectId: context.projectId!, images: context.images }),
        onDone: { target: 'imagesDone', actions: assign({ imagesUploaded: true }) },
        onError: { target: 'failed', actions: fail('images') },
      },
    },
    imagesDone: {
      always: [
        { guard: ({ context }) => context.intent === 'publish', target: 'publishing' },
        { guard: ({ context }) => context.intent === 'create', target: 'done' },
        { target: 'editing', actions: assign({ notice: ({ context }) => context.failed.length
          ? `Upload completed with ${context.failed.length} failed files` : 'Files and images uploaded successfully' }) },
      ],
    },
    creatingProject: {
      invoke: {
        src: 'createProject',
        input: ({ context }) => ({ project: context.project! }),
        onDone: { target: 'uploadingImages', actions: assign({ projectId: ({ event }) => event.output._id }) },
        onError: { target: 'failed', actions: fail('create') },
      },
    },
    publishing: {
      invoke: {
        src: 'publishProject',
        input: ({ context }) => ({ projectId: context.projectId!, project: context.project! }),
        onDone: 'done',
        onError: { target: 'failed', actions: fail('publish') },
      },
    },
    failed: {
      on: {
        'error.dismiss': { target: 'editing', actions: 'clearError' },
        'step.retry': [
          { guard: ({ context }) => context.failedStep === 'draft', target: 'creatingDraft', actions: 'clearError' },
          { guard: ({ context }) => context.failedStep === 'source', target: 'uploadingSource', actions: 'clearError' },
          { guard: ({ context }) => context.failedStep === 'images', target: 'uploadingImages', actions: 'clearError' },
          { guard: ({ context }) => context.failedStep === 'create', target: 'creatingProject', actions: 'clearError' },
          { target: 'publishing', actions: 'clearError' },
        ],
      },
    },
    done: {
      type: 'final',
      entry: emit(({ context }) => ({ type: 'project.ready' as const, projectId: context.projectId! })),
    },
  },
})
