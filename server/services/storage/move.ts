/**
 * Copy every object of one storage into another (`npm run storage:move`: DATA_DIR/files into the
 * S3 bucket). A key already present in the target with the same size is skipped, so a
 * run that stopped half way is simply run again. The source is left as it is.
 */
import type { ObjectStorage } from './object-storage'

/** What a move did: objects copied and skipped, and the bytes copied. */
export type MoveCounts = { copied: number; skipped: number; bytes: number }

/** Copies running at once. */
const PARALLEL = 8

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/** Copy every key of `from` (under `prefix`, '' = all) to `to`; `onProgress` is told each key copied. */
export async function moveObjects(
  from: ObjectStorage,
  to: ObjectStorage,
  prefix = '',
  onProgress: (key: string) => void = () => {},
): Promise<MoveCounts> {
  const counts: MoveCounts = { copied: 0, skipped: 0, bytes: 0 }
  const objects = await from.list(prefix)
  let next = 0
  const worker = async () => {
    while (next < objects.length) {
      const { key, size } = objects[next++]
      if ((await to.size(key)) === size) {
        counts.skipped++
        continue
      }
      const data = await from.get(key)
      if (!data) continue // removed since it was listed
      await to.put(key, data, { contentType: CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] })
      counts.copied++
      counts.bytes += data.byteLength
      onProgress(key)
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, objects.length) }, worker))
  return counts
}
