/**
 * Staging of chunked source uploads (SPEC.md 7 "Source and image storage"; issue 4). Each chunk
 * is stored under DATA_DIR/uploads/{projectId}/{uploadKey}/: its bytes in a fresh folder
 * `blobs-{n}-{random}` and its manifest `chunk-{n}.json` written atomically last, so a chunk is
 * either wholly present or absent, and a retried chunk replaces the earlier one (idempotent).
 * Nothing touches the repository until every chunk is present and the caller commits. After the
 * commit of an upload with an id, its receipt `committed.json` (the answer given) replaces the
 * chunks, so a resent chunk is answered the same (issue 8 item 10); it is swept with the rest.
 * Every read lists the folder once: a request's work follows the chunks staged, never the
 * `totalChunks` it claims.
 */
import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from './blob-storage'
import type { CommitFile } from './repo-host/repo-host'

/** Staging older than this (ms) belongs to an abandoned upload and may be swept. */
export const STALE_STAGING_MS = 24 * 60 * 60 * 1000

type Manifest = { totalChunks: number; blobDir: string; files: { path: string; blob: string; size: number }[] }

/** What a committed upload answered: its chunk count and repository details (JSON). */
export type UploadReceipt<G> = { totalChunks: number; github: G }

const RECEIPT = 'committed.json'
const CHUNK_FILE = /^chunk-(\d+)\.json$/

export class UploadStaging {
  readonly root: string

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'uploads')
  }

  private dir(projectId: string, uploadKey: string): string {
    return path.join(this.root, projectId, uploadKey)
  }

  /** Store one chunk (replacing a previous copy of the same index). Sizes in bytes. */
  async stageChunk(projectId: string, uploadKey: string, chunkIndex: number, totalChunks: number,
    files: { path: string; data: Uint8Array }[]): Promise<void> {
    const dir = this.dir(projectId, uploadKey)
    const blobDir = `blobs-${chunkIndex}-${crypto.randomBytes(6).toString('hex')}`
    await fsp.mkdir(path.join(dir, blobDir), { recursive: true })
    const manifest: Manifest = { totalChunks, blobDir, files: [] }
    // At most 100 files a chunk: written concurrently (the thread pool overlaps the syscalls).
    await Promise.all(files.map((file, i) => fsp.writeFile(path.join(dir, blobDir, String(i)), file.data)))
    for (const [i, file] of files.entries()) {
      manifest.files.push({ path: file.path, blob: `${blobDir}/${i}`, size: file.data.byteLength })
    }
    const previous = await this.readManifest(dir, chunkIndex)
    await writeFileAtomic(path.join(dir, `chunk-${chunkIndex}.json`), JSON.stringify(manifest))
    const oldBlobDir = previous?.blobDir
    if (oldBlobDir && oldBlobDir !== blobDir) await fsp.rm(path.join(dir, oldBlobDir), { recursive: true, force: true })
  }

  private async readManifest(dir: string, chunkIndex: number): Promise<Manifest | null> {
    try {
      return JSON.parse(await fsp.readFile(path.join(dir, `chunk-${chunkIndex}.json`), 'utf8')) as Manifest
    } catch {
      return null
    }
  }

  /** Indexes of the chunk manifests in the upload's folder, ascending. */
  private async stagedIndexes(dir: string): Promise<number[]> {
    const names = await fsp.readdir(dir).catch(() => [] as string[])
    return names.flatMap((name) => CHUNK_FILE.exec(name)?.[1] ?? []).map(Number).sort((a, b) => a - b)
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

  /** Every staged file in chunk order, later chunks winning for a repeated path. */
  async files(projectId: string, uploadKey: string, totalChunks: number): Promise<CommitFile[]> {
    const dir = this.dir(projectId, uploadKey)
    const byPath = new Map<string, CommitFile>()
    for (let i = 0; i < totalChunks; i++) {
      const manifest = await this.readManifest(dir, i)
      if (!manifest) throw new Error(`Chunk ${i} is not staged`)
      for (const f of manifest.files) byPath.set(f.path, { path: f.path, size: f.size, sourcePath: path.join(dir, f.blob) })
    }
    return [...byPath.values()]
  }

  /** Total staged bytes of the upload (for the total-size bound). */
  async stagedBytes(projectId: string, uploadKey: string, totalChunks: number, exceptChunk: number): Promise<number> {
    const dir = this.dir(projectId, uploadKey)
    let total = 0
    for (const i of await this.stagedIndexes(dir)) {
      if (i === exceptChunk || i >= totalChunks) continue
      for (const f of (await this.readManifest(dir, i))?.files ?? []) total += f.size
    }
    return total
  }

  /** The receipt of a committed upload, or null when it was not committed (or was swept). */
  async receipt<G>(projectId: string, uploadKey: string): Promise<UploadReceipt<G> | null> {
    try {
      return JSON.parse(await fsp.readFile(path.join(this.dir(projectId, uploadKey), RECEIPT), 'utf8')) as UploadReceipt<G>
    } catch {
      return null
    }
  }

  /**
   * Mark the upload committed: write its receipt atomically, then delete its chunks. A crash in
   * between leaves the receipt and some chunks: `dropChunks` (run on every resent chunk) ends it.
   */
  async recordCommit<G>(projectId: string, uploadKey: string, receipt: UploadReceipt<G>): Promise<void> {
    await writeFileAtomic(path.join(this.dir(projectId, uploadKey), RECEIPT), JSON.stringify(receipt))
    await this.dropChunks(projectId, uploadKey)
  }

  /** Delete everything of the upload but its receipt. */
  async dropChunks(projectId: string, uploadKey: string): Promise<void> {
    const dir = this.dir(projectId, uploadKey)
    const names = await fsp.readdir(dir).catch(() => [] as string[])
    await Promise.all(names.filter((n) => n !== RECEIPT).map((n) => fsp.rm(path.join(dir, n), { recursive: true, force: true })))
  }

  /** Delete the staging of one upload (after commit, or when a new upload starts). */
  async discard(projectId: string, uploadKey: string): Promise<void> {
    await fsp.rm(this.dir(projectId, uploadKey), { recursive: true, force: true })
  }

  /** Remove stagings not written to for `maxAgeMs`; returns how many were removed. */
  async sweep(now: Date, maxAgeMs = STALE_STAGING_MS): Promise<number> {
    let removed = 0
    const projects = await fsp.readdir(this.root).catch(() => [] as string[])
    for (const project of projects) {
      for (const upload of await fsp.readdir(path.join(this.root, project)).catch(() => [] as string[])) {
        const dir = path.join(this.root, project, upload)
        const stat = await fsp.stat(dir)
        if (now.getTime() - stat.mtimeMs > maxAgeMs) {
          await fsp.rm(dir, { recursive: true, force: true })
          removed++
        }
      }
    }
    return removed
  }
}
