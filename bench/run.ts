/**
 * `npm run bench -- [--only dashboard|sign-in] [--scale 1,10] [--db pglite,postgres] [--iterations 200]`
 *
 * For each database and scale: a throwaway database, the demo seed at that scale (timed), then
 * the selected benchmarks in-process through createApp. Prints one markdown table to paste into
 * BENCHMARKS.md, with the command, date and machine. Sign-in runs once per database (at the first
 * scale): its cost does not depend on the data set. The projects-list benchmark is a
 * separate script (bench/projects-list.bench.ts).
 */
import crypto from 'node:crypto'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { seedDemo } from '../server/db/seed/seed'
import { BENCH_ADMIN_EMAIL, openBenchDatabase, type DatabaseKind } from './bench-db'
import { benchDashboard } from './dashboard.bench'
import type { Latency } from './measure'
import { benchSignIn } from './sign-in.bench'

const BENCHES = ['dashboard', 'sign-in'] as const
const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    scale: { type: 'string', default: '1,10' },
    db: { type: 'string', default: 'pglite,postgres' },
    iterations: { type: 'string', default: '200' },
  },
})

function list<T extends string>(value: string, allowed: readonly T[], flag: string): T[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = items.filter((s) => !allowed.includes(s as T))
  if (bad.length || !items.length) throw new Error(`${flag} takes ${allowed.join(', ')}; got '${value}'`)
  return items as T[]
}

async function main() {
  const only = args.only ? list(args.only, BENCHES, '--only') : [...BENCHES]
  const kinds = list(args.db, ['pglite', 'postgres'] as const, '--db') as DatabaseKind[]
  const scales = args.scale.split(',').map(Number)
  if (scales.some((s) => !(s > 0))) throw new Error(`--scale takes positive numbers; got '${args.scale}'`)
  const iterations = Number(args.iterations)
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error(`--iterations must be a positive integer`)

  const rows: string[] = []
  const row = (kind: string, scale: number, name: string, l: Latency) =>
    rows.push(`| ${kind} | ${scale} | ${name} | ${l.n} | ${l.p50} | ${l.p99} | ${l.mean} |`)
  for (const kind of kinds) {
    for (const [index, scale] of scales.entries()) {
      const { database, drop } = await openBenchDatabase(kind)
      try {
        const started = performance.now()
        const counts = await seedDemo(database, {
          scale,
          adminEmail: BENCH_ADMIN_EMAIL,
          dataKey: crypto.createSecretKey(crypto.randomBytes(32)),
        })
        const seconds = ((performance.now() - started) / 1000).toFixed(1)
        console.error(`[${kind} scale ${scale}] seeded in ${seconds} s: ${JSON.stringify(counts)}`)
        rows.push(
          `| ${kind} | ${scale} | seed (${counts.projects} projects, ${counts.orders} orders) | 1 | ${seconds} s | | |`,
        )
        if (only.includes('dashboard'))
          row(kind, scale, 'GET /api/admin/dashboard/stats', await benchDashboard(database, iterations))
        if (only.includes('sign-in') && (index === 0 || !only.includes('dashboard'))) {
          const signIn = await benchSignIn(database, iterations)
          row(kind, scale, 'sign-in: send-otp + verify-otp', signIn.pair)
          row(kind, scale, 'send-otp', signIn.send)
          row(kind, scale, 'verify-otp', signIn.verify)
        }
      } finally {
        await drop()
      }
    }
  }
  console.log(`Command: npm run bench -- ${process.argv.slice(2).join(' ')}`.trimEnd())
  console.log(
    `Date: ${new Date().toISOString()}; machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}`,
  )
  console.log('\n| database | scale | what | n | p50 ms | p99 ms | mean ms |\n|---|---|---|---|---|---|---|')
  console.log(rows.join('\n'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
