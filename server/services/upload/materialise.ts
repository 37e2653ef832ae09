/**
 * Staged blobs as files the repository host can read (CommitFile.sourcePath, read by
 * repo-host/fast-import.ts and github.ts). The local driver's files are used where they are (no
 * copy); from S3 they are streamed into a fresh temp folder, removed by `release()`.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { ObjectStorage } from '../storage/object-storage'
import type { StagedFiles } from './staging'

/** Downloads running at once from S3. */
const PARALLEL_DOWNLOADS = 16

/** Make each staged `key` readable at a local path; the answer's `release()` removes any temp copies. */
export async function materialise(
  storage: ObjectStorage,
  staged: { path: string; size: number; key: string }[],
): Promise<StagedFiles> {
  if (storage.localPath) {
    const localPath = storage.localPath.bind(storage)
    return {
      files: staged.map((f) => ({ path: f.path, size: f.size, sourcePath: localPath(f.key) })),
      release: async () => {},
    }
  }
  const dir = path.join(os.tmpdir(), `upload-${crypto.randomBytes(8).toString('hex')}`)
  const release = () => fsp.rm(dir, { recursive: true, force: true })
  await fsp.mkdir(dir, { recursive: true })
  try {
    const files = staged.map((f, i) => ({ path: f.path, size: f.size, sourcePath: path.join(dir, String(i)) }))
    let next = 0
    const worker = async () => {
      while (next < staged.length) {
        const i = next++
        // Streamed: a blob may be as large as a file may be (25 MB), and 16 are read at once.
        const blob = await storage.stream(staged[i].key)
        if (!blob) throw new Error(`Staged blob ${staged[i].key} is missing`)
        await pipeline(blob.body, fs.createWriteStream(files[i].sourcePath))
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, staged.length) }, worker))
    return { files, release }
  } catch (error) {
    await release()
    throw error
  }
}
