/**
 * `npm run bench:cluster -- [--clients 32] [--duration 20] [--warmup 3] [--scale 10] [--keep]`
 *
 * One server against two: a fresh database `bench_cluster` on the PostgreSQL
 * server at BENCH_LOAD_PG (default postgres://root@127.0.0.1:5432), seeded by the seed CLI; two
 * real server processes on it (`node --import tsx server/main.ts`, each its own DATA_DIR, the
 * shared JWT_SECRET and DATA_ENCRYPTION_KEY, one shared GIT_DIR); the admin signed in once on the
 * first. Then, for the projects list alone and for the mix of bench/load-mix.ts at 3 reads to 1
 * write, autocannon with `--clients` connections for `--duration` s against: the first server
 * directly, the first server through the round-robin proxy below, and both servers through it
 * (every request to the next server in turn). Prints throughput and p50/p99 side by side; exits 1
 * on any error or non-2xx answer. The proxy is a few lines of node:http with keep-alive upstreams,
 * so "one through the proxy" is the fair baseline of "two through the proxy".
 */
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { KINDS } from './load-mix'
import { mixData, onServer, runMix, seed } from './load-run'
import { SHARED_KEYS, signInByOutbox, startServer, type ServerProcess } from '../tests/server/faults/server-process'

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '32' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    scale: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
  },
})
const SERVER_URL = process.env.BENCH_LOAD_PG ?? 'postgres://root@127.0.0.1:5432'
const DB_NAME = 'bench_cluster'

/**
 * A round-robin HTTP proxy on a free loopback port: each request goes to the next of `upstreams`
 * (base URLs), body and answer streamed, upstream connections kept alive. 502 when one fails.
 */
async function roundRobinProxy(upstreams: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  const targets = upstreams.map((u) => new URL(u))
  let next = 0
  const server = http.createServer((req, res) => {
    const target = targets[next++ % targets.length]
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`proxy: ${error.message}`)
    })
    req.pipe(upstream)
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
        agent.destroy()
      }),
  }
}

type Row = { mix: string; topology: string; rps: number; p50: number; p99: number; errors: number }

async function main() {
  const dataDirs = await Promise.all([1, 2].map((n) => fs.mkdtemp(path.join(os.tmpdir(), `bench-cluster-${n}-`))))
  const gitDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-cluster-git-'))
  const databaseUrl = `${SERVER_URL}/${DB_NAME}`
  console.log(`Creating ${DB_NAME} and seeding at scale ${args.scale}...`)
  await onServer(SERVER_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)
  await onServer(SERVER_URL, `CREATE DATABASE ${DB_NAME}`)
  process.stdout.write(await seed(databaseUrl, dataDirs[0], args.scale, SHARED_KEYS))
  const servers: ServerProcess[] = []
  try {
    for (const dataDir of dataDirs) {
      servers.push(
        await startServer({
          dataDir,
          env: { DATABASE_URL: databaseUrl, ...SHARED_KEYS, GIT_DIR: gitDir, LOG_LEVEL: 'silent' },
        }),
      )
    }
    const token = await signInByOutbox(servers[0])
    const data = await mixData(databaseUrl)
    const clients = Number(args.clients)
    const mixes = [
      { name: 'projects list', reads: 1, writes: 0, kinds: KINDS.filter((k) => k.name === 'GET projects list') },
      { name: 'mix 3 reads : 1 write', reads: 3, writes: 1, kinds: KINDS },
    ]
    const rows: Row[] = []
    for (const mix of mixes) {
      for (const topology of ['one server, direct', 'one server, proxy', 'two servers, proxy']) {
        const proxy = topology.startsWith('two')
          ? await roundRobinProxy(servers.map((s) => s.url))
          : topology.endsWith('proxy')
            ? await roundRobinProxy([servers[0].url])
            : undefined
        const url = proxy?.url ?? servers[0].url
        try {
          const common = { url, token, data, clients, reads: mix.reads, writes: mix.writes, kinds: mix.kinds }
          if (Number(args.warmup) > 0) await runMix({ ...common, seconds: Number(args.warmup) }).done
          const { done, failures } = runMix({ ...common, seconds: Number(args.duration) })
          const result = await done
          const errors = result.errors + result.timeouts + result.non2xx
          rows.push({
            mix: mix.name,
            topology,
            rps: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            errors,
          })
          console.log(
            `${mix.name} / ${topology}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, ` +
              `p99 ${result.latency.p99} ms, errors ${errors}`,
          )
          for (const failure of failures) console.log(`  failure: ${failure}`)
          if (errors) process.exitCode = 1
        } finally {
          await proxy?.close()
        }
      }
    }
    console.log(
      `\n${clients} clients, ${args.duration} s each, ${data.projectIds.length} projects, ${os.availableParallelism()} cores, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    )
    console.log('\n| workload | topology | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|')
    for (const r of rows)
      console.log(`| ${r.mix} | ${r.topology} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`)
  } finally {
    for (const server of servers) {
      const exit = await server.stop('SIGTERM')
      if (exit.code !== 0) console.log(`server exited with ${exit.code ?? exit.signal}:\n${server.log().slice(-2000)}`)
    }
    await Promise.all([...dataDirs, gitDir].map((dir) => fs.rm(dir, { recursive: true, force: true })))
    if (!args.keep) await onServer(SERVER_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
