/**
 * The typed `setup()` of the Add Project flow (upload.machine.ts holds its states): context,
 * events, emitted events, the named I/O actors, actions and guards. Split off to keep each file
 * readable; nothing but upload.machine.ts imports it.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { uploadImages } from '../api/storage'
import { createProject } from '../api/upload'
import { updateProject } from '../api/projects'
import { validateForm, type AddProjectValues, type FormErrors, type ProjectPayload } from './add-project.form'
import {
  chunkUploadMachine,
  type ChunkProgressEvent,
  type ChunkUploadOutput,
  type GithubDetails,
} from './chunk-upload.machine'
import { createReadZip } from './shared/read-zip.actors'
import {
  addImages,
  newSelection,
  stepError,
  uploadNotice,
  zipError,
  type FlowError,
  type UploadStep,
} from './upload.rules'
import {
  selectFromFolder,
  selectionError,
  type FailedUpload,
  type FolderEntry,
  type SourceFile,
} from './shared/upload-files.rules'

export type { GithubDetails, ProjectPayload, UploadStep }
/** Which file picker the view should open. */
export type Picker = 'folder' | 'zip' | 'images'

/** The flow's state: form values and errors, the draft, source files, images, progress, the failed step and messages. */
export interface UploadContext {
  values: AddProjectValues
  fieldErrors: FormErrors
  /** Known once the draft (or the project) exists. */
  projectId: string | null
  github: GithubDetails | null
  files: SourceFile[]
  /** Files the source filter left out of the last selection. */
  excluded: number
  images: File[]
  imagesUploaded: boolean
  /** Images sent by the current Upload Files run (the notice names images only when > 0). */
  imagesSent: number
  uploadId: string
  /** The next chunk to send; a retry resends it. */
  chunkIndex: number
  done: number
  failed: FailedUpload[]
  intent: 'upload' | 'create' | 'publish'
  failedStep: UploadStep | null
  error: FlowError | null
  notice: string | null
}

/** Inputs of the flow: form and picker events from the view and commands, and the chunk loop's progress. */
export type UploadEvent =
  | { type: 'form.change'; patch: Partial<AddProjectValues> }
  | { type: 'folder.choose' }
  | { type: 'zip.choose' }
  | { type: 'images.choose' }
  | { type: 'folder.select'; entries: FolderEntry[] }
  | { type: 'zip.select'; file: Blob }
  | { type: 'file.remove'; path: string }
  | { type: 'files.clear' }
  | { type: 'images.add'; files: File[] }
  | { type: 'image.remove'; index: number }
  | { type: 'upload.start' }
  | { type: 'project.submit' }
  | { type: 'step.retry' }
  | { type: 'error.dismiss' }
  | ChunkProgressEvent

/** UI effects: navigate to the project, a refusal toast, open a picker. */
export type UploadEmitted =
  | { type: 'project.ready'; projectId: string }
  | { type: 'notify.error'; text: string }
  | { type: 'picker.open'; picker: Picker }

