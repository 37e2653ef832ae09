/**
 * `npm run bench:palette -- [--projects 100000] [--rounds 3] [--no-build]`.
 *
 * Prepares a PostgreSQL database at BENCH_PG_URL (migrated, `projects` synthetic projects of
 * bench/projects-list-data.ts), starts the console on it (`node scripts/start.mjs`, SEED=none),
 * signs in, opens /projects in headless Chromium, and in the palette types '#' and then each term
 * of TERMS one key at a time, waiting after each key until the server's answer for the new text is
 * painted. Per key it records, in the page's clock:
 * - echo: keydown → the input and the palette's local rows painted (the next frame after the
 *   input event);
 * - results: keydown → the projects for the new text painted (includes the palette's
 *   debounce, SEARCH_DEBOUNCE_MS: typing pauses are what it waits for);
 * - after debounce: the request's start (Resource Timing) → the projects painted (server search
 *   with its total over `projects` rows, transfer, ranking, virtualized render), split at the
 *   response's end into server and client.
 * "Painted" is a requestAnimationFrame followed by a macrotask, after the list's
 * data-answered-for names the text. Prints a markdown report for BENCHMARKS.md (p50, p95, max).
 */
import crypto from 'node:crypto'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { ensureAdmin } from '../server/bootstrap'
import { launchBrowser } from '../tests/e2e/browser'
import { BENCH_ADMIN_EMAIL, createBenchDatabase } from './bench-db'
import { percentile } from './measure'
import { insertBenchProjects } from './projects-list-data'
import { buildConsole, startConsole } from './web/servers'
import { signedInContext, signInByApi } from './web/sign-in'

const { values: args } = parseArgs({
  options: {
    projects: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
  },
})
const projects = Number(args.projects)
const rounds = Number(args.rounds)
if (!Number.isInteger(projects) || projects < 1 || projects > 1_000_000)
  throw new Error('--projects takes an integer from 1 to 1,000,000')
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 3) throw new Error('--rounds takes an integer from 1 to 3')

/**
 * Typed after '#', one key at a time, per round: short prefixes match most of the table, longer
 * ones few rows. Round 0 warms up (not counted); the measured rounds start with letters no other
 * round uses, so no text repeats (PostgreSQL's buffers are warm, nothing else is cached).
 */
const TERMS_BY_ROUND = [
  ['smart', 'tracker 4', 'wallet', 'inventory 99'],
  ['booking 3', 'quiz', 'portal 7', 'modern editor', 'cloud scanner'],
  ['dashboard 4', 'analytics 12', 'easy store', 'fast chat', 'game'],
  ['react', 'kotlin', 'vue planner', 'node', 'health'],
]

interface KeySample {
  text: string
  echo: number
  results: number
  afterDebounce: number | null
  /** Request start → response end (Resource Timing): the server's search and the transfer. */
  server: number | null
  /** Response end → painted: parsing, ranking, React and the virtualized list. */
  render: number | null
  total: string
}

/** In the page: keydown and input times, and the resource timing buffer large enough. A string: see bench/web/page-load.ts. */
const INSTRUMENT = `(() => {
  performance.setResourceTimingBufferSize(100000)
  window.__palette = { keyAt: 0, echoAt: 0 }
  document.addEventListener('keydown', (e) => { window.__palette.keyAt = e.timeStamp }, true)
  document.addEventListener('input', () => {
    requestAnimationFrame(() => setTimeout(() => { window.__palette.echoAt = performance.now() }, 0))
  }, true)
})()`

/** In the page: resolves once the list shows the answer for `text`, painted; with the timings of this key. */
const WAIT_FOR_ANSWER = `(text) => new Promise((resolve, reject) => {
  const started = performance.now()
  const check = () => {
    const list = document.querySelector('[data-testid="palette-list"]')
    if (list && list.getAttribute('data-answered-for') === text) {
      requestAnimationFrame(() => setTimeout(() => {
        const paintedAt = performance.now()
        const p = window.__palette
        const request = performance.getEntriesByType('resource').filter((e) => {
          if (e.startTime < p.keyAt) return false // an earlier key's request: this text was answered from the palette's cache
          try {
            const url = new URL(e.name)
            return url.pathname === '/api/admin/palette/projects' && url.searchParams.get('search') === text
          } catch { return false }
        }).pop()
        const count = document.querySelector('[data-testid="palette-count"]')
        resolve({ text, echo: p.echoAt - p.keyAt, results: paintedAt - p.keyAt,
          afterDebounce: request ? paintedAt - request.startTime : null,
          server: request ? request.responseEnd - request.startTime : null,
          render: request ? paintedAt - request.responseEnd : null, total: count ? count.textContent : '' })
      }, 0))
      return
    }
    if (performance.now() - started > 30000) return reject(new Error('no answer for ' + text))
    requestAnimationFrame(check)
  }
  check()
})`

