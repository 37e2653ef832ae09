/**
 * Project files re-upload on the detail page (SPEC.md 2 "Project detail", 8, 9): select a folder
 * or ZIP → upload chunks of 100 (a failed chunk is retried as the same chunk) → succeeded, which
 * shows 'Upload completed successfully!' (or 'Upload completed with N failed files'), emits
 * 'files.uploaded' and resets the panel after 2 seconds (kept while failures are listed). ZIP errors read 'Failed to process ZIP
 * file: {reason}'. I/O in named actors; tests swap them with `.provide()`.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { uploadChunk, type ChunkInput } from '../api/upload'
import type { UploadChunkResponse } from '../api/schemas/upload'
import { readZipInWorker } from '../workers/read-zip'
import { chunkAt, chunkCount, selectFromFolder, type FailedUpload, type FolderEntry, type Selection, type SourceFile } from './upload-files'
import { errorReason, errorText } from '../api/error-text'

/** Delay before the panel resets after a successful upload (SPEC.md 9), ms. */
export const RESET_AFTER_MS = 2000

export interface ProjectFilesContext {
  projectId: string
  files: SourceFile[]
  excluded: number
  uploadId: string
  chunkIndex: number
  done: number
  failed: FailedUpload[]
  error: string | null
  notice: string | null
}

export type ProjectFilesEvent =
  | { type: 'folder.select'; entries: FolderEntry[] } | { type: 'zip.select'; file: Blob }
  | { type: 'file.remove'; path: string } | { type: 'files.clear' }
  | { type: 'upload.start' } | { type: 'step.retry' } | { type: 'error.dismiss' }

const cleared = { files: [], excluded: 0, chunkIndex: 0, done: 0, failed: [], error: null }
const selected = (s: Selection) => ({ files: s.files, excluded: s.excluded, failed: [], done: 0, notice: null,
  error: s.files.length === 0 ? 'No valid files to upload' : null })

export const projectFilesMachine = setup({
  types: {
    context: {} as ProjectFilesContext, events: {} as ProjectFilesEvent, input: {} as { projectId: string },
    emitted: {} as { type: 'files.uploaded' },
  },
  actors: {
    readZip: fromPromise<Selection, { file: Blob }>(({ input }) => readZipInWorker(input.file)),
    uploadChunk: fromPromise<UploadChunkResponse['data'], ChunkInput>(({ input }) => uploadChunk(input)),
  },
  guards: {
    noFiles: ({ context }) => context.files.length === 0,
    hasMoreChunks: ({ context }) => context.chunkIndex + 1 < chunkCount(context.files.length),
  },
}).createMachine({
  id: 'projectFiles',
  initial: 'idle',
  context: ({ input }) => ({ projectId: input.projectId, uploadId: '', notice: null, ...cleared }),
  states: {
    idle: {
      on: {
        'folder.select': { actions: assign(({ event }) => selected(selectFromFolder(event.entries))) },
        'zip.select': { target: 'reading', actions: assign({ error: null, notice: null }) },
        'file.remove': { actions: assign({ files: ({ context, event }) => context.files.filter((f) => f.path !== event.path) }) },
        'files.clear': { actions: assign({ ...cleared, notice: null }) },
        'error.dismiss': { actions: assign({ error: null }) },
        'upload.start': [
          { guard: 'noFiles', actions: assign({ error: 'Please select a folder or ZIP first.' }) },
          { target: 'uploading', actions: assign({ chunkIndex: 0, done: 0, failed: [], error: null, notice: null, uploadId: () => crypto.randomUUID() }) },
        ],
      },
    },
    reading: {
      invoke: {
        src: 'readZip',
        input: ({ event }) => ({ file: (event as { file: Blob }).file }),
        onDone: { target: 'idle', actions: assign(({ event }) => selected(event.output)) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => `Failed to process ZIP file: ${errorText(event.error, 'unknown error')}` }) },
      },
    },
    uploading: {
      invoke: {
        src: 'uploadChunk',
        input: ({ context }) => ({ projectId: context.projectId, uploadId: context.uploadId, files: chunkAt(context.files, context.chunkIndex),
          chunkIndex: context.chunkIndex, totalChunks: chunkCount(context.files.length) }),
        onDone: [
          { guard: 'hasMoreChunks', target: 'uploading', reenter: true, actions: assign(({ context, event }) => ({
            chunkIndex: context.chunkIndex + 1, done: context.done + chunkAt(context.files, context.chunkIndex).length,
            failed: [...context.failed, ...event.output.failedUploads] })) },
          { target: 'succeeded', actions: assign(({ context, event }) => ({ done: context.files.length, failed: [...context.failed, ...event.output.failedUploads] })) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorReason(event.error) ? `Upload failed: ${errorReason(event.error)}` : 'Upload failed' }) },
      },
    },
    failed: {
      on: {
        'step.retry': { target: 'uploading', actions: assign({ error: null }) },
        'error.dismiss': { target: 'idle', actions: assign({ error: null }) },
      },
    },
    succeeded: {
      entry: [
        assign({ notice: ({ context }) => context.failed.length ? `Upload completed with ${context.failed.length} failed files` : 'Upload completed successfully!' }),
        emit({ type: 'files.uploaded' as const }),
      ],
      // A clean upload resets the panel; with failures the list stays until the next selection.
      after: { [RESET_AFTER_MS]: { guard: ({ context }) => context.failed.length === 0, target: 'idle', actions: assign({ ...cleared, notice: null }) } },
      on: {
        'files.clear': { target: 'idle', actions: assign({ ...cleared, notice: null }) },
        'folder.select': { target: 'idle', actions: assign(({ event }) => selected(selectFromFolder(event.entries))) },
        'zip.select': { target: 'reading', actions: assign({ ...cleared, notice: null }) },
      },
    },
  },
})
