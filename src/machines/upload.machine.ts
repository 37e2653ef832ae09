/**
 * The Add Project flow (SPEC.md 2 "Add Project", 4 "Add Project flow", 5, 8): a draft, the chunked
 * source upload (chunk-upload child), images, then Create/Publish. No input is dropped: what a state
 * cannot take is refused with 'notify.error'. States: docs/machines/upload.mmd.
 */
import { and, assertEvent, emit, not, stateIn } from 'xstate'
import { DEFAULT_VALUES, toPayload } from './add-project.form'
import { required } from './shared/required.rules'
import { REFUSALS, type UploadStep } from './upload.rules'
import { uploadSetup, type UploadContext } from './upload.setup'

export type { GithubDetails, Picker, ProjectPayload, UploadContext, UploadEmitted, UploadEvent } from './upload.setup'

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
              project: { ...toPayload(context.values), verificationStatus: 'pending' as const, isActive: true },
            }),
            onDone: {
              target: 'uploadingSource',
              actions: ['startUpload', { type: 'assignProjectId', params: ({ event }) => ({ id: event.output._id }) }],
            },
            onError: { target: '#upload.failed', actions: fail('draft') },
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
              project: toPayload(context.values),
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
