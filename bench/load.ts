/**
 * `npm run bench:load -- [--clients 50] [--duration 60] [--reads 3 --writes 1] [--scale 10]
 *   [--warmup 5] [--pool N] [--cpu-prof DIR] [--perf DIR] [--waits] [--statements] [--keep] [--server-root DIR]
 *   [--node-flags=--max-semi-space-size=16]`
 *
 * Load test of the real server process against PostgreSQL: a fresh
 * database `bench_load` on the server at BENCH_LOAD_PG (default postgres://root@127.0.0.1:5432,
 * trust auth), seeded with the seed CLI (`npm run seed -- --scale N --seed 1`, DATA_DIR a temp
 * dir), the server started as `npm start` does (`node <scripts/server-node-flags.json> --import
 * tsx server/main.ts`; `--node-flags=...` replaces those flags, `--node-flags=` for none) on a
 * free port (SEED=none, mail to the outbox), the admin signed in once through the OTP flow, then
 * autocannon with `--clients` connections for `--duration` seconds (after `--warmup` untimed
 * seconds) sending the mix of bench/load-mix.ts at reads:writes. Prints p50/p99/req/s overall and per kind of request, the
 * machine's load average, and with `--waits` what PostgreSQL's active backends were waiting on
 * (pg_stat_activity sampled every 20 ms). Exits 1 on any error, timeout or non-2xx answer.
 * `--cpu-prof DIR` writes the server's V8 CPU profile there (open it in Chrome DevTools);
 * `--perf DIR` records the server's on-CPU samples with Linux perf during the timed run into
 * DIR/perf.data and prints them by category (bench/perf-record.ts: unlike the V8 profile, time
 * the server is preempted inside a system call does not count);
 * `--statements` prints pg_stat_statements' top queries and the round trips per request (without
 * BENCH_LOAD_PG on a private cluster that preloads it, tests/server/faults/private-postgres.ts;
 * with BENCH_LOAD_PG that server must preload it);
 * `--server-root DIR` seeds and runs the server of another checkout (before/after comparisons).
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { percentile } from './measure'
import { mixData, onDatabase, onServer as onPgServer, runMix, seed } from './load-run'
import { startPrivatePostgres } from '../tests/server/faults/private-postgres'
import { perfAvailable, perfCategories, recordPerf } from './perf-record'
import { SHARED_KEYS, signInByOutbox, startServer } from '../tests/server/faults/server-process'

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    reads: { type: 'string', default: '3' },
    writes: { type: 'string', default: '1' },
    scale: { type: 'string', default: '10' },
    pool: { type: 'string' },
    'cpu-prof': { type: 'string' },
    perf: { type: 'string' },
    'node-flags': { type: 'string' },
    waits: { type: 'boolean', default: false },
    statements: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'server-root': { type: 'string' },
  },
})
/** The PostgreSQL server to run on; with --statements and no BENCH_LOAD_PG, a private cluster started by main(). */
let SERVER_URL = process.env.BENCH_LOAD_PG ?? 'postgres://root@127.0.0.1:5432'
const DB_NAME = 'bench_load'
const onServer = (statement: string) => onPgServer(SERVER_URL, statement)
const mix = { clients: Number(args.clients), reads: Number(args.reads), writes: Number(args.writes) }

