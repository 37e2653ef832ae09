/**
 * `npm run bench:web -- [--runs 15] [--no-build]`.
 *
 * Builds the console (vite build) and a bare Vite + React page (bench/web/floor, the floor),
 * starts the console (`node scripts/start.mjs`, temp DATA_DIR, free port, demo seed) and serves
 * the floor with the same static-file code, then cold-loads in headless Chromium, interleaved,
 * `runs` times each: the floor until its e-mail field shows, /login until its e-mail field shows,
 * and, with the tokens of an API sign-in in localStorage, /projects until the first projects row
 * renders (cold, and as a repeat visit with the assets cached), / until the first stat card, /orders until the first orders row and /projects/triage
 * until the first queued project (or the empty queue). Prints a markdown report for BENCHMARKS.md: median and p90 per page, ratios of the
 * medians to the floor, and every JavaScript file each page loaded (gzip -9 and wire bytes).
 */
import os from 'node:os'
import { parseArgs } from 'node:util'
import { launchBrowser } from '../tests/e2e/browser'
import { percentile } from './measure'
import { coldLoad, type PageLoad } from './web/page-load'
import { buildConsole, startConsole, startFloor } from './web/servers'
import { signInByApi } from './web/sign-in'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    'no-build': { type: 'boolean', default: false },
  },
})
const runs = Number(args.runs)
if (!Number.isInteger(runs) || runs < 1 || runs > 200) throw new Error('--runs takes an integer from 1 to 200')

const EMAIL_FIELD = 'input[type="email"]'
const PROJECT_ROW = '[data-testid="project-row"]'
const STAT_CARD = '[data-testid="stat-card"]'
const ORDER_ROW = '[data-testid="order-row"]'
const TRIAGE_SHOWN = '[data-testid="triage"][data-step="showing"], [data-testid="triage"][data-step="done"]'
/** What each page waits for, in the report's words. */
const UNTIL = {
  floor: 'e-mail field visible',
  login: 'e-mail field visible',
  projects: 'first projects row',
  'projects, repeat visit': 'first projects row, assets cached',
  dashboard: 'first stat card',
  orders: 'first orders row',
  triage: 'first queued project (or the empty queue)',
}
const kB = (bytes: number) => (bytes / 1000).toFixed(1)

async function main() {
  if (!args['no-build']) await buildConsole()
  const floor = await startFloor()
  const app = await startConsole().catch(async (error: unknown) => {
    await floor.stop()
    throw error
  })
  const browser = await launchBrowser()
  try {
    const tokens = await signInByApi(app.baseUrl, app.dataDir)
    const pages = {
      floor: () => coldLoad(browser, `${floor.baseUrl}/`, EMAIL_FIELD),
      login: () => coldLoad(browser, `${app.baseUrl}/login`, EMAIL_FIELD),
      projects: () => coldLoad(browser, `${app.baseUrl}/projects`, PROJECT_ROW, { ...tokens }),
      'projects, repeat visit': () =>
        coldLoad(browser, `${app.baseUrl}/projects`, PROJECT_ROW, { ...tokens }, { repeat: true }),
      dashboard: () => coldLoad(browser, `${app.baseUrl}/`, STAT_CARD, { ...tokens }),
      orders: () => coldLoad(browser, `${app.baseUrl}/orders`, ORDER_ROW, { ...tokens }),
      triage: () => coldLoad(browser, `${app.baseUrl}/projects/triage`, TRIAGE_SHOWN, { ...tokens }),
    }
    const samples = Object.fromEntries(Object.keys(pages).map((name) => [name, [] as PageLoad[]])) as Record<
      keyof typeof pages,
      PageLoad[]
    >
    for (const load of Object.values(pages)) await load() // warm-up: server caches, Chromium's disk
    for (let i = 0; i < runs; i++) {
      for (const [name, load] of Object.entries(pages)) samples[name as keyof typeof pages].push(await load())
      console.error(`run ${i + 1}/${runs}`)
    }
    report(samples)
  } finally {
    await browser.close()
    await app.stop()
    await floor.stop()
  }
}

function report(samples: Record<string, PageLoad[]>) {
  const stats = (loads: PageLoad[]) => {
    const sorted = loads.map((l) => l.ms).sort((a, b) => a - b)
    return { median: percentile(sorted, 50), p90: percentile(sorted, 90) }
  }
  const floor = stats(samples.floor)
  console.log(`Command: npm run bench:web -- ${process.argv.slice(2).join(' ')}`.trimEnd())
  console.log(
    `Date: ${new Date().toISOString()}; machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  )
  console.log(
    '\n| page | until | n | median ms | p90 ms | median / floor | JS files | JS gzip -9 kB | JS on the wire kB |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|')
  for (const [name, loads] of Object.entries(samples)) {
    const s = stats(loads)
    const scripts = loads[0].scripts
    const gzip = scripts.reduce((sum, f) => sum + f.gzip9, 0)
    const wire = scripts.reduce((sum, f) => sum + f.wire, 0)
    console.log(
      `| ${name} | ${UNTIL[name as keyof typeof UNTIL]} | ${loads.length} | ${s.median.toFixed(0)} | ${s.p90.toFixed(0)} | ` +
        `${(s.median / floor.median).toFixed(2)}× | ${scripts.length} | ${kB(gzip)} | ${kB(wire)} |`,
    )
  }
  for (const [name, loads] of Object.entries(samples)) {
    console.log(
      `\n${name} (first timed sample): ${loads[0].scripts.map((f) => `${f.url} ${kB(f.gzip9)} kB gz9 / ${kB(f.wire)} kB ${f.encoding}`).join('; ')}`,
    )
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
