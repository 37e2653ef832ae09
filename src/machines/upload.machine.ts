/**
 * The Add Project flow (SPEC.md 2 "Add Project", 4 "Add Project flow", 5, 8): a draft, the chunked
 * source upload (chunk-upload child), images, then Create/Publish. A saved draft can be opened
 * ('draft.open'): its values come back, and the next Upload Files continues its upload in progress,
 * skipping the chunks the server holds (decision 038). No input is dropped: what a state
 * cannot take is refused with 'notify.error'. States: docs/machines/upload.mmd.
 */
import { and, assertEvent, assign, emit, not, setup, stateIn } from 'xstate'
import type { UploadProgress } from '../api/schemas/upload'
import { errorReason } from '../api/error-text'
import {
  DEFAULT_VALUES,
  toPayload,
  validateForm,
  valuesFromProject,
  type AddProjectValues,
  type FormErrors,
} from './add-project.form'
import {
  chunkUploadMachine,
  type ChunkProgressEvent,
  type ChunkUploadOutput,
  type GithubDetails,
} from './chunk-upload.machine'
import { createReadZip } from './shared/read-zip.actors'
import { required } from './shared/required.rules'
import {
  selectFromFolder,
  selectionError,
  type FailedUpload,
  type FolderEntry,
  type SourceFile,
} from './shared/upload-files.rules'
import { uploadActors, type LoadedDraft } from './upload.actors'
import {
  addImages,
  draftNotice,
  githubOf,
  newSelection,
  REFUSALS,
  resumeText,
  stepError,
  uploadNotice,
  zipError,
  type FlowError,
  type UploadStep,
} from './upload.rules'

export type { GithubDetails }
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
  /** An opened draft's upload in progress on the server: the next Upload Files continues it. */
  resume: UploadProgress | null
  /** Chunk indexes of this run the server already holds (not sent again). */
  skip: number[]
  /** Images an opened draft already has on the server: they count for Publish's 1 to 5. */
  imagesOnServer: number
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
  | { type: 'draft.open'; projectId: string }
  | ChunkProgressEvent

/** UI effects: navigate to the project, a refusal toast, open a picker. */
export type UploadEmitted =
  | { type: 'project.ready'; projectId: string }
  | { type: 'notify.error'; text: string }
  | { type: 'picker.open'; picker: Picker }

