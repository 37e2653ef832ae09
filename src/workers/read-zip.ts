/**
 * Main-thread side of the ZIP worker: `readZipInWorker(file)` starts zip.worker.ts, waits for its
 * answer and turns it into upload files. Rejects with the reader's message (SPEC.md 8), which
 * the screens show under 'Failed to process ZIP' / 'Failed to process ZIP file: {reason}'.
 */
import type { Selection } from '../machines/upload-files'
import type { ExtractedZip } from './zip-extract'

type WorkerAnswer = ({ ok: true } & ExtractedZip) | { ok: false; error: string }

/** Reads `file` in a Web Worker → the kept files (repository paths) and the excluded count. */
export function readZipInWorker(file: Blob): Promise<Selection> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./zip.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      worker.terminate()
      const answer = event.data
      if (!answer.ok) return reject(new Error(answer.error))
      resolve({
        files: answer.files.map((f) => ({ path: f.path, file: new File([f.data], f.path.split('/').pop() || 'file') })),
        excluded: answer.excluded,
      })
    }
    worker.onerror = (event) => {
      worker.terminate()
      reject(new Error(event.message || 'The ZIP reader stopped unexpectedly'))
    }
    worker.postMessage({ file })
  })
}
