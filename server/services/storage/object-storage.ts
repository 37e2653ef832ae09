/**
 * Object storage: the one interface behind images, reports and the staging of chunked
 * uploads, with two drivers: a local folder (local-storage.ts, the embedded default) and an
 * S3-compatible bucket (s3-storage.ts, shared by any number of servers). Keys are relative,
 * slash-separated (`images/{projectId}/{id}.png`) and checked by `assertValidKey`; a write
 * replaces the whole object at once, so a reader sees the old bytes or the new, never half.
 */
import type { Readable } from 'node:stream'

/** One stored object as listed: its key, size in bytes and the time it was last written. */
export type ObjectInfo = { key: string; size: number; lastModified: Date }

/** What `presignedGetUrl` puts in the link: expiry in seconds, the download's file name and type. */
export type PresignOptions = { expiresInS: number; fileName?: string; contentType?: string }

/** The storage drivers implement this; errors other than "missing key" are thrown as they come. */
export interface ObjectStorage {
  /** 'local' (a folder) or 's3' (a bucket). */
  readonly kind: 'local' | 's3'
  /** Store `data` under `key`, replacing any earlier object whole. */
  put(key: string, data: Uint8Array | string, opts?: { contentType?: string }): Promise<void>
  /**
   * Store the bytes of `body` under `key` as they arrive, holding no more than a buffer or an S3
   * part (5 MB) of them; the object appears whole once `body` ends. When `body` errors (or is
   * destroyed) nothing is stored and the promise rejects with that error.
   */
  putStream(key: string, body: Readable, opts?: { contentType?: string }): Promise<void>
  /** Size in bytes, or null when the key does not exist. */
  size(key: string): Promise<number | null>
  /** The whole object, or null when the key does not exist. */
  get(key: string): Promise<Uint8Array | null>
  /** A stream of the object and its size in bytes, or null when the key does not exist. */
  stream(key: string): Promise<{ body: Readable; size: number } | null>
  /** Remove `key`; a missing key is not an error. */
  remove(key: string): Promise<void>
  /** Remove every key under the folder `prefix` (`images/p1` removes `images/p1/…`, not `images/p10/…`). */
  removePrefix(prefix: string): Promise<void>
  /**
   * Move every key under the folder `from` to the same name under the folder `to`, which must not
   * exist yet; nothing under `from` is no error. Local: one rename; S3: each object copied, then
   * the originals removed.
   */
  movePrefix(from: string, to: string): Promise<void>
  /** Every key under the folder `prefix` ('' = all), in no promised order; `shallow`: not those in sub-folders. */
  list(prefix: string, opts?: { shallow?: boolean }): Promise<ObjectInfo[]>
  /** A time-limited link fetching `key` straight from the storage; null when the driver has none (local). */
  presignedGetUrl(key: string, opts: PresignOptions): Promise<string | null>
  /** Resolves when the storage answers and can be written (readiness probe); throws otherwise. */
  ping(): Promise<void>
  /** The file of `key` on this machine (local driver only): lets the commit read staged blobs in place. */
  localPath?(key: string): string
}

const MAX_KEY_BYTES = 1024

/** Throws unless `key` is a relative key: no leading '/', no '.', '..' or empty segment, no NUL or '\', ≤ 1024 bytes. */
export function assertValidKey(key: string): void {
  const segments = key.split('/')
  if (
    key === '' ||
    Buffer.byteLength(key) > MAX_KEY_BYTES ||
    key.includes('\0') ||
    key.includes('\\') ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
  }
}

/** The folder form of `prefix` ('' stays '', `a/b` becomes `a/b/`), validated like a key. */
export function folderPrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '')
  if (trimmed === '') return ''
  assertValidKey(trimmed)
  return `${trimmed}/`
}
