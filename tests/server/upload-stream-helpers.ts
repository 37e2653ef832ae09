/**
 * Helpers for the streamed-upload tests: a multipart chunk body written by hand, sent piece by
 * piece and held open at a gate until a state is reached, and a watch on what the upload staging
 * writes (each streamed put as it starts and ends, each spool discarded) to wait on.
 */
import { vi } from 'vitest'
import type { TestContext } from './harness'
import { ChunkSpool } from '../../server/services/upload/spool'

export const BOUNDARY = 'streamed-chunk-boundary'
export const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`
export const MB = 1024 * 1024

export const fieldPart = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
export const fileHead = (filename: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; ` +
      `filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
export const fileTail = Buffer.from('\r\n')
export const closing = Buffer.from(`--${BOUNDARY}--\r\n`)
/** One whole file part. */
export const filePart = (filename: string, data: Buffer) => Buffer.concat([fileHead(filename), data, fileTail])

/** The text fields of chunk `chunkIndex` of `totalChunks` naming `paths`. */
export function chunkFields(
  projectId: string,
  paths: string[],
  chunkIndex = 0,
  totalChunks = 1,
  uploadId = 'streamed',
): Buffer[] {
  return Object.entries({
    relativePaths: JSON.stringify(paths),
    uploadType: 'folder',
    projectId,
    uploadId,
    chunkIndex: String(chunkIndex),
    totalChunks: String(totalChunks),
    isFirstChunk: String(chunkIndex === 0),
    isLastChunk: String(chunkIndex === totalChunks - 1),
  }).map(([name, value]) => fieldPart(name, value))
}

/** A step of a scripted body: bytes to send, or a wait (for a state) before the next bytes. */
export type Step = Buffer | (() => Promise<unknown>)

/** A request body that sends `steps` in order as it is read, waiting at each wait; it ends after the last step. */
export function scriptedBody(steps: Step[]): ReadableStream<Uint8Array> {
  const queue = [...steps]
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (let step = queue.shift(); step !== undefined; step = queue.shift()) {
        if (typeof step === 'function') await step()
        else return controller.enqueue(new Uint8Array(step))
      }
      controller.close()
    },
  })
}

/** POST `body` to the upload route in-process. */
export async function postBody(ctx: TestContext, token: string, body: ReadableStream<Uint8Array>) {
  const res = await ctx.app.request('/api/upload/upload', {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { authorization: `Bearer ${token}`, 'content-type': CONTENT_TYPE },
  } as RequestInit)
  return { status: res.status, body: (await res.json()) as any }
}

/**
 * Watch the staging storage of `ctx`: keys whose streamed put started and ended, spools discarded;
 * `until(check)` resolves once `check()` holds (tested after every change). `restore()` ends it.
 */
export function watchStaging(ctx: TestContext) {
  const started: string[] = []
  const stored: string[] = []
  let discarded = 0
  const waiters = new Set<() => void>()
  const changed = () => waiters.forEach((w) => w())
  const storage = ctx.deps.staging.storage
  const putStream = storage.putStream.bind(storage)
  const puts = vi.spyOn(storage, 'putStream').mockImplementation(async (key, body, opts) => {
    started.push(key)
    changed()
    await putStream(key, body, opts)
    stored.push(key)
    changed()
  })
  const discard = ChunkSpool.prototype.discard
  const discards = vi.spyOn(ChunkSpool.prototype, 'discard').mockImplementation(async function (this: ChunkSpool) {
    await discard.call(this)
    discarded++
    changed()
  })
  const until = (check: () => boolean) =>
    new Promise<void>((resolve) => {
      const test = () => {
        if (!check()) return
        waiters.delete(test)
        resolve()
      }
      waiters.add(test)
      test()
    })
  return {
    started,
    stored,
    discarded: () => discarded,
    until,
    restore: () => {
      puts.mockRestore()
      discards.mockRestore()
    },
  }
}

/** Every key the staging storage holds for `projectId` and in the spools of incoming chunks. */
export async function stagedKeys(ctx: TestContext, projectId: string): Promise<string[]> {
  const storage = ctx.deps.staging.storage
  const keys = [...(await storage.list(`uploads/${projectId}`)), ...(await storage.list('uploads/_incoming'))]
  return keys.map((o) => o.key.replace(`uploads/${projectId}/`, '')).sort()
}
