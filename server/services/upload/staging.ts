/**
 * Staging of chunked source uploads (SPEC.md 7 "Source and image storage"). Each
 * chunk is stored in object storage under `uploads/{projectId}/{uploadKey}/` (DATA_DIR/uploads
 * locally, the bucket with S3, so a chunk may arrive at any server): its bytes, streamed to a
 * spool while the request is read (spool.ts), are moved to a fresh `blobs-{n}-{random}/`
 * and its manifest `chunk-{n}.json` is written last (one whole-object put), so a chunk is either
 * wholly present or absent, and a retried chunk replaces the earlier one (idempotent). Nothing
 * touches the repository until every chunk is present and the caller commits. After the commit
 * of an upload with an id, its receipt `committed.json` (the answer given) replaces the chunks,
 * so a resent chunk is answered the same; it is swept with the rest. Every
 * read lists the upload once: a request's work follows the chunks staged, never the
 * `totalChunks` it claims.
 */
import crypto from 'node:crypto'
import { chunkFingerprint } from '../../../src/domain/upload-resume'
import type { UploadProgress } from '../../../src/api/schemas/upload'
import type { CommitFile } from '../repo-host/repo-host'
import type { ObjectStorage } from '../storage/object-storage'
import { materialise } from './materialise'
import { ChunkSpool } from './spool'

/** Staging older than this (ms) belongs to an abandoned upload and may be swept. */
export const STALE_STAGING_MS = 24 * 60 * 60 * 1000

type Manifest = { totalChunks: number; blobDir: string; files: { path: string; blob: string; size: number }[] }

/** One accepted file of a chunk: its index in the chunk's spool, repository path and size in bytes. */
export type StagedEntry = { index: number; path: string; size: number }

/** What a committed upload answered: its chunk count and repository details (JSON). */
export type UploadReceipt<G> = { totalChunks: number; github: G }

/** The staged files of an upload, readable at `sourcePath` until `release()` (which removes any temp copies). */
export type StagedFiles = { files: CommitFile[]; release: () => Promise<void> }

const ROOT = 'uploads'
const RECEIPT = 'committed.json'
const CHUNK_FILE = /^chunk-(\d+)\.json$/

export class UploadStaging {
  /** `storage`: where the `uploads/…` keys go (deps.ts: DATA_DIR locally, the bucket with S3). */
  constructor(readonly storage: ObjectStorage) {}

  private dir(projectId: string, uploadKey: string): string {
    return `${ROOT}/${projectId}/${uploadKey}`
  }

  /** A new spool for the files of one incoming chunk (spool.ts). */
  openSpool(): ChunkSpool {
    return new ChunkSpool(this.storage)
  }

  /**
   * Store one chunk (replacing a previous copy of the same index): the spool's folder becomes the
   * chunk's blob folder, then the manifest lists `files` (spool index, repository path, size in
   * bytes). Run under the project's upload lock.
   */
  async stageChunk(
    projectId: string,
    uploadKey: string,
    chunkIndex: number,
    totalChunks: number,
    spool: ChunkSpool,
    files: StagedEntry[],
  ): Promise<void> {
    const dir = this.dir(projectId, uploadKey)
    const blobDir = `blobs-${chunkIndex}-${crypto.randomBytes(6).toString('hex')}`
    await this.storage.movePrefix(spool.dir, `${dir}/${blobDir}`)
    const manifest: Manifest = {
      totalChunks,
      blobDir,
      files: files.map((file) => ({ path: file.path, blob: `${blobDir}/${file.index}`, size: file.size })),
    }
    const previous = await this.readManifest(dir, chunkIndex)
    await this.storage.put(`${dir}/chunk-${chunkIndex}.json`, JSON.stringify(manifest), {
      contentType: 'application/json',
    })
    const oldBlobDir = previous?.blobDir
    if (oldBlobDir && oldBlobDir !== blobDir) await this.storage.removePrefix(`${dir}/${oldBlobDir}`)
  }

