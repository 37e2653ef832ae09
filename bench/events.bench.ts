/**
 * `npm run bench:events -- [--sse 100] [--clients 50] [--duration 20] [--pairs 2] [--scale 10]`
 *
 * Live events under load (decision 044): the real server process on a fresh PostgreSQL database
 * `bench_events` (BENCH_LOAD_PG, default postgres://root@127.0.0.1:5432), seeded like the load
 * bench, runs the 3:1 request mix of bench/load-mix.ts with `--clients` connections for
 * `--duration` s, alternately without and with `--sse` open event streams (bench/events-streams.ts,
 * a process of its own), `--pairs` times. During the runs with streams
 * a probe edits a project of its own once a second; the delivery latency of each probe change is
 * the time from sending its PUT to its arrival at each stream (an upper bound: it includes the
 * write) and from the PUT's answer (a lower bound: the commit came before the answer). Prints throughput per run, the mean of each side and the latency
 * p50/p99/max over every (change, stream) pair, and where the CPU went (pidusage): the server
 * process's CPU time per 1,000 answered requests and the stream readers' share of a core, since
 * on one machine the readers compete with the server for its cores. Exits 1 when a stream misses
 * a probe change.
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pidusage from 'pidusage'
import { percentile } from './measure'
import { mixData, onDatabase, onServer as onPgServer, runMix, seed } from './load-run'
import { SHARED_KEYS, signInByOutbox, startServer } from '../tests/server/faults/server-process'

const { values: args } = parseArgs({
  options: {
    sse: { type: 'string', default: '100' },
    clients: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    pairs: { type: 'string', default: '2' },
    scale: { type: 'string', default: '10' },
  },
})
const SERVER_URL = process.env.BENCH_LOAD_PG ?? 'postgres://root@127.0.0.1:5432'
const DB_NAME = 'bench_events'
const epochMs = () => performance.timeOrigin + performance.now()

/** `count` open streams in a child process (bench/events-streams.ts); `arrivals()` lists, per stream, when each probe change arrived (epoch ms). */
async function openStreams(url: string, token: string, count: number, entityId: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/events-streams.ts', url, token, String(count), entityId],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const arrivals: number[][] = Array.from({ length: count }, () => [])
  let buffered = ''
  let ready: () => void = () => {}
  const opened = new Promise<void>((resolve) => (ready = resolve))
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) {
      if (line === 'ready') ready()
      else {
        const [index, at] = line.split(' ').map(Number)
        arrivals[index].push(at)
      }
    }
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  const started = await pidusage(child.pid!)
  await Promise.race([opened, exited.then(() => Promise.reject(new Error('the streams process ended early')))])
  return {
    arrivals: () => arrivals.map((a) => [...a]),
    /** CPU time (ms) the readers used since they started. */
    cpuMs: async () => (await pidusage(child.pid!)).ctime - started.ctime,
    close: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** Edit `projectId` once a second until `stop()`; answers when each PUT was sent and answered (epoch ms). */
function probe(url: string, token: string, projectId: string) {
  const sent: number[] = []
  const answered: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      sent.push(epochMs())
      const res = await fetch(`${url}/api/projects/${projectId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Probe ${sent.length}` }),
      })
      if (!res.ok) throw new Error(`probe PUT answered ${res.status}`)
      await res.arrayBuffer()
      answered.push(epochMs())
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - started))))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return { sent, answered }
    },
  }
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-events-'))
  const databaseUrl = `${SERVER_URL}/${DB_NAME}`
  console.log(`Creating ${DB_NAME} and seeding at scale ${args.scale}...`)
  await onPgServer(SERVER_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)
  await onPgServer(SERVER_URL, `CREATE DATABASE ${DB_NAME}`)
  process.stdout.write(await seed(databaseUrl, dataDir, args.scale, SHARED_KEYS))
  const server = await startServer({
    dataDir,
    env: { DATABASE_URL: databaseUrl, ...SHARED_KEYS, LOG_LEVEL: 'silent' },
  })
  try {
    const token = await signInByOutbox(server)
    const data = await mixData(databaseUrl)
    // The probe's own project, outside the mix's ids, so every change of it is a probe write.
    const probeId = crypto.randomUUID()
    await onDatabase(
      databaseUrl,
      `INSERT INTO projects (id, title, description) VALUES ('${probeId}', 'Probe', 'Probe')`,
    )
    const mix = { url: server.url, token, data, clients: Number(args.clients), reads: 3, writes: 1 }
    await runMix({ ...mix, seconds: 5 }).done
    const throughput: Record<'without' | 'with', number[]> = { without: [], with: [] }
    /** Server CPU ms per 1,000 answered requests, per run. */
    const serverCpu: Record<'without' | 'with', number[]> = { without: [], with: [] }
    const serverCpuMs = async () => (await pidusage(server.child.pid!)).ctime
    /** Per (probe change, stream): from its PUT sent, and from its PUT answered (the commit lies between). */
    const latencies = { sent: [] as number[], answered: [] as number[] }
    let missed = 0
    for (let pair = 0; pair < Number(args.pairs); pair++) {
      for (const side of ['without', 'with'] as const) {
        const streams = side === 'with' ? await openStreams(server.url, token, Number(args.sse), probeId) : undefined
        const writer = streams ? probe(server.url, token, probeId) : undefined
        const cpuBefore = await serverCpuMs()
        const readersBefore = (await streams?.cpuMs()) ?? 0
        const { done, failures } = runMix({ ...mix, seconds: Number(args.duration) })
        const result = await done
        const { sent, answered } = (await writer?.stop()) ?? { sent: [], answered: [] }
        const perThousand = ((await serverCpuMs()) - cpuBefore) / (result.requests.total / 1000)
        const readersShare = streams ? ((await streams.cpuMs()) - readersBefore) / (Number(args.duration) * 1000) : 0
        serverCpu[side].push(perThousand)
        if (streams) {
          // Let the last probe change arrive before counting.
          await new Promise((r) => setTimeout(r, 2000))
          for (const times of streams.arrivals())
            sent.forEach((at, i) => {
              if (times[i] === undefined) return void missed++
              latencies.sent.push(times[i] - at)
              latencies.answered.push(times[i] - answered[i])
            })
          await streams.close()
        }
        if (failures.length) throw new Error(`non-2xx answers: ${failures.join('\n')}`)
        throughput[side].push(result.requests.average)
        console.log(
          `${side === 'with' ? `with ${args.sse} streams` : 'without streams'}: ${result.requests.average.toFixed(1)} req/s, ` +
            `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}` +
            `, server CPU ${perThousand.toFixed(0)} ms per 1,000 requests` +
            (streams ? `, ${sent.length} probe changes, readers ${(100 * readersShare).toFixed(0)}% of a core` : ''),
        )
      }
    }
    const mean = (list: number[]) => list.reduce((s, n) => s + n, 0) / list.length
    const sorted = [...latencies.sent].sort((a, b) => a - b)
    const fromAnswer = [...latencies.answered].sort((a, b) => a - b)
    console.log(
      `\nThroughput: without ${mean(throughput.without).toFixed(1)} req/s, with ${args.sse} streams ` +
        `${mean(throughput.with).toFixed(1)} req/s (${((100 * mean(throughput.with)) / mean(throughput.without) - 100).toFixed(1)}%)`,
    )
    console.log(
      `Server CPU per 1,000 requests: without ${mean(serverCpu.without).toFixed(0)} ms, with ${args.sse} streams ` +
        `${mean(serverCpu.with).toFixed(0)} ms (${((100 * mean(serverCpu.with)) / mean(serverCpu.without) - 100).toFixed(1)}%)`,
    )
    console.log(
      `Delivery, ${sorted.length} (change, stream) pairs, missed ${missed}: from the PUT sent p50 ` +
        `${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms; ` +
        `from its answer p50 ${percentile(fromAnswer, 50).toFixed(1)} ms, p99 ${percentile(fromAnswer, 99).toFixed(1)} ms`,
    )
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${os.availableParallelism()} cores)`,
    )
    if (missed) process.exitCode = 1
  } finally {
    await server.stop('SIGTERM')
    await onPgServer(SERVER_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {})
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