/** Types, named actors, actions and guards of the flow; upload.machine.ts adds the states. */
export const uploadSetup = setup({
  types: { context: {} as UploadContext, events: {} as UploadEvent, emitted: {} as UploadEmitted },
  actors: {
    readZip: createReadZip(),
    uploadSource: chunkUploadMachine,
    createProject: fromPromise<{ _id: string }, { project: ProjectPayload }>(({ input }) =>
      createProject(input.project),
    ),
    uploadImages: fromPromise<unknown, { projectId: string; images: File[] }>(({ input }) =>
      uploadImages(input.projectId, input.images),
    ),
    publishProject: fromPromise<unknown, { projectId: string; project: ProjectPayload }>(({ input }) =>
      updateProject(input.projectId, input.project),
    ),
  },
  actions: {
    refuse: emit((_, params: { text: string }) => ({ type: 'notify.error' as const, text: params.text })),
    openPicker: emit((_, params: { picker: Picker }) => ({ type: 'picker.open' as const, picker: params.picker })),
    changeForm: assign(({ context, event }) => {
      assertEvent(event, 'form.change')
      const fieldErrors = { ...context.fieldErrors }
      for (const key of Object.keys(event.patch)) delete fieldErrors[key as keyof FormErrors]
      return { values: { ...context.values, ...event.patch }, fieldErrors }
    }),
    validateForm: assign({ fieldErrors: ({ context }) => validateForm(context.values, context.images.length) }),
    selectFolder: assign(
      ({ event }) => (assertEvent(event, 'folder.select'), newSelection(selectFromFolder(event.entries))),
    ),
    selectZip: assign((_, params: { selection: { files: SourceFile[]; excluded: number } }) =>
      newSelection(params.selection),
    ),
    removeFile: assign(
      ({ context, event }) => (
        assertEvent(event, 'file.remove'),
        { files: context.files.filter((f) => f.path !== event.path), github: null }
      ),
    ),
    clearFiles: assign({ files: [], excluded: 0, github: null, notice: null }),
    addImages: assign(({ context, event }) => {
      assertEvent(event, 'images.add')
      const { images, error } = addImages(context.images, event.files)
      const { images: _dropped, ...fieldErrors } = context.fieldErrors
      return { images, error, fieldErrors }
    }),
    removeImage: assign(
      ({ context, event }) => (
        assertEvent(event, 'image.remove'),
        { images: context.images.filter((_, i) => i !== event.index) }
      ),
    ),
    setIntent: assign((_, params: { intent: UploadContext['intent'] }) => ({ intent: params.intent, imagesSent: 0 })),
    startUpload: assign({
      chunkIndex: 0,
      done: 0,
      failed: [],
      github: null,
      notice: null,
      uploadId: () => crypto.randomUUID(),
    }),
    assignProjectId: assign({ projectId: (_, params: { id: string }) => params.id }),
    assignProgress: assign(
      ({ event }) => (
        assertEvent(event, 'chunks.progress'),
        { chunkIndex: event.nextChunk, done: event.done, failed: event.failed }
      ),
    ),
    assignSource: assign((_, params: { output: ChunkUploadOutput }) =>
      params.output.ok ? { github: params.output.github, done: params.output.done, failed: params.output.failed } : {},
    ),
    markImagesUploaded: assign(({ context }) => ({ imagesUploaded: true, imagesSent: context.images.length })),
    assignNotice: assign({ notice: ({ context }) => uploadNotice(context.failed.length, context.imagesSent) }),
    flowError: assign({ error: (_, params: { title: string }) => ({ title: params.title }) }),
    selectionRefused: assign({ error: ({ context }) => ({ title: selectionError(context.files) ?? '' }) }),
    clearError: assign({ error: null, failedStep: null }),
    zipFailed: assign({ error: (_, params: { error: unknown }) => zipError(params.error) }),
    failStep: assign((_, params: { step: UploadStep; error: unknown }) => ({
      failedStep: params.step,
      error: stepError(params.step, params.error),
    })),
  },
  guards: {
    noFiles: ({ context }) => context.files.length === 0,
    pathsCollide: ({ context }) => selectionError(context.files) !== null,
    hasDraft: ({ context }) => context.projectId !== null,
    lacksTitleOrDescription: ({ context }) => !context.values.title.trim() || !context.values.description.trim(),
    hasFieldErrors: ({ context }) => Object.keys(validateForm(context.values, context.images.length)).length > 0,
    filesWithoutDraft: ({ context }) => context.files.length > 0 && context.projectId === null,
    filesWithoutRepository: ({ context }) => context.files.length > 0 && context.github === null,
    incompleteRepository: ({ context }) =>
      context.files.length > 0 && (!context.github?.repoName || !context.github?.repoUrl),
    imagesUploaded: ({ context }) => context.imagesUploaded,
    noPendingImages: ({ context }) => context.imagesUploaded || context.images.length === 0,
    chunksFailed: (_, params: { output: ChunkUploadOutput }) => !params.output.ok,
    intentIs: ({ context }, params: { intent: UploadContext['intent'] }) => context.intent === params.intent,
    failedStepIs: ({ context }, params: { step: UploadStep }) => context.failedStep === params.step,
  },
})
