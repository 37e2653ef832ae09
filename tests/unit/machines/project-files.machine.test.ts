import * as Comlink from 'comlink'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ChunkInput } from '../../../src/api/upload'
import type { UploadChunkResponse } from '../../../src/api/schemas/upload'
import { ApiError } from '../../../src/api/client'
import { createReadZip } from '../../../src/machines/shared/read-zip.actors'
import { chunkUploadMachine } from '../../../src/machines/chunk-upload.machine'
import { projectFilesMachine, RESET_AFTER_MS } from '../../../src/machines/project-files.machine'
import type { Selection } from '../../../src/machines/shared/upload-files.rules'

type Chunk = UploadChunkResponse['data']
const ok = (failedUploads: Chunk['failedUploads'] = []): Chunk => ({
  github: null,
  failedUploads,
  received: 1,
  committed: false,
})

function start(
  chunk: (input: ChunkInput) => Promise<Chunk>,
  zip: () => Promise<Selection> = async () => ({ files: [], excluded: 0 }),
) {
  const inputs: ChunkInput[] = []
  const machine = projectFilesMachine.provide({
    actors: {
      uploadSource: chunkUploadMachine.provide({
        actors: { uploadChunk: fromPromise<Chunk, ChunkInput>(({ input }) => (inputs.push(input), chunk(input))) },
      }),
      readZip: fromPromise<Selection, { file: Blob }>(() => zip()),
    },
  })
  const actor = createActor(machine, { input: { projectId: 'p1' } }).start()
  const uploaded: number[] = []
  actor.on('files.uploaded', () => uploaded.push(Date.now()))
  return { actor, inputs, uploaded }
}
const entries = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ file: new Blob(['ab']), relativePath: `Root/f${i}.ts` }))

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('projectFilesMachine', () => {
  it('asks for a selection first', () => {
    const { actor } = start(async () => ok())
    actor.send({ type: 'upload.start' })
    expect(actor.getSnapshot().context.error).toBe('Please select a folder or ZIP first.')
  })

  it('uploads chunks of 100, reports success, emits and resets the panel after 2 seconds', async () => {
    const { actor, inputs, uploaded } = start(async () => ok())
    actor.send({ type: 'folder.select', entries: entries(201) })
    actor.send({ type: 'upload.start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(inputs.map((i) => [i.chunkIndex, i.totalChunks, i.files.length])).toEqual([
      [0, 3, 100],
      [1, 3, 100],
      [2, 3, 1],
    ])
    expect(new Set(inputs.map((i) => i.uploadId)).size).toBe(1)
    expect(actor.getSnapshot().value).toBe('succeeded')
    expect(actor.getSnapshot().context).toMatchObject({ done: 201, notice: 'Upload completed successfully!' })
    expect(uploaded).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(RESET_AFTER_MS - 1)
    expect(actor.getSnapshot().value).toBe('succeeded')
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toMatchObject({ files: [], done: 0, notice: null })
  })

  it('retries the same failed chunk and keeps the failed list after success', async () => {
    let fail = true
    const { actor, inputs } = start(async (input) => {
      if (input.chunkIndex === 1 && fail) {
        fail = false
        throw new Error('Network error')
      }
      return ok(input.chunkIndex === 0 ? [{ path: 'f0.ts', error: 'Excluded file type' }] : [])
    })
    actor.send({ type: 'folder.select', entries: entries(150) })
    actor.send({ type: 'upload.start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('Upload failed: Network error')
    actor.send({ type: 'step.retry' })
    await vi.advanceTimersByTimeAsync(0)
    expect(inputs[2]).toEqual(inputs[1])
    expect(actor.getSnapshot().context.notice).toBe('Upload completed with 1 failed files')
    await vi.advanceTimersByTimeAsync(RESET_AFTER_MS)
    expect(actor.getSnapshot().value).toBe('succeeded')
    actor.send({ type: 'files.clear' })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it("refuses a selection whose paths collide, naming them, and shows the server's refusal of a collision across chunks", async () => {
    const zip = {
      files: [
        { path: 'dir', file: new Blob(['a']) },
        { path: 'dir/file', file: new Blob(['b']) },
      ],
      excluded: 0,
    }
    const { actor, inputs } = start(
      async () => {
        throw new ApiError(400, 'Paths collide: lib (a file and a folder: lib/x.ts)')
      },
      async () => zip,
    )
    actor.send({ type: 'zip.select', file: new Blob(['x']) })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'upload.start' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.error).toBe('Paths collide: dir (a file and a folder: dir/file)')
    expect(inputs).toHaveLength(0)
    actor.send({ type: 'file.remove', path: 'dir' })
    actor.send({ type: 'upload.start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('Upload failed: Paths collide: lib (a file and a folder: lib/x.ts)')
  })

  it('names the ZIP reader failure', async () => {
    const { actor } = start(
      async () => ok(),
      async () => {
        throw new Error('Corrupted zip: missing 1 bytes.')
      },
    )
    actor.send({ type: 'zip.select', file: new Blob(['x']) })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe('Failed to process ZIP file: Corrupted zip: missing 1 bytes.')
  })
})

describe('projectFilesMachine: inputs are answered in every state', () => {
  it('opens the pickers through picker.open and refuses source changes while uploading', async () => {
    let release: () => void = () => {}
    const { actor } = start(
      () =>
        new Promise((resolve) => {
          release = () => resolve(ok())
        }),
    )
    const emitted: unknown[] = []
    actor.on('*', (e) => emitted.push(e))
    actor.send({ type: 'folder.choose' })
    actor.send({ type: 'zip.choose' })
    actor.send({ type: 'folder.select', entries: entries(2) })
    actor.send({ type: 'upload.start' })
    actor.send({ type: 'file.remove', path: 'f0.ts' })
    actor.send({ type: 'folder.choose' })
    actor.send({ type: 'upload.start' })
    expect(emitted).toEqual([
      { type: 'picker.open', picker: 'folder' },
      { type: 'picker.open', picker: 'zip' },
      { type: 'notify.error', text: 'Wait for the upload to finish before changing the files.' },
      { type: 'notify.error', text: 'Wait for the upload to finish before changing the files.' },
      { type: 'notify.error', text: 'Wait for the current step to finish.' },
    ])
    expect(actor.getSnapshot().context.files).toHaveLength(2)
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('succeeded')
  })

  it('a failed upload waits for Retry; dismiss goes back; nothing to retry is said out loud', async () => {
    const { actor } = start(async () => {
      throw new ApiError(500, 'Disk full')
    })
    const emitted: unknown[] = []
    actor.on('notify.error', (e) => emitted.push(e.text))
    actor.send({ type: 'step.retry' })
    actor.send({ type: 'folder.select', entries: entries(1) })
    actor.send({ type: 'upload.start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'Upload failed: Disk full' } })
    actor.send({ type: 'upload.start' })
    actor.send({ type: 'error.dismiss' })
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { error: null } })
    expect(emitted).toEqual(['There is no failed upload to retry.', 'Retry or dismiss the failed upload first.'])
  })

  it('uploads again from the result list, and a folder with nothing to upload says so', async () => {
    const { actor, inputs } = start(async () => ok([{ path: 'f0.ts', error: 'bad' }]))
    actor.send({ type: 'folder.select', entries: entries(1) })
    actor.send({ type: 'upload.start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('succeeded')
    actor.send({ type: 'upload.start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(inputs).toHaveLength(2)
    expect(inputs[1].uploadId).not.toBe(inputs[0].uploadId)
    actor.send({ type: 'folder.select', entries: [{ file: new Blob(['x']), relativePath: 'Root/node_modules/a.js' }] })
    expect(actor.getSnapshot()).toMatchObject({
      value: 'idle',
      context: { error: 'No valid files to upload', excluded: 1 },
    })
  })

  it('terminates the ZIP worker when the section unmounts mid-read', async () => {
    const { port1, port2 } = new MessageChannel()
    Comlink.expose({ extract: () => new Promise(() => {}) }, port2)
    const terminate = vi.fn(() => {
      port1.close()
      port2.close()
    })
    const actor = createActor(
      projectFilesMachine.provide({ actors: { readZip: createReadZip(() => Object.assign(port1, { terminate })) } }),
      { input: { projectId: 'p1' } },
    ).start()
    actor.send({ type: 'zip.select', file: new Blob(['z']) })
    expect(actor.getSnapshot().value).toBe('reading')
    actor.stop()
    await vi.advanceTimersByTimeAsync(0)
    expect(terminate).toHaveBeenCalledTimes(1)
  })
})