  private async readJson<T>(key: string): Promise<T | null> {
    const bytes = await this.storage.get(key)
    if (!bytes) return null
    try {
      return JSON.parse(Buffer.from(bytes).toString('utf8')) as T
    } catch {
      return null
    }
  }

  private readManifest(dir: string, chunkIndex: number): Promise<Manifest | null> {
    return this.readJson<Manifest>(`${dir}/chunk-${chunkIndex}.json`)
  }

  /** Indexes of the chunk manifests of the upload, ascending. */
  private async stagedIndexes(dir: string): Promise<number[]> {
    // Shallow: the manifests sit in the upload's folder, the blobs below it.
    const keys = (await this.storage.list(dir, { shallow: true })).map((o) => o.key.slice(dir.length + 1))
    return keys
      .flatMap((name) => CHUNK_FILE.exec(name)?.[1] ?? [])
      .map(Number)
      .sort((a, b) => a - b)
  }

  /** Indexes of the chunks staged for this upload whose manifest agrees on `totalChunks`. */
  async presentChunks(projectId: string, uploadKey: string, totalChunks: number): Promise<number[]> {
    const dir = this.dir(projectId, uploadKey)
    const present: number[] = []
    for (const i of await this.stagedIndexes(dir)) {
      if (i < totalChunks && (await this.readManifest(dir, i))?.totalChunks === totalChunks) present.push(i)
    }
    return present
  }

  /**
   * Every staged file in chunk order (a path staged twice is listed twice: the caller refuses
   * that), each readable at its `sourcePath`: in place with the local driver, else copied to a
   * temp folder that `release()` removes (call it after the commit, also on failure). Throws when
   * a chunk is missing.
   */
  async files(projectId: string, uploadKey: string, totalChunks: number): Promise<StagedFiles> {
    const dir = this.dir(projectId, uploadKey)
    const staged: { path: string; size: number; key: string }[] = []
    for (let i = 0; i < totalChunks; i++) {
      const manifest = await this.readManifest(dir, i)
      if (!manifest) throw new Error(`Chunk ${i} is not staged`)
      for (const f of manifest.files) staged.push({ path: f.path, size: f.size, key: `${dir}/${f.blob}` })
    }
    return materialise(this.storage, staged)
  }

  /** The staged bytes and paths of the upload's chunks but `exceptChunk` (for the total-size bound and path collisions). */
  async stagedElsewhere(
    projectId: string,
    uploadKey: string,
    totalChunks: number,
    exceptChunk: number,
  ): Promise<{ bytes: number; paths: string[] }> {
    const dir = this.dir(projectId, uploadKey)
    let bytes = 0
    const paths: string[] = []
    for (const i of await this.stagedIndexes(dir)) {
      if (i === exceptChunk || i >= totalChunks) continue
      for (const f of (await this.readManifest(dir, i))?.files ?? []) {
        bytes += f.size
        paths.push(f.path)
      }
    }
    return { bytes, paths }
  }

