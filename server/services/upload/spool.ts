/**
 * Where the files of one chunk go while its request is read. Multipart fields come in any order,
 * so a file may arrive before the request has said which project and upload it belongs to: each
 * file is streamed to `uploads/_incoming/{random}/{n}` as it arrives, and the folder is moved into
 * the upload's staging under the project's lock (UploadStaging.stageChunk), where nothing else
 * removes it meanwhile. A refused or failed request discards its spool; one left by a crash looks
 * like an abandoned upload (`uploads/_incoming/{random}/…`) and the hourly sweep removes it.
 */
import crypto from 'node:crypto'
import type { Readable } from 'node:stream'
import type { ObjectStorage } from '../storage/object-storage'

/** The folder of the spools (a project id is a UUID, so it never names a project's staging). */
export const SPOOL_ROOT = 'uploads/_incoming'

/** The spool of one request: files by their index in the chunk. */
export class ChunkSpool {
  /** The spool's folder (a storage key prefix). */
  readonly dir = `${SPOOL_ROOT}/${crypto.randomBytes(8).toString('hex')}`

  constructor(private readonly storage: ObjectStorage) {}

  /** Key of file `index`. */
  key(index: number): string {
    return `${this.dir}/${index}`
  }

  /** Stream file `index` into the spool; rejects (and stores nothing) when `body` fails. */
  put(index: number, body: Readable): Promise<void> {
    return this.storage.putStream(this.key(index), body)
  }

  /** Remove file `index` (refused once the fields were known). */
  remove(index: number): Promise<void> {
    return this.storage.remove(this.key(index))
  }

  /** Remove whatever the spool holds (a refused or failed request; empty once staged). */
  discard(): Promise<void> {
    return this.storage.removePrefix(this.dir)
  }
}
