/**
 * Benchmark: the contacts list and stats (GET /api/contacts, GET /api/contacts/stats)
 * over 100,000 contacts at 1 and 32 concurrent clients, on PostgreSQL and PGlite. Prints p50/p99
 * in ms, req/s and cache hits per kind of request, and the contacts' status mix. Each run uses its
 * own throwaway database (a random database on the PostgreSQL server at BENCH_PG_URL, dropped
 * afterwards; an in-memory PGlite).
 *
 *   npx tsx bench/contacts-list.bench.ts [--contacts 100000] [--requests 2000] [--cold 40]
 *     [--distinct 60] [--only postgres|pglite] [--pool N]
 *
 * Data: bench/contacts-list-data.ts (the demo seed at scale 0.5, then the contacts by one INSERT …
 * SELECT generate_series). Times the whole app in-process (createApp + app.request with a signed
 * access token: auth, routing, validation, queries, JSON), with table versions kept from NOTIFY as
 * `npm start` does, and the server's default pool unless --pool.
 *
 * Rows, each at 1 and 32 clients (closed loop: a client sends its next request when it has an
 * answer):
 * - "repeated: <kind>": `--requests` requests cycling the kind's URLs (KINDS: first page, a status
 *   filter, a search, a deep page, stats), then "repeated: all five" cycling all of them. After
 *   the warm-up these are what the caches serve.
 * - "cold: <kind>": `--cold` rounds of: one contact's status changed by an UPDATE (untimed; the
 *   process is told, as after its own writes, so every cached contacts page and the stats are
 *   stale), then the kind's first request(s) after it are timed: one request at 1 client, 32 at
 *   once (cycling the kind's URLs) at 32 clients.
 * - "new: search (+ status)": every request a search never asked before (`--distinct` per row).
 * Each row also gives the process's CPU time over the row's wall time and its GC pauses (see
 * processShare): on a shared machine they tell a tail caused by other processes from one caused
 * by the app.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PerformanceObserver } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import v8 from 'node:v8'
import vm from 'node:vm'
import { sql } from 'drizzle-orm'
import { ensureAdmin } from '../server/bootstrap'
import { rawRows } from '../server/db/sql'
import { createApp, type App } from '../server/app'
import type { AppConfig } from '../server/deps'
import { signAccessToken } from '../server/services/access-token'
import { loadEnv } from '../server/env'
import { TableVersions } from '../server/services/table-versions'
import { BENCH_ADMIN_EMAIL, createBenchDatabase, type DatabaseKind } from './bench-db'
import { percentile } from './measure'
import { insertBenchContacts } from './contacts-list-data'

const { values: args } = parseArgs({
  options: {
    contacts: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '2000' },
    cold: { type: 'string', default: '40' },
    distinct: { type: 'string', default: '60' },
    only: { type: 'string' },
    pool: { type: 'string' },
  },
})
// The generated rows are garbage once written: collected before timing.
v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

const list = (q: string) => `/api/contacts${q ? `?${q}` : ''}`
/** The repeated views of the screen, by kind. Deep pages: 100,000 contacts are 5,000 pages of 20. */
export const KINDS: Record<string, string[]> = {
  'first page': [list('')],
  'status filter': [list('status=new'), list('status=replied')],
  search: [list('search=refund'), list('search=gmail'), list('search=kumar&status=new')],
  'deep page': [list('page=2500'), list('status=read&page=1000')],
  stats: ['/api/contacts/stats'],
}
const ALL = Object.values(KINDS).flat()

const NEW_TERMS = [
  'sharma',
  'singh',
  'patel',
  'priya',
  'reddy',
  'iyer',
  'nair',
  'gupta',
  'mehta',
  'joshi',
  'rao',
  'verma',
  'khan',
  'arjun',
  'devi',
  'aditi',
  'rahul',
  'pooja',
  'anand',
  'invoice',
  'gst',
  'demo',
  'install',
  'windows',
  'mysql',
  'otp',
  'report',
  'yahoo.co',
  'outlook',
  'hotmail',
  'rediffmail',
  'upi',
  'chrome',
  'licence',
  'feature',
  'video',
]
const STATUSES = ['', 'new', 'read', 'replied', 'archived']