/** Sample the wait events of this database's active backends every 20 ms until `stop()`. */
function sampleWaits(databaseUrl: string) {
  const counts = new Map<string, number>()
  let samples = 0
  let running = true
  const client = new pg.Client({ connectionString: databaseUrl })
  const loop = (async () => {
    await client.connect()
    while (running) {
      const { rows } = await client.query<{ w: string; n: number }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event,
        'CPU') AS w, count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()
        AND backend_type = 'client backend' GROUP BY 1`,
        [DB_NAME],
      )
      samples++
      for (const { w, n } of rows) counts.set(w, (counts.get(w) ?? 0) + n)
      await new Promise((r) => setTimeout(r, 20))
    }
    await client.end()
  })()
  return async () => {
    running = false
    await loop
    return { samples, counts: [...counts].sort((a, b) => b[1] - a[1]) }
  }
}

/** CPU seconds (user + system) used so far by process `pid`, from /proc (Linux); 0 when unreadable. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100 || 0
}

/**
 * CPU seconds of the PostgreSQL backends connected to the bench database (the server's pool and
 * listener) from now until `stop()`: their pids are listed every 250 ms, so backends the pool
 * opens during the run count from their start (node-postgres drops a pooled connection after a
 * failed query, e.g. a retried optimistic write); a backend that ends loses at most its last
 * 250 ms. Answers the seconds and how many backends were seen.
 */
function trackBackendCpu(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  /** Per pid: CPU seconds when first seen (0 for a backend started during the run) and when last seen. */
  const seen = new Map<number, { first: number; last: number }>()
  let running = true
  let firstPass = true
  const poll = async () => {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1
      AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      [DB_NAME],
    )
    for (const { pid } of rows) {
      const now = await cpuSeconds(pid)
      const known = seen.get(pid)
      if (known) known.last = Math.max(known.last, now)
      else seen.set(pid, { first: firstPass ? now : 0, last: now })
    }
    firstPass = false
  }
  const started = (async () => {
    await client.connect()
    await poll()
  })()
  const loop = (async () => {
    await started
    while (running) {
      await new Promise((r) => setTimeout(r, 250))
      await poll()
    }
  })()
  return {
    started,
    stop: async () => {
      running = false
      await loop
      await poll()
      await client.end()
      const seconds = [...seen.values()].reduce((sum, { first, last }) => sum + last - first, 0)
      return { seconds, backends: seen.size }
    },
  }
}

async function main() {
  // pg_stat_statements needs shared_preload_libraries, which the shared server does not set: a
  // private cluster (tests/server/faults/private-postgres.ts) that preloads it, removed after.
  const privatePg =
    args.statements && !process.env.BENCH_LOAD_PG
      ? await startPrivatePostgres({
          shared_preload_libraries: "'pg_stat_statements'",
          'pg_stat_statements.track': 'all',
        })
      : undefined
  if (privatePg) SERVER_URL = privatePg.url('postgres').replace(/\/postgres$/, '')
  try {
    await run()
  } finally {
    await privatePg?.destroy()
  }
}

async function run() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-load-'))
  const databaseUrl = `${SERVER_URL}/${DB_NAME}`
  console.log(`Creating ${DB_NAME} and seeding at scale ${args.scale}...`)
  await onServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)
  await onServer(`CREATE DATABASE ${DB_NAME}`)
  process.stdout.write(await seed(databaseUrl, dataDir, args.scale, SHARED_KEYS, args['server-root']))
  if (args.perf && !perfAvailable())
    throw new Error('--perf needs Linux perf on PATH (Debian: apt-get install linux-perf)')
  const nodeArgs = [
    ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : []),
    ...(args.perf ? ['--perf-basic-prof-only-functions'] : []),
  ]
  const nodeFlags = args['node-flags'] === undefined ? undefined : args['node-flags'].split(/\s+/).filter(Boolean)
  if (nodeFlags) console.log(`Server node flags: ${nodeFlags.join(' ') || '(none)'}`)
  const server = await startServer({
    dataDir,
    nodeArgs,
    nodeFlags,
    root: args['server-root'],
    env: {
      DATABASE_URL: databaseUrl,
      ...SHARED_KEYS,
      LOG_LEVEL: 'silent',
      ...(args.pool ? { DATABASE_POOL_SIZE: args.pool } : {}),
    },
  })
  try {
    const token = await signInByOutbox(server)
    const data = await mixData(databaseUrl)

    if (Number(args.warmup) > 0) {
      console.log(`Warm-up ${args.warmup} s...`)
      const warm = runMix({ url: server.url, token, data, seconds: Number(args.warmup), ...mix })
      await warm.done
    }
    const perKind = new Map<string, number[]>()
    const serverPid = server.child.pid ?? 0
    const pgCpu = trackBackendCpu(databaseUrl)
    await pgCpu.started
    const cpuBefore = { server: await cpuSeconds(serverPid) }
    const loadBefore = os.loadavg()
    if (args.statements)
      await onDatabase(
        databaseUrl,
        'CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()',
      )
    const stopWaits = args.waits ? sampleWaits(databaseUrl) : undefined
    if (args.perf) await fs.mkdir(args.perf, { recursive: true })
    const perf = args.perf ? recordPerf(serverPid, path.resolve(args.perf)) : undefined
    console.log(
      `Load: ${args.clients} clients, ${args.duration} s, reads:writes ${args.reads}:${args.writes}, ` +
        `${data.projectIds.length} projects, load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    )
    const { done, failures } = runMix({
      url: server.url,
      token,
      data,
      seconds: Number(args.duration),
      ...mix,
      onLatency: (kind, ms) => {
        const list = perKind.get(kind) ?? []
        list.push(ms)
        perKind.set(kind, list)
      },
    })
    const result = await done
    const perfFile = await perf?.stop()
    const loadAfter = os.loadavg()
    const pgUsed = await pgCpu.stop()
    const cpu = { server: (await cpuSeconds(serverPid)) - cpuBefore.server, pg: pgUsed.seconds }
    const waits = await stopWaits?.()

    const f = (n: number) => n.toFixed(1)
    console.log('\n| kind | share | requests | p50 ms | p99 ms |\n|---|---|---|---|---|')
    const total = [...perKind.values()].reduce((s, l) => s + l.length, 0)
    for (const [kind, list] of [...perKind].sort()) {
      const sorted = [...list].sort((a, b) => a - b)
      console.log(
        `| ${kind} | ${((100 * list.length) / total).toFixed(0)}% | ${list.length} | ` +
          `${f(percentile(sorted, 50))} | ${f(percentile(sorted, 99))} |`,
      )
    }
    console.log(
      `\nOverall (autocannon): ${result.requests.total} requests in ${result.duration} s, ` +
        `${f(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `max ${result.latency.max} ms`,
    )
    console.log(
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, ` +
        `status codes ${JSON.stringify(result.statusCodeStats)}`,
    )
    const perRequest = (seconds: number) => ((1000 * seconds) / result.requests.total).toFixed(2)
    console.log(
      `CPU: server process ${cpu.server.toFixed(1)} s (${perRequest(cpu.server)} ms/request), ` +
        `PostgreSQL backends (${pgUsed.backends}) ${cpu.pg.toFixed(1)} s (${perRequest(cpu.pg)} ms/request)`,
    )
    console.log(
      `load average after ${loadAfter.map((l) => l.toFixed(2)).join(' ')} (${os.availableParallelism()} cores)`,
    )
    if (waits) {
      console.log(`\nPostgreSQL active backends, ${waits.samples} samples (mean per sample):`)
      for (const [w, n] of waits.counts) console.log(`  ${w.padEnd(36)} ${(n / waits.samples).toFixed(2)}`)
    }
    if (args.statements) {
      const top = await onDatabase(
        databaseUrl,
        `SELECT calls, round(total_exec_time::numeric, 0) AS total_ms,
        round(mean_exec_time::numeric, 3) AS mean_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
        FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_exec_time DESC LIMIT 25`,
      )
      console.log('\npg_stat_statements, top 25 by total time:')
      for (const r of top)
        console.log(
          `  ${String(r.calls).padStart(7)} ${String(r.total_ms).padStart(7)} ms ${String(r.mean_ms).padStart(8)} ms/call  ${String(r.query)}`,
        )
      const byCalls = await onDatabase(
        databaseUrl,
        `SELECT calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS query,
        sum(calls) OVER () AS all_calls FROM pg_stat_statements
        WHERE toplevel AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY calls DESC LIMIT 15`,
      )
      const topLevel = Number(byCalls[0]?.all_calls ?? 0)
      console.log(
        `\nTop-level statements (round trips): ${topLevel} in all, ${(topLevel / result.requests.total).toFixed(2)} per request; most called:`,
      )
      for (const r of byCalls) console.log(`  ${String(r.calls).padStart(7)}  ${String(r.query)}`)
    }
    if (perfFile) {
      const { samples, shares } = perfCategories(perfFile)
      console.log(`\nServer on-CPU samples (perf, ${samples}; ${perfFile}), by the innermost frame's category:`)
      for (const [name, share] of shares) console.log(`  ${(100 * share).toFixed(1).padStart(5)}%  ${name}`)
    }
    for (const failure of failures) console.log(`failure: ${failure}`)
    if (result.errors || result.timeouts || result.non2xx) process.exitCode = 1
  } finally {
    const exit = await server.stop('SIGTERM')
    if (exit.code !== 0) console.log(`server exited with ${exit.code ?? exit.signal}:\n${server.log().slice(-2000)}`)
    await fs.rm(dataDir, { recursive: true, force: true })
    if (!args.keep) await onServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
