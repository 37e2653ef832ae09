/**
 * On-CPU samples of a process with Linux `perf` (bench:load `--perf DIR`), summed by what the
 * process was doing: drizzle, node-postgres, the HTTP layers, the app's own code, V8's GC and
 * compiler, the kernel.
 *
 * Why not only the V8 profile (`--cpu-prof`): V8 samples the thread on a wall-clock timer, so time
 * the thread spends preempted inside a system call counts as that call. Under this load a
 * statement sent to PostgreSQL wakes its backend, which often runs at once on the same core: the
 * V8 profile showed `writev` at 23-33% of the server (decisions 021
 * and 022), while perf, which samples only while the process is on a CPU, puts the whole kernel at
 * ~12% and node-postgres' send path at ~8% (decision 023).
 *
 * The server must run with `--perf-basic-prof-only-functions` (V8 writes /tmp/perf-PID.map, which
 * names the JIT frames). Needs `perf` on PATH and permission to record the process (root, or
 * kernel.perf_event_paranoid <= 1).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import path from 'node:path'

/** Categories by the innermost frame of a sample that matches one; first match wins. */
const CATEGORIES: readonly (readonly [string, RegExp])[] = [
  [
    'V8 garbage collector',
    /Scavenger|MarkCompact|ConcurrentMarking|Heap::|Sweeper|GCTracer|MinorMC|IncrementalMarking/,
  ],
  ['V8 compiler', /v8::internal::compiler|OptimizingCompile|Baseline|CompileLazy|Compiler::/],
  ['drizzle-orm', /drizzle-orm/],
  ['pg-types, postgres-array', /pg-types|postgres-array|postgres-date|postgres-interval|postgres-bytea/],
  ['pg-protocol', /pg-protocol/],
  ['pg, pg-pool', /node_modules\/pg\/|pg-pool/],
  ['hono', /node_modules\/hono\//],
  ['@hono/node-server, undici', /@hono\/node-server|undici/],
  ['valibot', /valibot/],
  ['app: server/', /\/server\/[^ ]+\.ts/],
  ['node:http', /node:_http|node:http|llhttp|HTTPParser/],
  ['node:net, streams', /node:net|node:internal\/streams|stream_base|LibuvStreamWrap|StreamBase/],
  ['kernel', /\[kernel\.kallsyms\]/],
]

/** Whether `perf` can be run here. */
export function perfAvailable(): boolean {
  return spawnSync('perf', ['--version'], { stdio: 'ignore' }).status === 0
}

/** Start `perf record` (999 Hz, call graphs) on `pid` into `dir/perf.data`; `stop()` ends it and answers the file. */
export function recordPerf(pid: number, dir: string): { stop: () => Promise<string> } {
  const file = path.join(dir, 'perf.data')
  const child: ChildProcess = spawn('perf', ['record', '-F', '999', '-g', '-p', String(pid), '-o', file], {
    stdio: 'ignore',
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  return {
    stop: async () => {
      child.kill('SIGINT')
      await exited
      return file
    },
  }
}

/**
 * The samples of `file` by category (CATEGORIES; 'other' when no frame matches), as shares of all
 * samples, largest first.
 */
export function perfCategories(file: string): { samples: number; shares: [string, number][] } {
  const script = spawnSync('perf', ['script', '-i', file, '-F', 'ip,sym,dso'], { encoding: 'utf8', maxBuffer: 1 << 30 })
  if (script.status !== 0) throw new Error(`perf script failed: ${script.stderr}`)
  const counts = new Map<string, number>()
  let samples = 0
  for (const block of script.stdout.split(/\n\s*\n/)) {
    const frames = block
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
    if (!frames.length) continue
    samples++
    let category = 'other'
    for (const frame of frames) {
      const hit = CATEGORIES.find(([, pattern]) => pattern.test(frame))
      if (hit) {
        category = hit[0]
        break
      }
    }
    counts.set(category, (counts.get(category) ?? 0) + 1)
  }
  const shares = [...counts].map(([name, n]): [string, number] => [name, n / samples]).sort((a, b) => b[1] - a[1])
  return { samples, shares }
}
