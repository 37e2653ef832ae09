/**
 * What the ZIP worker exposes over comlink: `extract(file)` → the kept files (bytes transferred,
 * not copied) and the excluded count; a failure rejects with the reader's own message
 * (SPEC.md 8, e.g. 'Encrypted zip are not supported'). Kept apart from zip.worker.ts so tests
 * expose it on a MessageChannel in node.
 */
import * as Comlink from 'comlink'
import { extractZip, type ExtractedZip } from './zip-extract'

/** `extract(file)` → { files (bytes transferred), excluded }. */
export const zipWorkerApi = {
  async extract(file: Blob): Promise<ExtractedZip> {
    const result = await extractZip(file)
    return Comlink.transfer(
      result,
      result.files.map((f) => f.data),
    )
  },
}

/** The API's type, for `Comlink.wrap<ZipWorkerApi>`. */
export type ZipWorkerApi = typeof zipWorkerApi