/** `2n` search URLs, none among the repeated ones: terms × status, then numbered e-mail fragments. */
function newSearchUrls(n: number): string[] {
  const urls = NEW_TERMS.flatMap((t) =>
    STATUSES.map((s) => list(`search=${encodeURIComponent(t)}${s ? `&status=${s}` : ''}`)),
  )
  for (let i = 0; urls.length < 2 * n; i++) urls.push(list(`search=.${(i * 7_919) % 100_000}%40`))
  const unique = [...new Set(urls)].filter((u) => !ALL.includes(u))
  // Interleave so that both halves (1 and 32 clients) get a mix of terms and statuses.
  const shuffled = unique
    .map((u, i) => [((i * 2_654_435_761) >>> 0) % 1_000_003, u] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, u]) => u)
  if (shuffled.length < 2 * n) throw new Error(`only ${shuffled.length} distinct searches for --distinct ${n}`)
  return shuffled.slice(0, 2 * n)
}

type Result = { p50: number; p99: number; rps: number; hits: string; n: number; process: string }

/**
 * What the process got while a row ran: its CPU time (user + system) over the wall time, and the
 * longest and total garbage-collection pause. Cache hits never wait on I/O, so a CPU share well
 * under 100% during a hit row means the process was runnable but the OS ran other processes on
 * the 2 cores; each such stall, like a GC pause, delays every request in flight (up to 32) at once,
 * which is what a p99 at 32 clients shows.
 */
function processShare() {
  const cpu = process.cpuUsage()
  const started = performance.now()
  let gcMax = 0
  let gcTotal = 0
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMax = Math.max(gcMax, e.duration)
      gcTotal += e.duration
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  return async () => {
    const used = process.cpuUsage(cpu)
    const share = (used.user + used.system) / 1000 / (performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 20)) // GC entries are delivered on a later turn
    observer.disconnect()
    return `${Math.round(100 * share)}% | ${gcMax.toFixed(1)} / ${gcTotal.toFixed(0)}`
  }
}

function summary(latencies: number[], hits: number, seconds: number, process: string): Result {
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    hits: `${Math.round((100 * hits) / Math.max(1, latencies.length))}%`,
    n: latencies.length,
    process,
  }
}

/** One timed GET; throws on any answer but 200. `hit` when the answer came from a cache (x-cache: hit). */
async function get(app: App, authorization: string, url: string): Promise<{ ms: number; hit: boolean }> {
  const started = performance.now()
  const res = await app.request(url, { headers: { authorization } })
  // Read as bytes, as a socket would send them (no UTF-8 decoding of 20 rows into strings per request).
  const body = await res.arrayBuffer()
  const ms = performance.now() - started
  if (res.status !== 200) throw new Error(`${url} → ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`)
  return { ms, hit: res.headers.get('x-cache') === 'hit' }
}

/** `total` requests from `clients` concurrent loops cycling `urls`. */
async function run(app: App, authorization: string, clients: number, total: number, urls: string[]): Promise<Result> {
  const latencies: number[] = []
  let next = 0
  let hits = 0
  const client = async () => {
    while (next < total) {
      const n = next++
      const r = await get(app, authorization, urls[n % urls.length])
      latencies.push(r.ms)
      if (r.hit) hits++
    }
  }
  const share = processShare()
  const started = performance.now()
  await Promise.all(Array.from({ length: clients }, client))
  return summary(latencies, hits, (performance.now() - started) / 1000, await share())
}

/** `rounds` × (a write, untimed; then `clients` requests at once cycling `urls`, timed). */
async function cold(
  app: App,
  authorization: string,
  clients: number,
  rounds: number,
  urls: string[],
  write: (round: number) => Promise<void>,
): Promise<Result> {
  const latencies: number[] = []
  let hits = 0
  let seconds = 0
  const share = processShare()
  for (let round = 0; round < rounds; round++) {
    await write(round)
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: clients }, (_, i) => get(app, authorization, urls[(round + i) % urls.length])),
    )
    seconds += (performance.now() - started) / 1000
    for (const a of answers) {
      latencies.push(a.ms)
      if (a.hit) hits++
    }
  }
  return summary(latencies, hits, seconds, await share())
}

