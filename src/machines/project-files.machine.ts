/**
 * Project files re-upload on the detail page (SPEC.md 2 "Project detail", 8, 9): a folder or ZIP
 * uploaded in chunks of 100 (chunk-upload child; a failed chunk is resent as is). Inputs a state
 * cannot take are refused with 'notify.error'. States: docs/machines/projectFiles.mmd.
 */
import { assertEvent, assign, emit, setup } from 'xstate'
import { errorReason, errorText, withReason } from '../api/error-text'
import { chunkUploadMachine, type ChunkProgressEvent, type ChunkUploadOutput } from './chunk-upload.machine'
import { createReadZip } from './shared/read-zip.actors'
import {
  selectFromFolder,
  selectionError,
  type FailedUpload,
  type FolderEntry,
  type Selection,
  type SourceFile,
} from './shared/upload-files.rules'

/** Delay before the panel resets after a successful upload (SPEC.md 9), ms. */
export const RESET_AFTER_MS = 2000
const WAIT = 'Wait for the upload to finish before changing the files.'

/** Selected files, the upload's id, next chunk and figures, the red line and the notice. */
export interface ProjectFilesContext {
  projectId: string
  files: SourceFile[]
  excluded: number
  uploadId: string
  /** The next chunk to send; a retry resends it. */
  chunkIndex: number
  done: number
  failed: FailedUpload[]
  error: string | null
  notice: string | null
}

/** Picker, selection and upload inputs, and the chunk loop's progress. */
export type ProjectFilesEvent =
  | { type: 'folder.choose' }
  | { type: 'zip.choose' }
  | { type: 'folder.select'; entries: FolderEntry[] }
  | { type: 'zip.select'; file: Blob }
  | { type: 'file.remove'; path: string }
  | { type: 'files.clear' }
  | { type: 'upload.start' }
  | { type: 'step.retry' }
  | { type: 'error.dismiss' }
  | ChunkProgressEvent

/** The page reloads the project on files.uploaded; refusals are toasts; pickers are the view's. */
export type ProjectFilesEmitted =
  | { type: 'files.uploaded' }
  | { type: 'notify.error'; text: string }
  | { type: 'picker.open'; picker: 'folder' | 'zip' }

const cleared = { files: [], excluded: 0, chunkIndex: 0, done: 0, failed: [], error: null, notice: null }
const refuse = (text: string) => ({ type: 'refuse' as const, params: { text } })

