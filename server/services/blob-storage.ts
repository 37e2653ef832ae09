/**
 * Blob storage for images and reports: files under DATA_DIR/files, addressed by a relative key
 * (`images/{projectId}/{id}.png`). Writes are atomic (temp file in the same folder + rename), so
 * a reader never sees half a file. Keys are checked so nothing resolves outside the root.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'

/** Write `data` to `file` atomically: temp file beside it, fsync-free rename (same filesystem). */
export async function writeFileAtomic(file: string, data: Uint8Array | string): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true })
  const temp = `${file}.tmp-${crypto.randomBytes(6).toString('hex')}`
  try {
    await fsp.writeFile(temp, data)
    await fsp.rename(temp, file)
  } catch (error) {
    await fsp.rm(temp, { force: true })
    throw error
  }
}

export class BlobStorage {
  readonly root: string

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files')
  }

  /** Absolute path of `key`; throws for keys that are absolute or climb out of the root. */
  resolve(key: string): string {
    const resolved = path.resolve(this.root, key)
    if (path.isAbsolute(key) || key.includes('\0') || !resolved.startsWith(this.root + path.sep)) {
      throw new Error(`Invalid storage key: ${key}`)
    }
    return resolved
  }

  /** Store bytes under `key` (replacing any previous file atomically). */
  async put(key: string, data: Uint8Array): Promise<void> {
    await writeFileAtomic(this.resolve(key), data)
  }

  /** Size in bytes, or null when the key does not exist (or is not a regular file). */
  async size(key: string): Promise<number | null> {
    try {
      const stat = await fsp.stat(this.resolve(key))
      return stat.isFile() ? stat.size : null
    } catch {
      return null
    }
  }

  /** A read stream of `key` (caller checks existence with `size` first). */
  stream(key: string): fs.ReadStream {
    return fs.createReadStream(this.resolve(key))
  }

  /** Remove `key`; a missing file is not an error. */
  async remove(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true })
  }

  /** Remove a folder of keys (e.g. `images/{projectId}`). */
  async removePrefix(prefix: string): Promise<void> {
    await fsp.rm(this.resolve(prefix), { recursive: true, force: true })
  }
}
