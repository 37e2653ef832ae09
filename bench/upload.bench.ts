/**
 * Benchmark: upload and commit a generated 5,000-file, ~50 MB tree through the API
 * (50 multipart chunks of 100 files → staging → one `git fast-import` commit in a bare
 * repository), against `git add -A && git commit` of the same tree in a work tree, in one run.
 * Target: the API within 3× of plain git.
 *
 *   npx tsx bench/upload.bench.ts [--files 5000] [--mb 50] [--runs 3]
 *
 * In-process `app.request` on in-memory PGlite (the database work is a few rows per chunk); the
 * upload time includes building each multipart body, parsing it, path checks, staging to disk
 * and the commit. Median of `runs`.
 */
import crypto from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { createApp } from '../server/app'
import { ensureAdmin } from '../server/bootstrap'
import { openDatabase } from '../server/db/client'
import { projects, users } from '../server/db/schema'
import type { AppConfig } from '../server/deps'
import { loadEnv } from '../server/env'
import { signAccessToken } from '../server/services/access-token'

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '5000' },
    mb: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
  },
})
const FILES = Number(args.files)
const BYTES = Number(args.mb) * 1024 * 1024

/** Deterministic files (text-like, incompressible enough), total ≈ BYTES. */
function generate(): { path: string; data: Buffer }[] {
  const avg = Math.floor(BYTES / FILES)
  return Array.from({ length: FILES }, (_, i) => {
    const size = Math.floor(avg * (0.5 + (i % 11) / 10))
    const data = Buffer.from(
      crypto
        .createHash('sha512')
        .update(`f${i}`)
        .digest('hex')
        .repeat(Math.ceil(size / 128))
        .slice(0, size),
    )
    data.write(`${i}\n`, 0)
    return { path: `src/pkg-${i % 50}/mod-${i % 7}/file-${i}.ts`, data }
  })
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function main() {
  const files = generate()
  const total = files.reduce((s, f) => s + f.data.length, 0)
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-upload-'))
  const database = await openDatabase({ memory: true })
  await ensureAdmin(database.db, 'admin@example.com')
  const deps: AppConfig = {
    db: database.db,
    env: loadEnv({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent' }),
    jwtSecret: new Uint8Array(crypto.randomBytes(32)),
    mailer: { send: async () => {} },
    now: () => new Date(),
  }
  const app = createApp(deps)
  const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@example.com'))
  const token = await signAccessToken(deps.jwtSecret, admin.id, new Date())

  const apiTimes: number[] = []
  const gitTimes: number[] = []
  const commitTimes: number[] = []
  for (let run = 0; run < Number(args.runs); run++) {
    const [project] = await database.db
      .insert(projects)
      .values({ title: `Bench ${run}`, description: 'x' })
      .returning()
    const chunks = Math.ceil(files.length / 100)
    const started = performance.now()
    for (let i = 0; i < chunks; i++) {
      const slice = files.slice(i * 100, (i + 1) * 100)
      const form = new FormData()
      for (const f of slice) form.append('files', new Blob([new Uint8Array(f.data)]), path.basename(f.path))
      for (const [k, v] of Object.entries({
        relativePaths: JSON.stringify(slice.map((f) => f.path)),
        uploadType: 'folder',
        projectId: project.id,
        chunkIndex: String(i),
        totalChunks: String(chunks),
        isFirstChunk: String(i === 0),
        isLastChunk: String(i === chunks - 1),
      }))
        form.append(k, v)
      const chunkStarted = performance.now()
      const res = await app.request('/api/upload/upload', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      })
      if (res.status !== 200) throw new Error(`chunk ${i}: ${res.status} ${await res.text()}`)
      await res.arrayBuffer()
      if (i === chunks - 1) commitTimes.push(performance.now() - chunkStarted)
    }
    apiTimes.push(performance.now() - started)

    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-git-'))
    for (const f of files) {
      await fs.mkdir(path.join(work, path.dirname(f.path)), { recursive: true })
      await fs.writeFile(path.join(work, f.path), f.data)
    }
    execFileSync('git', ['init', '-q', '-b', 'main', work])
    const gitStarted = performance.now()
    execFileSync('git', ['-C', work, 'add', '-A'])
    execFileSync('git', ['-C', work, '-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-q', '-m', 'x'])
    gitTimes.push(performance.now() - gitStarted)
    await fs.rm(work, { recursive: true, force: true })
  }
  const api = median(apiTimes)
  const plain = median(gitTimes)
  console.log(`files ${files.length}, ${(total / 1024 / 1024).toFixed(1)} MB, runs ${apiTimes.length}`)
  console.log(`API upload+commit  median ${api.toFixed(0)} ms  (${apiTimes.map((t) => t.toFixed(0)).join(', ')})`)
  console.log(
    `  of which the last chunk (stage + one fast-import commit of all files) median ${median(commitTimes).toFixed(0)} ms`,
  )
  console.log(`git add -A+commit  median ${plain.toFixed(0)} ms  (${gitTimes.map((t) => t.toFixed(0)).join(', ')})`)
  console.log(`ratio ${(api / plain).toFixed(2)}× (target ≤ 3×)`)
  await database.close()
  await fs.rm(dataDir, { recursive: true, force: true })
}

await main()
