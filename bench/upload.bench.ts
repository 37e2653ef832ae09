/**
 * Benchmark: upload and commit a generated 5,000-file, ~50 MB tree through the API
 * (50 multipart chunks of 100 files → staging → one `git fast-import` commit in a bare
 * repository), against `git add -A && git commit` of the same tree in a work tree, in one run.
 * Target: the API within 3× of plain git.
 *
 * Then the same uploads once more with the job worker running, as a server does: each commit
 * queues its source report (decision 046), analysed in a child process after the upload's answer;
 * the next upload starts once the report is stored, or at once with `--overlap` (so it runs
 * beside the previous analysis). Prints both medians, their ratio (target: within 10%) and the
 * time from each commit's answer to its stored report (target < 10 s).
 *
 *   npx tsx bench/upload.bench.ts [--files 5000] [--mb 50] [--runs 3] [--worker both|off] [--overlap]
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
import { jobs, projects, users } from '../server/db/schema'
import type { AppConfig } from '../server/deps'
import { loadEnv } from '../server/env'
import { signAccessToken } from '../server/services/access-token'
import { JobWorker } from '../server/services/job-queue'
import { SOURCE_REPORT_JOB, sourceReportHandler } from '../server/services/source-report/job'
import { findSourceReport } from '../server/db/queries/source-reports.queries'

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '5000' },
    mb: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    worker: { type: 'string', default: 'both' },
    overlap: { type: 'boolean', default: false },
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

  /** Upload `files` into a new project through the API in chunks of 100 → [ms in all, ms of the last chunk, project id]. */
  async function upload(title: string): Promise<[number, number, string]> {
    const [project] = await database.db.insert(projects).values({ title, description: 'x' }).returning()
    const chunks = Math.ceil(files.length / 100)
    const started = performance.now()
    let last = 0
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
      if (i === chunks - 1) last = performance.now() - chunkStarted
    }
    return [performance.now() - started, last, project.id]
  }

  // One upload first, not counted: the JIT and the database warm up before either side is timed.
  await upload('Bench warm-up')
  for (let run = 0; run < Number(args.runs); run++) {
    const [apiMs, lastMs] = await upload(`Bench ${run}`)
    apiTimes.push(apiMs)
    commitTimes.push(lastMs)

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

  const withWorker: number[] = []
  const readyAfter: number[] = []
  if (args.worker === 'both') {
    // The uploads above queued their reports too: only the uploads below are the worker's.
    await database.db.delete(jobs)
    const worker = new JobWorker({
      database,
      handlers: { [SOURCE_REPORT_JOB]: sourceReportHandler(app.deps) },
      now: () => new Date(),
    })
    await worker.start()
    const pending: Promise<void>[] = []
    for (let run = 0; run < Number(args.runs); run++) {
      const [apiMs, , projectId] = await upload(`Bench with worker ${run}`)
      withWorker.push(apiMs)
      const committedAt = performance.now()
      const ready = (async () => {
        while (!(await findSourceReport(database.db, projectId))) await new Promise((r) => setTimeout(r, 50))
        readyAfter.push(performance.now() - committedAt)
      })()
      // With --overlap the next upload runs beside this commit's analysis.
      if (args.overlap) pending.push(ready)
      else await ready
    }
    await Promise.all(pending)
    await worker.stop()
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
  if (withWorker.length) {
    const beside = median(withWorker)
    console.log(
      `API upload+commit with the source-report worker${args.overlap ? ' (beside the previous analysis)' : ''}  median ${beside.toFixed(0)} ms  (${withWorker.map((t) => t.toFixed(0)).join(', ')})`,
    )
    console.log(`  ${(((beside - api) / api) * 100).toFixed(1)}% against without (target within 10%)`)
    console.log(
      `report stored after the commit's answer  median ${(median(readyAfter) / 1000).toFixed(2)} s  (${readyAfter.map((t) => (t / 1000).toFixed(2)).join(', ')}; target < 10 s)`,
    )
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.availableParallelism()} cores)`,
  )
  await database.close()
  await fs.rm(dataDir, { recursive: true, force: true })
}

await main()
