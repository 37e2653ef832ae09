/**
 * The local-folder driver of object storage (object-storage.ts): key `a/b.png` is the file
 * `{root}/a/b.png`. Writes are atomic (temp file in the same folder + rename), so a reader never
 * sees half a file; keys are validated so nothing resolves outside the root. The app's root is
 * DATA_DIR/files (images, reports); the upload staging uses one rooted at DATA_DIR (deps.ts).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertValidKey, folderPrefix, type ObjectInfo, type ObjectStorage } from './object-storage'

const TEMP_MARK = '.tmp-'

/** Write `data` to `file` atomically: temp file beside it, fsync-free rename (same filesystem). */
export async function writeFileAtomic(file: string, data: Uint8Array | string): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true })
  const temp = `${file}${TEMP_MARK}${crypto.randomBytes(6).toString('hex')}`
  try {
    await fsp.writeFile(temp, data)
    await fsp.rename(temp, file)
  } catch (error) {
    await fsp.rm(temp, { force: true })
    throw error
  }
}

const isMissing = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ENOENT' ||
  (error as NodeJS.ErrnoException).code === 'ENOTDIR' ||
  (error as NodeJS.ErrnoException).code === 'EISDIR'

/** Object storage in a folder of this machine (absolute `root`, created on first write). */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const
  readonly root: string

  constructor(root: string) {
    this.root = path.resolve(root)
  }

  /** Absolute path of `key`; throws for keys that are invalid (object-storage.ts `assertValidKey`). */
  localPath(key: string): string {
    assertValidKey(key)
    return path.join(this.root, key)
  }

  async put(key: string, data: Uint8Array | string): Promise<void> {
    await writeFileAtomic(this.localPath(key), data)
  }

  async putStream(key: string, body: Readable): Promise<void> {
    const file = this.localPath(key)
    await fsp.mkdir(path.dirname(file), { recursive: true })
    const temp = `${file}${TEMP_MARK}${crypto.randomBytes(6).toString('hex')}`
    try {
      await pipeline(body, fs.createWriteStream(temp))
      await fsp.rename(temp, file)
    } catch (error) {
      await fsp.rm(temp, { force: true })
      throw error
    }
  }

  async movePrefix(from: string, to: string): Promise<void> {
    const [source, target] = [folderPrefix(from), folderPrefix(to)]
    if (!source || !target) throw new Error('movePrefix needs non-empty folders')
    const targetDir = path.join(this.root, target.slice(0, -1))
    await fsp.mkdir(path.dirname(targetDir), { recursive: true })
    await fsp.rename(path.join(this.root, source.slice(0, -1)), targetDir).catch((error: unknown) => {
      if (!isMissing(error)) throw error
    })
  }

  async size(key: string): Promise<number | null> {
    const stat = await fsp.stat(this.localPath(key)).catch((error: unknown) => {
      if (isMissing(error)) return null
      throw error
    })
    return stat?.isFile() ? stat.size : null
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return await fsp.readFile(this.localPath(key))
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async stream(key: string) {
    const size = await this.size(key)
    return size === null ? null : { body: fs.createReadStream(this.localPath(key)), size }
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.localPath(key), { force: true })
  }

  async removePrefix(prefix: string): Promise<void> {
    const folder = folderPrefix(prefix)
    if (!folder) throw new Error('removePrefix needs a non-empty prefix')
    await fsp.rm(path.join(this.root, folder), { recursive: true, force: true })
  }

  async list(prefix: string, opts: { shallow?: boolean } = {}): Promise<ObjectInfo[]> {
    const folder = folderPrefix(prefix)
    const entries = await fsp
      .readdir(path.join(this.root, folder), { recursive: !opts.shallow, withFileTypes: true })
      .catch((error: unknown) => {
        if (isMissing(error)) return []
        throw error
      })
    const found = entries
      .filter((e) => e.isFile() && !e.name.includes(TEMP_MARK))
      .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    const infos = await Promise.all(
      found.map(async (key) => {
        const stat = await fsp.stat(path.join(this.root, key)).catch(() => null)
        return stat ? { key, size: stat.size, lastModified: stat.mtime } : null
      }),
    )
    return infos.filter((info) => info !== null)
  }

  async presignedGetUrl(): Promise<null> {
    return null
  }

  /** Writable root: creates it when missing and checks write access. */
  async ping(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true })
    await fsp.access(this.root, fs.constants.W_OK)
  }
}
