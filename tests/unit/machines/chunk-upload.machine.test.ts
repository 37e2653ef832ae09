import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, setup } from 'xstate'
import type { ChunkInput } from '../../../src/api/upload'
import {
  chunkUploadMachine,
  type ChunkData,
  type ChunkProgressEvent,
  type ChunkUploadInput,
  type ChunkUploadOutput,
} from '../../../src/machines/chunk-upload.machine'

const files = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `f${i}.ts`, file: new Blob(['x']) }))
const ok = (extra: Partial<ChunkData> = {}): ChunkData => ({
  github: null,
  failedUploads: [],
  received: 1,
  committed: false,
  ...extra,
})
const github = {
  repoName: 'r',
  repoUrl: 'u',
  cloneUrl: 'c',
  sshUrl: '',
  private: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}

/** Runs the loop as the child of a tiny parent that records 'chunks.progress' and the output. */
async function run(input: ChunkUploadInput, answer: (input: ChunkInput) => Promise<ChunkData>) {
  const sent: ChunkInput[] = []
  const progress: ChunkProgressEvent[] = []
  let output: ChunkUploadOutput | undefined
  const child = chunkUploadMachine.provide({
    actors: { uploadChunk: fromPromise<ChunkData, ChunkInput>(({ input: i }) => (sent.push(i), answer(i))) },
  })
  const parent = setup({ types: { events: {} as ChunkProgressEvent }, actors: { child } }).createMachine({
    invoke: {
      src: 'child',
      input,
      onDone: {
        actions: ({ event }) => {
          output = event.output
        },
      },
    },
    on: {
      'chunks.progress': {
        actions: ({ event }) => {
          progress.push(event)
        },
      },
    },
  })
  const actor = createActor(parent).start()
  await new Promise((r) => setTimeout(r, 0))
  actor.stop()
  return { sent, progress, output }
}
const start = (n: number, extra: Partial<ChunkUploadInput> = {}): ChunkUploadInput => ({
  projectId: 'p1',
  uploadId: 'u1',
  files: files(n),
  nextChunk: 0,
  done: 0,
  failed: [],
  ...extra,
})

describe('chunkUploadMachine', () => {
  it('sends chunks of 100 with one upload id, reports each, and ends with the repository details and failures', async () => {
    const { sent, progress, output } = await run(start(250), async (i) =>
      ok(i.chunkIndex === 2 ? { github, failedUploads: [{ path: 'f249.ts', error: 'bad' }] } : {}),
    )
    expect(sent.map((s) => [s.chunkIndex, s.totalChunks, s.files.length, s.uploadId])).toEqual([
      [0, 3, 100, 'u1'],
      [1, 3, 100, 'u1'],
      [2, 3, 50, 'u1'],
    ])
    expect(progress.map((p) => [p.nextChunk, p.done, p.failed.length])).toEqual([
      [1, 100, 0],
      [2, 200, 0],
      [3, 250, 1],
    ])
    expect(output).toEqual({ ok: true, github, done: 250, failed: [{ path: 'f249.ts', error: 'bad' }] })
  })

  it('starts from the chunk a retry names, with the figures so far', async () => {
    const { sent, output } = await run(
      start(150, { nextChunk: 1, done: 100, failed: [{ path: 'f1.ts', error: 'x' }] }),
      async () => ok(),
    )
    expect(sent.map((s) => s.chunkIndex)).toEqual([1])
    expect(output).toMatchObject({ ok: true, done: 150, failed: [{ path: 'f1.ts', error: 'x' }] })
  })

  it('stops at a failed chunk and hands the error to the parent', async () => {
    const error = new Error('Network error')
    const { sent, progress, output } = await run(start(150), async (i) => {
      if (i.chunkIndex === 1) throw error
      return ok()
    })
    expect(sent).toHaveLength(2)
    expect(progress.map((p) => p.nextChunk)).toEqual([1])
    expect(output).toEqual({ ok: false, error })
  })

  it('ends at once with nothing to send', async () => {
    const { sent, output } = await run(start(0), async () => ok())
    expect(sent).toEqual([])
    expect(output).toEqual({ ok: true, github: null, done: 0, failed: [] })
  })

  it('skips the chunks the server holds, counting them done, and always sends the last (it commits)', async () => {
    const { sent, progress, output } = await run(start(450, { skip: [0, 1, 3, 4] }), async (i) =>
      ok(i.chunkIndex === 4 ? { github } : {}),
    )
    expect(sent.map((s) => s.chunkIndex)).toEqual([2, 4])
    expect(progress.map((p) => [p.nextChunk, p.done])).toEqual([
      [1, 100],
      [2, 200],
      [3, 300],
      [4, 400],
      [5, 450],
    ])
    expect(output).toEqual({ ok: true, github, done: 450, failed: [] })
  })
})
