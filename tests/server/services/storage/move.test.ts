/**
 * `npm run storage:move` (server/services/storage/move-cli.ts) against s3rver: copies
 * DATA_DIR/files into the bucket (not DATA_DIR/uploads), skips keys present with the same size
 * on a second run, copies a key again whose size differs, and refuses without S3_BUCKET.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalObjectStorage } from '../../../../server/services/storage/local-storage'
import { startLocalS3, type LocalS3 } from '../../s3-server'

const run = promisify(execFile)
const CLI = path.resolve(import.meta.dirname, '../../../../server/services/storage/move-cli.ts')
const TSX = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx')

describe('npm run storage:move', () => {
  let s3: LocalS3
  let dataDir: string
  beforeAll(async () => {
    s3 = await startLocalS3('move-test')
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-move-'))
    const files = new LocalObjectStorage(path.join(dataDir, 'files'))
    await files.put('images/p1/a.png', 'png bytes')
    await files.put('images/p1/b.webp', 'webp')
    await files.put('reports/p1/r.docx', 'word')
    await new LocalObjectStorage(dataDir).put('uploads/p1/u1/chunk-0.json', '{}')
  })
  afterAll(async () => {
    await s3?.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  const move = (env: Record<string, string>) => {
    const { S3_BUCKET: _unset, ...inherited } = process.env
    return run(TSX, [CLI], { env: { ...inherited, DATA_DIR: dataDir, ...env } })
  }

  it('copies the local files into the bucket once, then skips them, and copies a changed one again', async () => {
    const first = await move(s3.env)
    expect(first.stdout).toContain('Copied 3 files (17 bytes), skipped 0 already present.')
    expect((await s3.storage.list('')).map((o) => o.key).sort()).toEqual([
      'images/p1/a.png',
      'images/p1/b.webp',
      'reports/p1/r.docx',
    ])
    expect(Buffer.from((await s3.storage.get('reports/p1/r.docx'))!).toString()).toBe('word')

    expect((await move(s3.env)).stdout).toContain('Copied 0 files (0 bytes), skipped 3 already present.')
    await new LocalObjectStorage(path.join(dataDir, 'files')).put('images/p1/b.webp', 'webp, re-encoded')
    expect((await move(s3.env)).stdout).toContain('Copied 1 files (16 bytes), skipped 2 already present.')
  })

  it('refuses without S3_BUCKET', async () => {
    const failed = await move({}).catch((error: { code: number; stderr: string }) => error)
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('S3_BUCKET is not set') })
  })
})
