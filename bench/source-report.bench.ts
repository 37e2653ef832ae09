/**
 * `npx tsx bench/source-report.bench.ts [--files 5000] [--runs 3] [--huge-mb 0]`
 *
 * The source report of one commit (decision 046): a generated project tree of `--files` files
 * (TypeScript, JavaScript, Python, CSS, HTML, Markdown and JSON of 1-6 KB, a package.json and a
 * requirements.txt, folders like a real app) committed into a fresh bare repository, then
 * analysed `--runs` times in a child process, as the job worker does (analyse-in-worker.ts).
 * Prints the time from the start of the analysis to the report, its median, and the event-loop
 * delay of the calling process meanwhile (p99, max), which is what the server's requests feel,
 * and the analysis process's peak resident memory (VmHWM, read from /proc while it runs).
 * `--huge-mb N` adds one N MB file (an SQL dump's text) for the hostile case; `--files 100000`
 * the wide one.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { fastImportCommit } from '../server/services/repo-host/fast-import'
import { git } from '../server/services/repo-host/git-exec'
import { analyseInWorker } from '../server/services/source-report/analyse-in-worker'
import { percentile } from './measure'

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    'huge-mb': { type: 'string', default: '0' },
  },
})

const KINDS = [
  { ext: 'ts', line: (i: number) => `export function step${i}(value: number): number { return value * ${i} + 1 }\n` },
  { ext: 'js', line: (i: number) => `module.exports.handler${i} = (req, res) => res.json({ ok: ${i} })\n` },
  { ext: 'py', line: (i: number) => `def task_${i}(value):\n    return value * ${i}\n` },
  { ext: 'css', line: (i: number) => `.card-${i} { margin: ${i % 16}px; color: #333; }\n` },
  { ext: 'html', line: (i: number) => `<div class="row-${i}"><span>Item ${i}</span></div>\n` },
  { ext: 'md', line: (i: number) => `- Note ${i}: how the module works.\n` },
  { ext: 'json', line: (i: number) => `{"key${i}": ${i}}\n` },
]

/** `count` files in app-like folders, each 1-6 KB of its language. */
function tree(count: number): { path: string; data: string }[] {
  const files = [
    { path: 'README.md', data: '# Generated app\n\nA project for the bench.\n' },
    {
      path: 'package.json',
      data: JSON.stringify({ name: 'app', dependencies: { express: '4.21.2', react: '19.0.0' } }),
    },
    { path: 'requirements.txt', data: 'django==4.2.7\nrequests==2.31.0\n' },
  ]
  for (let i = files.length; i < count; i++) {
    const kind = KINDS[i % KINDS.length]
    const lines = 20 + (i % 100)
    const data = Array.from({ length: lines }, (_, n) => kind.line(i * 1000 + n)).join('')
    files.push({ path: `src/module-${i % 40}/part-${Math.floor(i / 40) % 25}/file-${i}.${kind.ext}`, data })
  }
  return files
}

/** kB of VmHWM (peak resident set) of the running analysis processes, children of this one. */
async function analysisPeakKb(): Promise<number> {
  let peak = 0
  for (const pid of await fs.readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
    if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue
    peak = Math.max(peak, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0))
  }
  return peak
}

/** Write an `mb` MB SQL dump-like text file at `file`, in 1 MB pieces. */
async function writeHugeFile(file: string, mb: number): Promise<number> {
  const row = (i: number) => `INSERT INTO orders VALUES (${i}, 'customer-${i % 977}', ${(i * 37) % 100000});\n`
  let piece = ''
  for (let i = 0; piece.length < 1024 * 1024; i++) piece += row(i)
  const handle = await fs.open(file, 'w')
  try {
    for (let i = 0; i < mb; i++) await handle.write(piece)
  } finally {
    await handle.close()
  }
  return piece.length * mb
}

async function main() {
  const count = Number(args.files)
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-source-report-'))
  try {
    const gitDir = path.join(root, 'repo.git')
    await git(['init', '--bare', '--quiet', '-b', 'main', gitDir])
    const source = path.join(root, 'files')
    await fs.mkdir(source)
    const files: { path: string; sourcePath: string; size: number }[] = []
    const generated = tree(count)
    // In batches: 100,000 files opened at once exceed the open-files limit.
    for (let start = 0; start < generated.length; start += 500) {
      const batch = generated.slice(start, start + 500)
      files.push(
        ...(await Promise.all(
          batch.map(async (file, i) => {
            const sourcePath = path.join(source, String(start + i))
            await fs.writeFile(sourcePath, file.data)
            return { path: file.path, sourcePath, size: Buffer.byteLength(file.data) }
          }),
        )),
      )
    }
    const hugeMb = Number(args['huge-mb'])
    if (hugeMb > 0) {
      const sourcePath = path.join(source, 'huge')
      files.push({ path: 'db/dump.sql', sourcePath, size: await writeHugeFile(sourcePath, hugeMb) })
    }
    await fastImportCommit(gitDir, { branch: 'main', parent: null, files, message: 'bench', when: new Date() })
    const commit = await git(['--git-dir', gitDir, 'rev-parse', 'refs/heads/main'])
    const bytes = files.reduce((sum, f) => sum + f.size, 0)
    console.log(`${count} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB, commit ${commit.slice(0, 12)}`)
    const times: number[] = []
    for (let run = 0; run < Number(args.runs); run++) {
      const delay = monitorEventLoopDelay({ resolution: 10 })
      delay.enable()
      const started = performance.now()
      let peakKb = 0
      const sampler = setInterval(() => void analysisPeakKb().then((kb) => (peakKb = Math.max(peakKb, kb))), 100)
      const report = await analyseInWorker({
        gitDir,
        commit,
        category: 'Web Development',
        now: new Date().toISOString(),
      })
      const ms = performance.now() - started
      clearInterval(sampler)
      delay.disable()
      times.push(ms)
      console.log(
        `run ${run + 1}: report in ${(ms / 1000).toFixed(2)} s (${report.languages.byLanguage.length} languages, ` +
          `${report.files.count} files, ${report.files.notExamined.length} not examined, ` +
          `truncated ${report.files.truncated}, errors ${report.analyserErrors.length}); ` +
          `analysis peak RSS ${(peakKb / 1024).toFixed(0)} MB; ` +
          `main thread event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
      )
    }
    const sorted = [...times].sort((a, b) => a - b)
    console.log(
      `median ${(percentile(sorted, 50) / 1000).toFixed(2)} s; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${os.availableParallelism()} cores)`,
    )
  } finally {
    await fs.rm(root, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
