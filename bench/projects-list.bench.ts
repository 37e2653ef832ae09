/**
 * Benchmark (issue 3): GET /api/projects, page 20 with a search term and two filters, over
 * 100,000 projects, at 1 and 32 concurrent clients, on PGlite and on PostgreSQL. Prints p50/p99
 * in ms and the EXPLAIN ANALYZE of one list + count query. Each run uses its own throwaway
 * database (a random database on the PostgreSQL server at BENCH_PG_URL, an in-memory PGlite).
 *
 *   npx tsx bench/projects-list.bench.ts [--projects 100000] [--requests 240] [--only postgres|pglite]
 *
 * Times the projects route handler in-process (app.request: routing, validation, queries, JSON),
 * with the admin already resolved; auth adds one primary-key lookup per request.
 */
import crypto from 'node:crypto'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import pg from 'pg'
import { openDatabase, type Database } from '../server/db/client'
import type { AppDeps, AppEnv } from '../server/deps'
import { loadEnv } from '../server/env'
import { projectsRoutes } from '../server/routes/projects.routes'
import { BENCH_QUERIES, distinctBenchQueries, insertBenchProjects } from './projects-list-data'

const { values: args } = parseArgs({ options: {
  projects: { type: 'string', default: '100000' }, requests: { type: 'string', default: '240' },
  only: { type: 'string' },
} })
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test'

async function open(kind: 'pglite' | 'postgres'): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { database: await openDatabase({ memory: true }), drop: async () => {} }
  const name = `bench_projects_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(PG_URL)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 32 })
  return { database, drop: async () => {
    const client = new pg.Client({ connectionString: PG_URL })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.end()
  } }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** `total` requests from `clients` concurrent loops; latency per request in ms. */
async function run(app: Hono<AppEnv>, clients: number, total: number, queries: string[]) {
  const latencies: number[] = []
  let next = 0
  const client = async () => {
    while (next < total) {
      const url = queries[next++ % queries.length]
      const started = performance.now()
      const res = await app.request(url)
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${url} → ${res.status}`)
      latencies.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: clients }, client))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: total / seconds }
}

async function explain(database: Database) {
  const where = sql`is_active = true AND category = 'Web Development' AND verification_status = 'approved'
    AND search_text LIKE '%react%'`
  for (const query of [
    sql`EXPLAIN ANALYZE SELECT * FROM projects WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 20`,
    sql`EXPLAIN ANALYZE SELECT count(*) FROM projects WHERE ${where}`,
  ]) {
    const result = (await database.db.execute(query)) as unknown as { rows: Record<string, string>[] }
    console.log(result.rows.map((r) => `    ${Object.values(r)[0]}`).join('\n'))
  }
}

async function bench(kind: 'pglite' | 'postgres') {
  const { database, drop } = await open(kind)
  try {
    const count = Number(args.projects)
    const seeded = performance.now()
    await insertBenchProjects(database.db, count)
    const [admin] = (await database.db.execute(sql`INSERT INTO users (id, name, email, is_admin)
      VALUES (gen_random_uuid(), 'Bench', 'bench@example.com', true) RETURNING *`) as unknown as { rows: never[] }).rows
    console.log(`${kind}: ${count} projects inserted in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
    const deps: AppDeps = { db: database.db, env: loadEnv({ SEED: 'none' }), jwtSecret: new Uint8Array(32),
      mailer: { send: async () => {} }, now: () => new Date() }
    const app = new Hono<AppEnv>()
    app.use('*', async (c, next) => { c.set('admin', admin); await next() })
    app.route('/api/projects', projectsRoutes(deps))
    await explain(database)
    await run(app, 8, 600, BENCH_QUERIES) // warm-up: JIT and the pool's connections
    const rows: string[] = []
    const total = Number(args.requests)
    for (const clients of [1, 32]) {
      const r = await run(app, clients, total, BENCH_QUERIES)
      rows.push(`| ${kind} | ${clients} | repeated filters (count cached) | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} |`)
    }
    // Every request a new filter combination: each one runs the exact count(*).
    const distinctTotal = Math.min(total, 240)
    const distinct = distinctBenchQueries(2 * distinctTotal)
    for (const [i, clients] of [1, 32].entries()) {
      const r = await run(app, clients, distinctTotal, distinct.slice(i * distinctTotal, (i + 1) * distinctTotal))
      rows.push(`| ${kind} | ${clients} | new filters (count computed) | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} |`)
    }
    return rows
  } finally {
    await database.close()
    await drop()
  }
}

const kinds = (['postgres', 'pglite'] as const).filter((k) => !args.only || args.only === k)
const table = ['| database | clients | queries | p50 ms | p99 ms | req/s |', '|---|---|---|---|---|---|']
for (const kind of kinds) table.push(...(await bench(kind)))
console.log(`\nlist projects, page 20, search + category + verificationStatus, ${args.projects} projects`)
console.log(table.join('\n'))
