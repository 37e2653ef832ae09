/**
 * The ZIP Web Worker: reads a selected ZIP off the main thread so the page stays responsive
 * (issue 4). Message in: { file: Blob }. Message out: { ok: true, files, excluded } (file bytes
 * transferred, not copied) or { ok: false, error } with the reader's own message.
 */
import { extractZip } from './zip-extract'

// The DOM lib types `self` as a Window; its postMessage(message, { transfer }) overload matches a worker's.
self.onmessage = async (event: MessageEvent<{ file: Blob }>) => {
  try {
    const result = await extractZip(event.data.file)
    self.postMessage({ ok: true, ...result }, { transfer: result.files.map((f) => f.data) })
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) })
  }
}