/** The re-upload flow of one project (input { projectId }). */
export const projectFilesMachine = setup({
  types: {
    context: {} as ProjectFilesContext,
    events: {} as ProjectFilesEvent,
    input: {} as { projectId: string },
    emitted: {} as ProjectFilesEmitted,
  },
  actors: { readZip: createReadZip(), uploadSource: chunkUploadMachine },
  actions: {
    refuse: emit((_, params: { text: string }) => ({ type: 'notify.error' as const, text: params.text })),
    openPicker: emit((_, params: { picker: 'folder' | 'zip' }) => ({
      type: 'picker.open' as const,
      picker: params.picker,
    })),
    select: assign((_, params: { selection: Selection }) => ({
      ...cleared,
      files: params.selection.files,
      excluded: params.selection.excluded,
      error: params.selection.files.length === 0 ? 'No valid files to upload' : null,
    })),
    selectFolder: assign(({ event }) => {
      assertEvent(event, 'folder.select')
      const { files, excluded } = selectFromFolder(event.entries)
      return { ...cleared, files, excluded, error: files.length === 0 ? 'No valid files to upload' : null }
    }),
    removeFile: assign({
      files: ({ context, event }) => (
        assertEvent(event, 'file.remove'),
        context.files.filter((f) => f.path !== event.path)
      ),
    }),
    clear: assign(cleared),
    clearError: assign({ error: null }),
    setError: assign({ error: (_, params: { text: string }) => params.text }),
    selectionRefused: assign({ error: ({ context }) => selectionError(context.files) }),
    startUpload: assign({
      chunkIndex: 0,
      done: 0,
      failed: [],
      error: null,
      notice: null,
      uploadId: () => crypto.randomUUID(),
    }),
    assignProgress: assign(
      ({ event }) => (
        assertEvent(event, 'chunks.progress'),
        { chunkIndex: event.nextChunk, done: event.done, failed: event.failed }
      ),
    ),
    assignResult: assign((_, params: { output: ChunkUploadOutput }) =>
      params.output.ok
        ? { done: params.output.done, failed: params.output.failed }
        : {
            error: errorReason(params.output.error)
              ? withReason('Upload failed', params.output.error)
              : 'Upload failed',
          },
    ),
    assignNotice: assign({
      notice: ({ context }) =>
        context.failed.length
          ? `Upload completed with ${context.failed.length} failed files`
          : 'Upload completed successfully!',
    }),
    announce: emit({ type: 'files.uploaded' as const }),
  },
  guards: {
    noFiles: ({ context }) => context.files.length === 0,
    pathsCollide: ({ context }) => selectionError(context.files) !== null,
    cleanUpload: ({ context }) => context.failed.length === 0,
    chunksFailed: (_, params: { output: ChunkUploadOutput }) => !params.output.ok,
  },
}).createMachine({
  id: 'projectFiles',
  initial: 'idle',
  context: ({ input }) => ({ projectId: input.projectId, uploadId: '', ...cleared }),
  // Defaults for every state; states override what they take differently.
  on: {
    'folder.choose': { actions: { type: 'openPicker', params: { picker: 'folder' } } },
    'zip.choose': { actions: { type: 'openPicker', params: { picker: 'zip' } } },
    'folder.select': { target: '.idle', actions: 'selectFolder' },
    'zip.select': { target: '.reading', actions: 'clear' },
    'file.remove': { actions: 'removeFile' },
    'files.clear': { target: '.idle', actions: 'clear' },
    'upload.start': { actions: refuse('Wait for the current step to finish.') },
    'step.retry': { actions: refuse('There is no failed upload to retry.') },
    'error.dismiss': { actions: 'clearError' },
  },
  states: {
    idle: {
      on: {
        'upload.start': [
          { guard: 'noFiles', actions: { type: 'setError', params: { text: 'Please select a folder or ZIP first.' } } },
          { guard: 'pathsCollide', actions: 'selectionRefused' },
          { target: 'uploading', actions: 'startUpload' },
        ],
      },
    },
    reading: {
      on: { 'zip.select': { target: 'reading', reenter: true, actions: 'clear' } },
      invoke: {
        id: 'readZip',
        src: 'readZip',
        input: ({ event }) => (assertEvent(event, 'zip.select'), { file: event.file }),
        onDone: { target: 'idle', actions: { type: 'select', params: ({ event }) => ({ selection: event.output }) } },
        onError: {
          target: 'idle',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ text: `Failed to process ZIP file: ${errorText(event.error, 'unknown error')}` }),
          },
        },
      },
    },
    uploading: {
      on: {
        'chunks.progress': { actions: 'assignProgress' },
        'folder.choose': { actions: refuse(WAIT) },
        'zip.choose': { actions: refuse(WAIT) },
        'folder.select': { actions: refuse(WAIT) },
        'zip.select': { actions: refuse(WAIT) },
        'file.remove': { actions: refuse(WAIT) },
        'files.clear': { actions: refuse(WAIT) },
      },
      invoke: {
        id: 'uploadSource',
        src: 'uploadSource',
        input: ({ context }) => ({
          projectId: context.projectId,
          uploadId: context.uploadId,
          files: context.files,
          nextChunk: context.chunkIndex,
          done: context.done,
          failed: context.failed,
        }),
        onDone: [
          {
            guard: { type: 'chunksFailed', params: ({ event }) => ({ output: event.output }) },
            target: 'failed',
            actions: { type: 'assignResult', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'succeeded', actions: { type: 'assignResult', params: ({ event }) => ({ output: event.output }) } },
        ],
      },
    },
    failed: {
      on: {
        'step.retry': { target: 'uploading', actions: 'clearError' },
        'error.dismiss': { target: 'idle', actions: 'clearError' },
        'upload.start': { actions: refuse('Retry or dismiss the failed upload first.') },
      },
    },
    succeeded: {
      entry: ['assignNotice', 'announce'],
      // A clean upload resets the panel; with failures the list stays until the next selection.
      after: { [RESET_AFTER_MS]: { guard: 'cleanUpload', target: 'idle', actions: 'clear' } },
      on: { 'upload.start': { target: 'uploading', actions: 'startUpload' } },
    },
  },
})