  /**
   * The project's upload in progress, for a resume (decision 038): of its staged uploads with an id
   * and no receipt, the one written last, with each chunk's files, bytes and fingerprint
   * (src/domain/upload-resume.ts) in index order, counting only chunks that agree on the newest
   * chunk's `totalChunks`. Null when nothing is staged (or it was committed, or swept).
   */
  async progress(projectId: string): Promise<UploadProgress | null> {
    const root = `${ROOT}/${projectId}`
    const uploads = new Map<string, { newest: number; receipt: boolean }>()
    for (const object of await this.storage.list(root)) {
      const [key, name] = object.key.slice(root.length + 1).split('/')
      if (!name || key === 'current') continue
      const upload = uploads.get(key) ?? { newest: 0, receipt: false }
      upload.newest = Math.max(upload.newest, object.lastModified.getTime())
      upload.receipt ||= name === RECEIPT
      uploads.set(key, upload)
    }
    const [latest] = [...uploads].filter(([, u]) => !u.receipt).sort((a, b) => b[1].newest - a[1].newest)
    if (!latest) return null
    const [uploadId, { newest }] = latest
    const dir = this.dir(projectId, uploadId)
    const manifests: { index: number; manifest: Manifest }[] = []
    for (const index of await this.stagedIndexes(dir)) {
      const manifest = await this.readManifest(dir, index)
      if (manifest) manifests.push({ index, manifest })
    }
    if (manifests.length === 0) return null
    const totalChunks = manifests[manifests.length - 1].manifest.totalChunks
    const chunks = []
    for (const { index, manifest } of manifests) {
      if (manifest.totalChunks !== totalChunks || index >= totalChunks) continue
      chunks.push({
        index,
        files: manifest.files.length,
        bytes: manifest.files.reduce((sum, f) => sum + f.size, 0),
        fingerprint: await chunkFingerprint(manifest.files),
      })
    }
    return { uploadId, totalChunks, chunks, updatedAt: new Date(newest).toISOString() }
  }

  /** The receipt of a committed upload, or null when it was not committed (or was swept). */
  receipt<G>(projectId: string, uploadKey: string): Promise<UploadReceipt<G> | null> {
    return this.readJson<UploadReceipt<G>>(`${this.dir(projectId, uploadKey)}/${RECEIPT}`)
  }

  /**
   * Mark the upload committed: write its receipt (one whole-object put), then delete its chunks. A
   * crash in between leaves the receipt and some chunks: `dropChunks` (run on every resent chunk) ends it.
   */
  async recordCommit<G>(projectId: string, uploadKey: string, receipt: UploadReceipt<G>): Promise<void> {
    await this.storage.put(`${this.dir(projectId, uploadKey)}/${RECEIPT}`, JSON.stringify(receipt), {
      contentType: 'application/json',
    })
    await this.dropChunks(projectId, uploadKey)
  }

  /** Delete everything of the upload but its receipt (manifests first, so no chunk is left half). */
  async dropChunks(projectId: string, uploadKey: string): Promise<void> {
    const dir = this.dir(projectId, uploadKey)
    const keys = (await this.storage.list(dir)).map((o) => o.key).filter((key) => key !== `${dir}/${RECEIPT}`)
    const manifests = keys.filter((key) => CHUNK_FILE.test(key.slice(dir.length + 1)))
    await Promise.all(manifests.map((key) => this.storage.remove(key)))
    const blobDirs = new Set(
      keys.filter((key) => !manifests.includes(key)).map((key) => key.slice(dir.length + 1).split('/')[0]),
    )
    await Promise.all([...blobDirs].map((blobDir) => this.storage.removePrefix(`${dir}/${blobDir}`)))
  }

  /** Delete the staging of one upload (after commit, or when a new upload starts). */
  async discard(projectId: string, uploadKey: string): Promise<void> {
    await this.storage.removePrefix(this.dir(projectId, uploadKey))
  }

  /** Delete every staged upload of a project (after the project is deleted). */
  async discardProject(projectId: string): Promise<void> {
    await this.storage.removePrefix(`${ROOT}/${projectId}`)
  }

  /** Remove stagings none of whose objects was written for `maxAgeMs`; returns how many were removed. */
  async sweep(now: Date, maxAgeMs = STALE_STAGING_MS): Promise<number> {
    const newest = new Map<string, number>()
    for (const object of await this.storage.list(ROOT)) {
      const [, project, upload] = object.key.split('/')
      if (!upload) continue
      const dir = this.dir(project, upload)
      newest.set(dir, Math.max(newest.get(dir) ?? 0, object.lastModified.getTime()))
    }
    let removed = 0
    for (const [dir, written] of newest) {
      if (now.getTime() - written > maxAgeMs) {
        await this.storage.removePrefix(dir)
        removed++
      }
    }
    return removed
  }
}