declare global {
  interface Window {
    __palette: { keyAt: number; echoAt: number }
  }
}

async function main() {
  if (!args['no-build']) await buildConsole()
  console.error(`preparing ${projects} projects on PostgreSQL…`)
  const { database, drop, url } = await createBenchDatabase('postgres', { prefix: 'palette' })
  if (!url) throw new Error('the palette benchmark runs on PostgreSQL')
  try {
    await ensureAdmin(database.db, BENCH_ADMIN_EMAIL)
    await insertBenchProjects(database.db, projects)
  } finally {
    await database.close()
  }
  const app = await startConsole({
    DATABASE_URL: url,
    SEED: 'none',
    ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
    JWT_SECRET: crypto.randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  }).catch(async (error: unknown) => {
    await drop()
    throw error
  })
  const browser = await launchBrowser()
  try {
    const tokens = await signInByApi(app.baseUrl, app.dataDir)
    const page = await (await signedInContext(browser, tokens, INSTRUMENT)).newPage()
    const samples: KeySample[] = []
    for (let round = 0; round <= rounds; round++) {
      // A fresh page per round: the palette's query cache starts empty.
      await page.goto(`${app.baseUrl}/projects`)
      await page.locator('[data-testid="project-row"]').first().waitFor({ timeout: 60_000 })
      for (const term of TERMS_BY_ROUND[round]) {
        await page.keyboard.press('Control+k')
        await page.getByTestId('command-palette').getByRole('combobox').waitFor()
        await page.keyboard.press('#')
        let text = ''
        for (const key of term) {
          text += key
          // Trailing spaces are trimmed from the search: the answer is that of the text so far.
          const expected = text.trim()
          const answer = page.evaluate(`(${WAIT_FOR_ANSWER})(${JSON.stringify(expected)})`) as Promise<KeySample>
          await page.keyboard.press(key === ' ' ? 'Space' : key)
          const sample = await answer
          if (round > 0 && key !== ' ') samples.push(sample) // round 0 warms the server, the planner and the JIT
        }
        await page.keyboard.press('Escape')
        await page.getByTestId('command-palette').waitFor({ state: 'detached' })
      }
      console.error(`round ${round}/${rounds}`)
    }
    report(samples)
  } finally {
    await browser.close()
    await app.stop()
    await drop()
  }
}

function report(samples: KeySample[]) {
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return `${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 95).toFixed(0)} | ${sorted.at(-1)?.toFixed(0)}`
  }
  console.log(`Command: npm run bench:palette -- ${process.argv.slice(2).join(' ')}`.trimEnd())
  console.log(
    `Date: ${new Date().toISOString()}; machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  )
  const typed = TERMS_BY_ROUND.slice(1, rounds + 1)
    .flat()
    .map((t) => `'${t}'`)
    .join(', ')
  console.log(
    `${projects} projects on PostgreSQL; ${samples.length} keys ('#' then ${typed}, after a warm-up round); ` +
      'each key waited for until its answer was painted.',
  )
  console.log('\n| keystroke → | n | p50 ms | p95 ms | max ms |')
  console.log('|---|---|---|---|---|')
  console.log(`| input and local rows painted | ${samples.length} | ${stats(samples.map((s) => s.echo))} |`)
  console.log(`| projects painted (with the debounce) | ${samples.length} | ${stats(samples.map((s) => s.results))} |`)
  const after = samples.map((s) => s.afterDebounce).filter((v): v is number => v !== null)
  console.log(`| projects painted, from the request (debounce excluded) | ${after.length} | ${stats(after)} |`)
  const server = samples.map((s) => s.server).filter((v): v is number => v !== null)
  const render = samples.map((s) => s.render).filter((v): v is number => v !== null)
  console.log(`| … of which request start → response end (server, transfer) | ${server.length} | ${stats(server)} |`)
  console.log(`| … of which response end → painted (client) | ${render.length} | ${stats(render)} |`)
  console.log('\n| text | matched | keystroke → projects painted ms |')
  console.log('|---|---|---|')
  const byText = new Map<string, KeySample[]>()
  for (const s of samples) byText.set(s.text, [...(byText.get(s.text) ?? []), s])
  for (const [text, list] of byText)
    console.log(`| ${text} | ${list[0].total} | ${list.map((s) => s.results.toFixed(0)).join(', ')} |`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
