/**
 * Main-thread side of the ZIP worker: `readZipInWorker(file, signal)` starts zip.worker.ts, calls
 * its comlink API and turns the answer into upload files. The worker is terminated when the read
 * ends and as soon as `signal` aborts (the machine left its reading state or was stopped), so an
 * abandoned read stops decompressing. Rejects with the reader's message (SPEC.md 8).
 */
import * as Comlink from 'comlink'
import type { Selection } from '../machines/shared/upload-files.rules'
import type { ZipWorkerApi } from './zip-worker-api'

/** The part of a Worker the reader uses: a comlink endpoint that can be terminated. */
export type ZipWorker = Comlink.Endpoint & { terminate(): void }

/** Starts the real module worker (Vite bundles it from this URL). */
export const startZipWorker = (): ZipWorker =>
  new Worker(new URL('./zip.worker.ts', import.meta.url), { type: 'module' })

/** Reads `file` in a worker → the kept files (repository paths) and the excluded count. */
export async function readZipInWorker(
  file: Blob,
  signal?: AbortSignal,
  start: () => ZipWorker = startZipWorker,
): Promise<Selection> {
  signal?.throwIfAborted()
  const worker = start()
  const remote = Comlink.wrap<ZipWorkerApi>(worker)
  const stop = () => {
    remote[Comlink.releaseProxy]()
    worker.terminate()
  }
  const aborted = new Promise<never>((_, reject) => {
    signal?.addEventListener(
      'abort',
      () => reject(signal.reason ?? new DOMException('ZIP read cancelled', 'AbortError')),
      { once: true },
    )
  })
  // A worker that fails to load or crashes never answers: reject instead of waiting forever.
  const crashed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (event) =>
      reject(new Error((event as ErrorEvent).message || 'The ZIP reader stopped unexpectedly')),
    )
  })
  try {
    const answer = await Promise.race([remote.extract(file), aborted, crashed])
    return {
      files: answer.files.map((f) => ({ path: f.path, file: new File([f.data], f.path.split('/').pop() || 'file') })),
      excluded: answer.excluded,
    }
  } finally {
    stop()
  }
}
