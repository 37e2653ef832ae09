/**
 * Benchmark: GET /api/admin/audit and /facets over 1,000,000 audit rows on
 * PostgreSQL (a throwaway database at BENCH_PG_URL, dropped afterwards). For each filter shape it
 * prints the plan of the page query (EXPLAIN ANALYZE of the very SQL db/queries/audit.queries.ts
 * runs: which audit_log index serves it, whether anything reads the table sequentially or sorts)
 * and the whole request's p50/p99 through the app (auth, validation, query, JSON). It exits 1 when
 * a filtered first page is not an index scan of audit_log (a Seq Scan of it, or a Sort).
 *
 *   npx tsx bench/audit-list.bench.ts [--rows 1000000] [--requests 20]
 *
 * Data: 10 admins; rows cycle 20 (action, entity type) kinds, ~50,000 distinct entities per type,
 * one row a minute back from now (1,000,000 rows span ~1.9 years), all by one INSERT … SELECT.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { ensureAdmin } from '../server/bootstrap'
import { auditRowsQuery, resolveAuditSearch } from '../server/db/queries/audit.queries'
import { users } from '../server/db/schema'
import { rawRows } from '../server/db/sql'
import { signAccessToken } from '../server/services/access-token'
import type { AuditFilters } from '../src/api/schemas/audit'
import { decodeAuditCursor } from '../server/domain/audit'
import { BENCH_ADMIN_EMAIL, benchApp, createBenchDatabase } from './bench-db'
import { measure } from './measure'

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '20' },
  },
})
const ROWS = Number(args.rows)
const REQUESTS = Number(args.requests)

const KINDS: Array<[string, string]> = [
  ['project.update', 'project'],
  ['project.verify', 'project'],
  ['project.create', 'project'],
  ['project.images.add', 'project'],
  ['project.report.upload', 'project'],
  ['project.delete', 'project'],
  ['project.update', 'project'],
  ['project.verify', 'project'],
  ['user.create', 'user'],
  ['user.profile.update', 'user'],
  ['user.role_change', 'users'],
  ['user.bank_details.update', 'user'],
  ['order.status', 'order'],
  ['order.status', 'order'],
  ['contact.status', 'contact'],
  ['contact.reply', 'contact'],
  ['auth.sign_in', 'user'],
  ['commission.update', 'commission_configs'],
  ['payment.update', 'payments'],
  ['report.download', 'project'],
]

const NONE: AuditFilters = { search: '', entityType: '', entityId: '', actorId: '', action: '', from: '', to: '' }

async function main() {
  const { database, drop } = await createBenchDatabase('postgres', { poolSize: 10 })
  try {
    const db = database.db
    await ensureAdmin(db, BENCH_ADMIN_EMAIL)
    const admins = await db
      .insert(users)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          name: `Bench Admin ${i + 1}`,
          email: `bench-admin-${i + 1}@example.com`,
          isAdmin: true,
        })),
      )
      .returning({ id: users.id })
    const actorIds = admins.map((a) => a.id)
    const kinds = sql.join(
      KINDS.map(([action, type], k) => sql`(${k}::int, ${action}::text, ${type}::text)`),
      sql`, `,
    )
    const started = performance.now()
    await db.execute(sql`INSERT INTO audit_log (actor_id, action, entity_type, entity_id, before, after, ip, created_at)
      SELECT (${sql.raw(`ARRAY[${actorIds.map((id) => `'${id}'`).join(',')}]`)}::uuid[])[1 + (i % 10)], kinds.action, kinds.entity_type,
        md5(kinds.entity_type || (i % 50000))::uuid::text,
        jsonb_build_object('status', 'before-' || (i % 7)), jsonb_build_object('status', 'after-' || (i % 7)), '10.0.0.1',
        now() - (i * interval '1 minute')
      FROM generate_series(1, ${ROWS}) i JOIN (VALUES ${kinds}) AS kinds(k, action, entity_type) ON kinds.k = i % ${KINDS.length}`)
    await db.execute(sql`ANALYZE audit_log`)
    console.log(
      `seeded ${ROWS.toLocaleString('en-IN')} audit rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )

    const [someEntity] = await rawRows<{ entity_id: string }>(
      db,
      sql`SELECT entity_id FROM audit_log WHERE entity_type = 'project' LIMIT 1`,
    )
    const dayMs = 24 * 3600 * 1000
    const istDay = (ms: number) => new Date(Date.now() - ms + 5.5 * 3600 * 1000).toISOString().slice(0, 10)
    const { app, deps } = benchApp(database)
    const [admin] = await rawRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${BENCH_ADMIN_EMAIL}`)
    const token = await signAccessToken(deps.jwtSecret, admin.id, new Date())
    const get = async (query: Record<string, string>) => {
      const res = await app.request(`/api/admin/audit?${new URLSearchParams(query)}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      if (res.status !== 200) throw new Error(`GET /api/admin/audit ${res.status}: ${await res.text()}`)
      return res.json() as Promise<{ pagination: { nextCursor: string | null } }>
    }
    // A cursor half way down the project rows: a deep page.
    let deepCursor = ''
    {
      const [row] = await rawRows<{ at: string; id: string }>(
        db,
        sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id::text AS id
        FROM audit_log WHERE entity_type = 'project' ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(ROWS * 0.25)} LIMIT 1`,
      )
      deepCursor = Buffer.from(`${row.at}|${row.id}`).toString('base64url')
    }
    const shapes: Array<[string, Partial<AuditFilters> & { cursor?: string }]> = [
      ['no filter', {}],
      ['entity type', { entityType: 'project' }],
      ['one record', { entityType: 'project', entityId: someEntity.entity_id }],
      ['one admin', { actorId: actorIds[3] }],
      ['exact action', { action: 'order.status' }],
      ['action family', { action: 'contact.' }],
      ['action prefix', { action: 'project.report.' }],
      ['IST week', { from: istDay(200 * dayMs), to: istDay(193 * dayMs) }],
      ['user,users', { entityType: 'user,users' }],
      ['admin + family', { actorId: actorIds[5], action: 'project.' }],
      ['deep page, entity type', { entityType: 'project', cursor: deepCursor }],
      ['search: action', { search: 'bank_details' }],
      ['search: admin e-mail', { search: 'bench-admin-7@' }],
      ['search: no match', { search: 'nothing matches this' }],
      ['search: part of a record id', { search: someEntity.entity_id.slice(0, 13) }],
    ]
    let failed = false
    console.log(
      '\n| filter | index of audit_log | seq scan | sort | plan ms | request p50 ms | p99 ms |\n|---|---|---|---|---|---|---|',
    )
    for (const [name, shape] of shapes) {
      const filters = { ...NONE, ...shape }
      const position = shape.cursor ? (decodeAuditCursor(shape.cursor) ?? undefined) : undefined
      const search = filters.search ? await resolveAuditSearch(db, filters.search) : undefined
      const query = auditRowsQuery(db, filters, search, position, 51)
      const plan = (await rawRows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query.getSQL()}`)).map(
        (r) => r['QUERY PLAN'],
      )
      const text = plan.join('\n')
      const indexes = [
        ...new Set(
          [
            ...text.matchAll(
              /(?:Index (?:Only )?Scan(?: Backward)? using (audit_\w+) on audit_log|Bitmap Index Scan on (audit_\w+))/g,
            ),
          ].map((m) => m[1] ?? m[2]),
        ),
      ]
      const seq = /Seq Scan on audit_log/.test(text)
      const sort = /\bSort\b/.test(
        text
          .split('\n')
          .filter((l) => !/Sort Key|Sort Method/.test(l))
          .join('\n'),
      )
      const ms = Number(text.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? NaN)
      const query2: Record<string, string> = Object.fromEntries(Object.entries(shape).filter(([, v]) => v))
      const latency = await measure(
        REQUESTS,
        async () => {
          await get(query2)
        },
        3,
      )
      const searching = !!shape.search
      if (!searching && (seq || !indexes.length)) failed = true
      console.log(
        `| ${name} | ${indexes.join(', ') || '—'} | ${seq ? 'yes' : 'no'} | ${sort ? 'yes' : 'no'} | ${ms.toFixed(2)} | ${latency.p50.toFixed(2)} | ${latency.p99.toFixed(2)} |`,
      )
      if (process.env.BENCH_PLANS) console.log(text)
    }
    const facets = await measure(
      REQUESTS,
      async () => {
        const res = await app.request('/api/admin/audit/facets', { headers: { authorization: `Bearer ${token}` } })
        if (res.status !== 200) throw new Error(`facets ${res.status}`)
        await res.json()
      },
      3,
    )
    console.log(`\nfacets: p50 ${facets.p50.toFixed(2)} ms, p99 ${facets.p99.toFixed(2)} ms`)
    if (failed) {
      console.error('\nA filtered page is not served by an index of audit_log')
      process.exitCode = 1
    }
  } finally {
    await database.close()
    await drop()
  }
}

await main()