async function bench(kind: DatabaseKind) {
  const { database, drop } = await createBenchDatabase(kind, {
    prefix: 'bench_contacts',
    poolSize: args.pool ? Number(args.pool) : undefined,
  })
  try {
    const count = Number(args.contacts)
    const seeded = performance.now()
    await ensureAdmin(database.db, BENCH_ADMIN_EMAIL)
    await insertBenchContacts(database, count, {
      adminEmail: BENCH_ADMIN_EMAIL,
      dataKey: crypto.createSecretKey(crypto.randomBytes(32)),
    })
    const seconds = ((performance.now() - seeded) / 1000).toFixed(1)
    const [admin] = await rawRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE lower(email) = ${BENCH_ADMIN_EMAIL}`,
    )
    const mix = await rawRows<{ status: string; n: number; with_project: number; avg_message: number }>(
      database.db,
      sql`SELECT status::text, count(*)::int AS n, count(project_id)::int AS with_project, round(avg(length(message)))::int AS avg_message
        FROM contacts GROUP BY status ORDER BY status`,
    )
    const total = mix.reduce((s, m) => s + m.n, 0)
    console.log(
      `${kind}: ${total} contacts seeded in ${seconds} s (demo seed at scale 0.5 included); per status: ${mix
        .map((m) => `${m.status} ${m.n} (${m.with_project} with a project, message ${m.avg_message} chars on average)`)
        .join(', ')}`,
    )
    // As `npm start` runs it: table versions kept in memory from NOTIFY (decision 004).
    const versions = new TableVersions(database.db)
    await versions.listen(database)
    const deps: AppConfig = {
      db: database.db,
      env: loadEnv({ SEED: 'none', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-contacts-')) }),
      jwtSecret: new Uint8Array(32),
      mailer: { send: async () => {} },
      now: () => new Date(),
      versions,
    }
    const app = createApp(deps)
    const authorization = `Bearer ${await signAccessToken(deps.jwtSecret, admin.id, new Date())}`
    await run(app, authorization, 8, 300, ALL) // warm-up: JIT, the pool's connections, the caches
    collectGarbage()
    const rows: string[] = []
    const row = (clients: number, what: string, r: Result) =>
      rows.push(
        `| ${kind} | ${clients} | ${what} | ${r.n} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.hits} | ${r.process} |`,
      )
    const requests = Number(args.requests)
    for (const [what, urls] of [...Object.entries(KINDS), ['all five', ALL] as const]) {
      for (const clients of [1, 32])
        row(clients, `repeated: ${what}`, await run(app, authorization, clients, requests, urls))
    }
    // A write of the kind an admin makes from the list: one contact's status (and so the counts) changes.
    const ids = (
      await rawRows<{ id: string }>(database.db, sql`SELECT id FROM contacts ORDER BY random() LIMIT 500`)
    ).map((r) => r.id)
    const write = async (round: number) => {
      await database.db
        .execute(sql`UPDATE contacts SET status = (CASE WHEN status = 'new' THEN 'read' ELSE 'new' END)::contact_status,
        updated_at = now() WHERE id = ${ids[round % ids.length]}`)
      versions.invalidate() // as the app's own writes do: the next request reads the new version
    }
    const rounds = Number(args.cold)
    for (const [what, urls] of Object.entries(KINDS)) {
      for (const clients of [1, 32])
        row(
          clients,
          `cold (first after a write): ${what}`,
          await cold(app, authorization, clients, rounds, urls, write),
        )
    }
    const distinct = Number(args.distinct)
    const fresh = newSearchUrls(distinct)
    for (const [i, clients] of [1, 32].entries()) {
      row(
        clients,
        'new: search (+ status), never asked before',
        await run(app, authorization, clients, distinct, fresh.slice(i * distinct, (i + 1) * distinct)),
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
  '| database | clients | requests | n | p50 ms | p99 ms | req/s | cache hits | process CPU / wall | GC max / total ms |',
  '|---|---|---|---|---|---|---|---|---|---|',
]
for (const kind of kinds) table.push(...(await bench(kind)))
console.log(`\nCommand: npx tsx bench/contacts-list.bench.ts ${process.argv.slice(2).join(' ')}`.trimEnd())
console.log(
  `Date: ${new Date().toISOString()}; ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
console.log(
  `\ncontacts list (limit 20) and stats, ${args.contacts} contacts, ${args.requests} repeated requests per row, ${args.cold} cold rounds, ${args.distinct} new searches per row`,
)
for (const [what, urls] of Object.entries(KINDS)) console.log(`  ${what}: ${urls.join(', ')}`)
console.log(table.join('\n'))
