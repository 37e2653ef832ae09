/**
 * Benchmark: GET /api/projects, page 20 with a search term and two filters, over
 * 100,000 projects, at 1 and 32 concurrent clients, on PGlite and on PostgreSQL. Prints p50/p99
 * in ms and the EXPLAIN ANALYZE of one list + count query. Each run uses its own throwaway
 * database (a random database on the PostgreSQL server at BENCH_PG_URL, an in-memory PGlite).
 *
 *   npx tsx bench/projects-list.bench.ts [--projects 100000] [--requests 240] [--only postgres|pglite] [--pool N]
 *
 * Times the whole app in-process (createApp + app.request with a signed access token: auth,
 * routing, validation, queries, JSON), with table versions kept from NOTIFY as `npm start` does.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { createApp, type App } from '../server/app'
import type { AppConfig } from '../server/deps'
import { signAccessToken } from '../server/services/access-token'
import { loadEnv } from '../server/env'
import type { Database } from '../server/db/client'
import { TableVersions } from '../server/services/table-versions'
import { createBenchDatabase } from './bench-db'
import { percentile } from './measure'
import { BENCH_QUERIES, distinctBenchQueries, insertBenchProjects } from './projects-list-data'

const { values: args } = parseArgs({
  options: {
    projects: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '240' },
    only: { type: 'string' },
    pool: { type: 'string' },
  },
})

/**
 * `total` list requests from `clients` concurrent loops; latency per list request in ms. With
 * `writes`, every `writes.every`-th request is instead a PUT of one project's discount through
 * the API (an admin at work: it invalidates every cached page); writes are not timed.
 */
async function run(
  app: App,
  authorization: string,
  clients: number,
  total: number,
  queries: string[],
  writes?: { every: number; ids: string[] },
) {
  const latencies: number[] = []
  let next = 0
  let hits = 0
  const client = async () => {
    while (next < total) {
      const n = next++
      if (writes && n % writes.every === writes.every - 1) {
        const res = await app.request(`/api/projects/${writes.ids[n % writes.ids.length]}`, {
          method: 'PUT',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ discount: n % 40 }),
        })
        if (res.status !== 200) throw new Error(`PUT → ${res.status}`)
        continue
      }
      const url = queries[n % queries.length]
      const started = performance.now()
      const res = await app.request(url, { headers: { authorization } })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${url} → ${res.status}`)
      if (res.headers.get('x-cache') === 'hit') hits++
      latencies.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: clients }, client))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    hits: `${Math.round((100 * hits) / latencies.length)}%`,
  }
}

async function explain(database: Database) {
  const where = sql`is_active = true AND category = 'Web Development' AND verification_status = 'approved'
    AND search_text LIKE '%react%'`
  // A search reads project_search (migration 0029): its page ids and its count, as projects-list.queries.ts does.
  for (const query of [
    sql`EXPLAIN ANALYZE SELECT * FROM projects WHERE id IN (SELECT project_id FROM project_search WHERE ${where}
      ORDER BY created_at DESC, project_id DESC LIMIT 20) ORDER BY created_at DESC, id DESC`,
    sql`EXPLAIN ANALYZE SELECT count(*) FROM project_search WHERE ${where}`,
  ]) {
    const result = (await database.db.execute(query)) as unknown as { rows: Record<string, string>[] }
    console.log(result.rows.map((r) => `    ${Object.values(r)[0]}`).join('\n'))
  }
}

async function bench(kind: 'pglite' | 'postgres') {
  const { database, drop } = await createBenchDatabase(kind, {
    prefix: 'bench_projects',
    poolSize: args.pool ? Number(args.pool) : undefined,
  })
  try {
    const count = Number(args.projects)
    const seeded = performance.now()
    await insertBenchProjects(database.db, count)
    const [admin] = (
      (await database.db.execute(sql`INSERT INTO users (id, name, email, is_admin)
      VALUES (gen_random_uuid(), 'Bench', 'bench@example.com', true) RETURNING *`)) as unknown as { rows: never[] }
    ).rows
    console.log(`${kind}: ${count} projects inserted in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
    // As `npm start` runs it: table versions kept in memory from NOTIFY (decision 004).
    const versions = new TableVersions(database.db)
    await versions.listen(database)
    const deps: AppConfig = {
      db: database.db,
      env: loadEnv({ SEED: 'none', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-')) }),
      jwtSecret: new Uint8Array(32),
      mailer: { send: async () => {} },
      now: () => new Date(),
      versions,
    }
    const app = createApp(deps)
    const authorization = `Bearer ${await signAccessToken(deps.jwtSecret, (admin as { id: string }).id, new Date())}`
    await explain(database)
    await run(app, authorization, 8, 600, BENCH_QUERIES) // warm-up: JIT and the pool's connections
    const rows: string[] = []
    const total = Number(args.requests)
    for (const clients of [1, 32]) {
      const r = await run(app, authorization, clients, total, BENCH_QUERIES)
      rows.push(
        `| ${kind} | ${clients} | repeated queries (page cache hits) | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.hits} |`,
      )
    }
    // The same views while an admin writes: one PUT per 100 requests invalidates every page.
    const ids = (
      (await database.db.execute(sql`SELECT id FROM projects ORDER BY random() LIMIT 500`)) as unknown as {
        rows: { id: string }[]
      }
    ).rows.map((r) => r.id)
    for (const clients of [1, 32]) {
      const r = await run(app, authorization, clients, total, BENCH_QUERIES, { every: 100, ids })
      rows.push(
        `| ${kind} | ${clients} | repeated queries, 1 write per 100 requests | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.hits} |`,
      )
    }
    // Every request a new filter combination: each one runs the exact count(*).
    const distinctTotal = Math.min(total, 240)
    const distinct = distinctBenchQueries(2 * distinctTotal)
    for (const [i, clients] of [1, 32].entries()) {
      const r = await run(
        app,
        authorization,
        clients,
        distinctTotal,
        distinct.slice(i * distinctTotal, (i + 1) * distinctTotal),
      )
      rows.push(
        `| ${kind} | ${clients} | new filters (page and count computed) | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.hits} |`,
      )
    }
    await versions.close()
    return rows
  } finally {
    await database.close()
    await drop()
  }
}

const kinds = (['postgres', 'pglite'] as const).filter((k) => !args.only || args.only === k)
const table = [
  '| database | clients | queries | p50 ms | p99 ms | req/s | cache hits |',
  '|---|---|---|---|---|---|---|',
]
for (const kind of kinds) table.push(...(await bench(kind)))
console.log(`\nlist projects, page 20, search + category + verificationStatus, ${args.projects} projects`)
console.log(table.join('\n'))
