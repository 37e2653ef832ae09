/**
 * The chunked source upload loop (SPEC.md 7 "Source and image storage", 9: 100 files a chunk):
 * one child actor for Add Project (upload.machine) and the detail re-upload
 * (project-files.machine). Input: the files, the upload id that ties the chunks together, the
 * chunk to start from, the figures so far and the chunks the server already holds (a resumed
 * upload, decision 038: counted as done without being sent). Each acknowledged or skipped chunk is reported to the parent as
 * `chunks.progress`; the output is `{ ok: true, github, done, failed }`, or `{ ok: false, error }`
 * after a failed chunk, which the parent resends as is by starting a new loop from `nextChunk`.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate'
import { uploadChunk, type ChunkInput } from '../api/upload'
import type { UploadChunkResponse } from '../api/schemas/upload'
import { chunkAt, chunkCount, type FailedUpload, type SourceFile } from './shared/upload-files.rules'

/** One chunk's answer: repository details after the last chunk, refused files. */
export type ChunkData = UploadChunkResponse['data']
/** Repository details of a committed upload (SPEC.md 3). */
export type GithubDetails = NonNullable<ChunkData['github']>

/** Where the loop starts: project, upload id, files, next chunk and the figures so far. */
export interface ChunkUploadInput {
  projectId: string
  uploadId: string
  files: readonly SourceFile[]
  /** 0-based index of the next chunk to send. */
  nextChunk: number
  /** Files in acknowledged chunks so far. */
  done: number
  failed: readonly FailedUpload[]
  /** Chunk indexes the server already holds with the same files: not sent again (never the last). */
  skip?: readonly number[]
}

/** What the loop tells its parent after each acknowledged chunk. */
export type ChunkProgressEvent = { type: 'chunks.progress'; nextChunk: number; done: number; failed: FailedUpload[] }

/** The loop's result: all chunks sent, or the error of the chunk that failed. */
export type ChunkUploadOutput =
  { ok: true; github: GithubDetails | null; done: number; failed: FailedUpload[] } | { ok: false; error: unknown }

interface ChunkUploadContext extends ChunkUploadInput {
  failed: FailedUpload[]
  skip: readonly number[]
  github: GithubDetails | null
  /** Set when a chunk failed; wrapped so a thrown `undefined` still counts. */
  failure: { error: unknown } | null
}

/** The chunk loop as a child actor (invoke with ChunkUploadInput). */
export const chunkUploadMachine = setup({
  types: { input: {} as ChunkUploadInput, context: {} as ChunkUploadContext, output: {} as ChunkUploadOutput },
  actors: {
    uploadChunk: fromPromise<ChunkData, ChunkInput>(({ input }) => uploadChunk(input)),
  },
  actions: {
    recordChunk: assign(({ context }, params: { data: ChunkData }) => ({
      nextChunk: context.nextChunk + 1,
      done: context.done + chunkAt(context.files, context.nextChunk).length,
      failed: [...context.failed, ...params.data.failedUploads],
      github: params.data.github ?? context.github,
    })),
    reportProgress: sendParent(({ context }): ChunkProgressEvent => ({
      type: 'chunks.progress',
      nextChunk: context.nextChunk,
      done: context.done,
      failed: context.failed,
    })),
    skipChunk: assign(({ context }) => ({
      nextChunk: context.nextChunk + 1,
      done: context.done + chunkAt(context.files, context.nextChunk).length,
    })),
    recordFailure: assign({ failure: (_, params: { error: unknown }) => ({ error: params.error }) }),
  },
  guards: {
    hasMoreChunks: ({ context }) => context.nextChunk < chunkCount(context.files.length),
    chunkOnServer: ({ context }) =>
      context.skip.includes(context.nextChunk) && context.nextChunk < chunkCount(context.files.length) - 1,
  },
}).createMachine({
  id: 'chunkUpload',
  context: ({ input }) => ({
    ...input,
    failed: [...input.failed],
    skip: input.skip ?? [],
    github: null,
    failure: null,
  }),
  initial: 'next',
  states: {
    next: {
      always: [
        { guard: 'chunkOnServer', target: 'next', reenter: true, actions: ['skipChunk', 'reportProgress'] },
        { guard: 'hasMoreChunks', target: 'sending' },
        { target: 'sent' },
      ],
    },
    sending: {
      invoke: {
        id: 'uploadChunk',
        src: 'uploadChunk',
        input: ({ context }) => ({
          projectId: context.projectId,
          uploadId: context.uploadId,
          files: chunkAt(context.files, context.nextChunk),
          chunkIndex: context.nextChunk,
          totalChunks: chunkCount(context.files.length),
        }),
        onDone: {
          target: 'next',
          actions: [{ type: 'recordChunk', params: ({ event }) => ({ data: event.output }) }, 'reportProgress'],
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }): ChunkUploadOutput =>
    context.failure
      ? { ok: false, error: context.failure.error }
      : { ok: true, github: context.github, done: context.done, failed: context.failed },
})