/** Types, named actors, actions and guards of the flow; the states follow in uploadMachine. */
const uploadSetup = setup({
  types: { context: {} as UploadContext, events: {} as UploadEvent, emitted: {} as UploadEmitted },
  actors: {
    readZip: createReadZip(),
    uploadSource: chunkUploadMachine,
    ...uploadActors,
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
    validateForm: assign({
      fieldErrors: ({ context }) => validateForm(context.values, context.images.length + context.imagesOnServer),
    }),
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
      skip: [],
      uploadId: () => crypto.randomUUID(),
    }),
    // Nothing to skip: a fresh upload id, so chunks staged under another chunk count never mix in.
    resumeUpload: assign(({ context }, params: { skip: number[] }) =>
      context.resume && params.skip.length > 0
        ? {
            skip: params.skip,
            uploadId: context.resume.uploadId,
            notice: resumeText(params.skip.length, context.resume.totalChunks),
          }
        : { skip: [] },
    ),
    assignDraft: assign((_, params: { draft: LoadedDraft }) => ({
      values: valuesFromProject(params.draft.project),
      fieldErrors: {},
      projectId: params.draft.project._id,
      github: githubOf(params.draft.project),
      resume: params.draft.upload,
      imagesOnServer: params.draft.project.images.length,
      files: [],
      excluded: 0,
      notice: draftNotice(params.draft.upload),
    })),
    draftFailed: assign({
      error: (_, params: { error: unknown }) => ({
        title: 'Failed to load the draft',
        detail: errorReason(params.error),
      }),
    }),
    assignProjectId: assign({ projectId: (_, params: { id: string }) => params.id }),
    assignProgress: assign(
      ({ event }) => (
        assertEvent(event, 'chunks.progress'),
        { chunkIndex: event.nextChunk, done: event.done, failed: event.failed }
      ),
    ),
    assignSource: assign((_, params: { output: ChunkUploadOutput }) =>
      params.output.ok
        ? {
            github: params.output.github,
            done: params.output.done,
            failed: params.output.failed,
            resume: null,
            skip: [],
          }
        : {},
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
    canResume: ({ context }) => (context.resume?.chunks.length ?? 0) > 0,
    lacksTitleOrDescription: ({ context }) => !context.values.title.trim() || !context.values.description.trim(),
    hasFieldErrors: ({ context }) =>
      Object.keys(validateForm(context.values, context.images.length + context.imagesOnServer)).length > 0,
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

const refuse = (text: string) => ({ type: 'refuse' as const, params: { text } })
const fail = (step: UploadStep) => ({
  type: 'failStep' as const,
  params: ({ event }: { event: { error?: unknown } }) => ({ step, error: event.error }),
})
const intent = (value: UploadContext['intent']) => ({ type: 'setIntent' as const, params: { intent: value } })
/** Refusals shared by every source input (pickers, selection, remove, clear) while an upload runs or waits. */
const sourceLocked = [
  { guard: stateIn('failed'), actions: refuse(REFUSALS.retryFirst) },
  { guard: stateIn('busy'), actions: refuse(REFUSALS.sourceBusy) },
]
/** Images change freely until they are sent: not while Create/Publish runs (they were checked), uploads them, or after. */
const imagesLocked = [
  {
    guard: and([stateIn('busy'), not({ type: 'intentIs', params: { intent: 'upload' } })]),
    actions: refuse(REFUSALS.submitting),
  },
  { guard: stateIn({ busy: 'uploadingImages' }), actions: refuse(REFUSALS.imagesUploading) },
  { guard: 'imagesUploaded' as const, actions: refuse(REFUSALS.imagesUploaded) },
]

/** The Add Project flow machine (no input; the form starts from DEFAULT_VALUES). */
export const uploadMachine = uploadSetup.createMachine({
  id: 'upload',
  initial: 'editing',
  context: {
    values: DEFAULT_VALUES,
    fieldErrors: {},
    projectId: null,
    github: null,
    files: [],
    excluded: 0,
    images: [],
    imagesUploaded: false,
    imagesSent: 0,
    uploadId: '',
    chunkIndex: 0,
    done: 0,
    failed: [],
    intent: 'upload',
    resume: null,
    skip: [],
    imagesOnServer: 0,
    failedStep: null,
    error: null,
    notice: null,
  },
  // Defaults for every state; the states below override what they take differently.
  on: {
    'form.change': { actions: 'changeForm' },
    'images.choose': [...imagesLocked, { actions: { type: 'openPicker', params: { picker: 'images' } } }],
    'images.add': [...imagesLocked, { actions: 'addImages' }],
    'image.remove': [...imagesLocked, { actions: 'removeImage' }],
    'folder.choose': [...sourceLocked, { actions: { type: 'openPicker', params: { picker: 'folder' } } }],
    'zip.choose': [...sourceLocked, { actions: { type: 'openPicker', params: { picker: 'zip' } } }],
    'folder.select': [...sourceLocked, { target: '.editing', actions: ['clearError', 'selectFolder'] }],
    'zip.select': [...sourceLocked, { target: '.readingZip', actions: 'clearError' }],
    'file.remove': [...sourceLocked, { actions: 'removeFile' }],
    'files.clear': [...sourceLocked, { target: '.editing', actions: 'clearFiles' }],
    'upload.start': { actions: refuse(REFUSALS.stepRunning) },
    'project.submit': { actions: refuse(REFUSALS.stepRunning) },
    'step.retry': { actions: refuse(REFUSALS.nothingToRetry) },
    'error.dismiss': { actions: 'clearError' },
    'draft.open': { actions: refuse(REFUSALS.stepRunning) },
  },
  states: {
    editing: {
      on: {
        'upload.start': [
          {
            guard: 'noFiles',
            actions: { type: 'flowError', params: { title: 'Please select a folder or ZIP first.' } },
          },
          {
            guard: 'lacksTitleOrDescription',
            actions: {
              type: 'flowError',
              params: { title: 'Please enter at least title and description before uploading.' },
            },
          },
          { guard: 'pathsCollide', actions: 'selectionRefused' },
          {
            guard: and(['hasDraft', 'canResume']),
            target: 'busy.planningResume',
            actions: ['clearError', intent('upload'), 'startUpload'],
          },
          {
            guard: 'hasDraft',
            target: 'busy.uploadingSource',
            actions: ['clearError', intent('upload'), 'startUpload'],
          },
          { target: 'busy.creatingDraft', actions: ['clearError', intent('upload')] },
        ],
        'project.submit': [
          { guard: 'hasFieldErrors', actions: 'validateForm' },
          {
            guard: 'filesWithoutDraft',
            actions: [
              'validateForm',
              { type: 'flowError', params: { title: 'Please upload files first before publishing the project.' } },
            ],
          },
          {
            guard: 'filesWithoutRepository',
            actions: [
              'validateForm',
              {
                type: 'flowError',
                params: { title: 'GitHub repository details not found. Please try uploading files again.' },
              },
            ],
          },
          {
            guard: 'incompleteRepository',
            actions: [
              'validateForm',
              {
                type: 'flowError',
                params: { title: 'Incomplete GitHub repository details. Please try uploading files again.' },
              },
            ],
          },
          {
            guard: 'hasDraft',
            target: 'busy.uploadingImages',
            actions: ['validateForm', 'clearError', intent('publish')],
          },
          { target: 'busy.creatingProject', actions: ['validateForm', 'clearError', intent('create')] },
        ],
        'draft.open': [
          { guard: 'hasDraft', actions: refuse(REFUSALS.draftOpen) },
          { target: 'loadingDraft', actions: 'clearError' },
        ],
      },
    },
    loadingDraft: {
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        input: ({ event }) => (assertEvent(event, 'draft.open'), { projectId: event.projectId }),
        onDone: {
          target: 'editing',
          actions: { type: 'assignDraft', params: ({ event }) => ({ draft: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'draftFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    readingZip: {
      on: { 'zip.select': { target: 'readingZip', reenter: true, actions: 'clearError' } },
      invoke: {
        id: 'readZip',
        src: 'readZip',
        input: ({ event }) => (assertEvent(event, 'zip.select'), { file: event.file }),
        onDone: {
          target: 'editing',
          actions: { type: 'selectZip', params: ({ event }) => ({ selection: event.output }) },
        },
        onError: { target: 'editing', actions: { type: 'zipFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    busy: {
      initial: 'creatingDraft',
      states: {
        creatingDraft: {
          invoke: {
            id: 'createDraft',
            src: 'createProject',
            input: ({ context }) => ({
              project: {
                ...toPayload(context.values),
                verificationStatus: 'pending' as const,
                isActive: true,
                isDraft: true,
              },
            }),
            onDone: {
              target: 'uploadingSource',
              actions: ['startUpload', { type: 'assignProjectId', params: ({ event }) => ({ id: event.output._id }) }],
            },
            onError: { target: '#upload.failed', actions: fail('draft') },
          },
        },
        planningResume: {
          invoke: {
            id: 'planResume',
            src: 'planResume',
            input: ({ context }) => ({
              files: context.files,
              upload: required(context.resume, 'The upload in progress'),
            }),
            onDone: {
              target: 'uploadingSource',
              actions: { type: 'resumeUpload', params: ({ event }) => ({ skip: event.output }) },
            },
            onError: { target: '#upload.failed', actions: fail('source') },
          },
        },
        uploadingSource: {
          on: { 'chunks.progress': { actions: 'assignProgress' } },
          invoke: {
            id: 'uploadSource',
            src: 'uploadSource',
            input: ({ context }) => ({
              projectId: required(context.projectId, 'The draft id'),
              uploadId: context.uploadId,
              files: context.files,
              nextChunk: context.chunkIndex,
              done: context.done,
              failed: context.failed,
              skip: context.skip,
            }),
            onDone: [
              {
                guard: { type: 'chunksFailed', params: ({ event }) => ({ output: event.output }) },
                target: '#upload.failed',
                actions: {
                  type: 'failStep',
                  params: ({ event }) => ({
                    step: 'source' as const,
                    error: event.output.ok ? null : event.output.error,
                  }),
                },
              },
              {
                target: 'uploadingImages',
                actions: { type: 'assignSource', params: ({ event }) => ({ output: event.output }) },
              },
            ],
          },
        },
        uploadingImages: {
          always: { guard: 'noPendingImages', target: 'imagesDone' },
          invoke: {
            id: 'uploadImages',
            src: 'uploadImages',
            input: ({ context }) => ({
              projectId: required(context.projectId, 'The project id'),
              images: context.images,
            }),
            onDone: { target: 'imagesDone', actions: 'markImagesUploaded' },
            onError: { target: '#upload.failed', actions: fail('images') },
          },
        },
        imagesDone: {
          always: [
            { guard: { type: 'intentIs', params: { intent: 'publish' } }, target: 'publishing' },
            { guard: { type: 'intentIs', params: { intent: 'create' } }, target: '#upload.done' },
            { target: '#upload.editing', actions: 'assignNotice' },
          ],
        },
        creatingProject: {
          invoke: {
            id: 'createProject',
            src: 'createProject',
            input: ({ context }) => ({ project: toPayload(context.values) }),
            onDone: {
              target: 'uploadingImages',
              actions: { type: 'assignProjectId', params: ({ event }) => ({ id: event.output._id }) },
            },
            onError: { target: '#upload.failed', actions: fail('create') },
          },
        },
        publishing: {
          invoke: {
            id: 'publishProject',
            src: 'publishProject',
            input: ({ context }) => ({
              projectId: required(context.projectId, 'The draft id'),
              project: { ...toPayload(context.values), isDraft: false },
            }),
            onDone: '#upload.done',
            onError: { target: '#upload.failed', actions: fail('publish') },
          },
        },
      },
    },
    failed: {
      on: {
        'error.dismiss': { target: 'editing', actions: 'clearError' },
        'upload.start': { actions: refuse(REFUSALS.retryFirst) },
        'project.submit': { actions: refuse(REFUSALS.retryFirst) },
        'draft.open': { actions: refuse(REFUSALS.retryFirst) },
        'step.retry': [
          {
            guard: { type: 'failedStepIs', params: { step: 'draft' } },
            target: 'busy.creatingDraft',
            actions: 'clearError',
          },
          {
            guard: { type: 'failedStepIs', params: { step: 'source' } },
            target: 'busy.uploadingSource',
            actions: 'clearError',
          },
          {
            guard: { type: 'failedStepIs', params: { step: 'images' } },
            target: 'busy.uploadingImages',
            actions: 'clearError',
          },
          {
            guard: { type: 'failedStepIs', params: { step: 'create' } },
            target: 'busy.creatingProject',
            actions: 'clearError',
          },
          { target: 'busy.publishing', actions: 'clearError' },
        ],
      },
    },
    done: {
      type: 'final',
      entry: emit(({ context }) => ({
        type: 'project.ready' as const,
        projectId: required(context.projectId, 'The project id'),
      })),
    },
  },
})
