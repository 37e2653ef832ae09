/**
 * `npm run bench:interactions -- [--scale 250] [--runs 3] [--no-build]`.
 *
 * Warm interactions at marketplace size: seeds a new PostgreSQL database at BENCH_PG_URL with the
 * demo data set at `scale` (`npm run seed -- --scale 250`: 100,000 projects, 500,000 orders),
 * starts the console on it, signs in, and in headless Chromium drives, per run, from a loaded
 * /projects: Ctrl+K; '#' and five letters; Enter on the first project found; `g p`; `j` Enter;
 * `g o`; `g d`; then, on a loaded /projects/triage, `1` (approve). Each is timed in the page's
 * clock from the keydown of its last key to the first frame in which its result is on screen
 * (a requestAnimationFrame and a macrotask after the result's element appears), with the API
 * calls made meanwhile (Resource Timing: how many, and from the first one's start to the last
 * one's end). Run 0 warms up and is not counted. Prints a markdown table of medians.
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../tests/e2e/browser'
import { signInByMail } from '../tests/fixtures/mail-sign-in'
import { createEmptyPgDatabase } from '../tests/fixtures/pg-database'
import { BENCH_ADMIN_EMAIL, BENCH_PG_URL } from './bench-db'
import { percentile } from './measure'
import { buildConsole, startConsole } from './web/servers'
import { signedInContext } from './web/sign-in'

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '250' },
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
  },
})
const scale = Number(args.scale)
const runs = Number(args.runs)
if (!(scale > 0 && scale <= 1000)) throw new Error('--scale takes a number from 0 to 1000')
if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error('--runs takes an integer from 1 to 20')

/** Five letters typed after '#' per run (run 0 warms up); each starts project titles of the demo seed. */
const TERMS = ['hotel', 'pharm', 'libra', 'couri', 'cante', 'parki', 'tuiti', 'farmi', 'expen', 'salon']

interface Sample {
  name: string
  onScreen: number
  apiMs: number
  calls: number
  /** The API calls' method-less paths, in order of their start. */
  paths: string[]
}

/** In the page: the last keydown's time, and the resource timing buffer large enough. A string: see bench/web/page-load.ts. */
const INSTRUMENT = `(() => {
  performance.setResourceTimingBufferSize(100000)
  window.__keyAt = 0
  document.addEventListener('keydown', (e) => { window.__keyAt = e.timeStamp }, true)
})()`

/**
 * In the page: resolves once `condition` (a JS expression) holds, in the next frame, with the time
 * from the last keydown and the API calls started since then and answered by that frame.
 */
const ON_SCREEN = `(condition) => new Promise((resolve, reject) => {
  const test = new Function('return (' + condition + ')')
  const started = performance.now()
  const check = () => {
    if (test()) {
      requestAnimationFrame(() => setTimeout(() => {
        const paintedAt = performance.now()
        const keyAt = window.__keyAt
        const calls = performance.getEntriesByType('resource').filter((e) => {
          if (e.startTime < keyAt || e.responseEnd > paintedAt || e.responseEnd === 0) return false
          const p = new URL(e.name).pathname
          return p.startsWith('/api/') && p !== '/api/events'
        })
        const first = Math.min(...calls.map((e) => e.startTime))
        const last = Math.max(...calls.map((e) => e.responseEnd))
        const paths = calls.sort((a, b) => a.startTime - b.startTime).map((e) => new URL(e.name).pathname)
        resolve({ onScreen: paintedAt - keyAt, apiMs: calls.length ? last - first : 0, calls: calls.length, paths })
      }, 0))
      return
    }
    if (performance.now() - started > 30000) return reject(new Error('not on screen: ' + condition))
    requestAnimationFrame(check)
  }
  check()
})`

const visible = (selector: string) =>
  `(() => { const el = document.querySelector(${JSON.stringify(selector)}); return !!el && el.getClientRects().length > 0 })()`

/** Presses `keys` in order and times the last one until `condition` holds on screen. */
async function timed(page: Page, name: string, keys: string[], condition: string): Promise<Sample> {
  // Armed first: a result that renders within the key's own task must not be missed.
  const result = page.evaluate(`(${ON_SCREEN})(${JSON.stringify(condition)})`) as Promise<Omit<Sample, 'name'>>
  for (const key of keys) await page.keyboard.press(key)
  return { name, ...(await result) }
}

/** One pass over the interactions, starting from a loaded /projects. */
async function pass(page: Page, baseUrl: string, term: string): Promise<Sample[]> {
  const out: Sample[] = []
  await page.goto(`${baseUrl}/projects`)
  await page.locator('[data-testid="project-row"]').first().waitFor({ timeout: 60_000 })
  // The palette's chunk is fetched when the page is idle: a warm console has it.
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/assets\/palette-[\w-]+\.js$/.test(e.name)),
  )
  out.push(
    await timed(
      page,
      'Ctrl+K, palette ready',
      ['Control+k'],
      visible('[data-testid="command-palette"] [role="combobox"]'),
    ),
  )
  await page.keyboard.press('#')
  const text = term.toLowerCase()
  out.push(
    await timed(
      page,
      "'#' + five letters, first project listed",
      [...term],
      `(() => { const l = document.querySelector('[data-testid="palette-list"]'); return !!l && l.getAttribute('data-answered-for') === ${JSON.stringify(text)} && !!l.querySelector('[cmdk-item]') })()`,
    ),
  )
  out.push(
    await timed(
      page,
      'Enter on a palette result, project detail',
      ['Enter'],
      visible('[data-testid="project-detail"]'),
    ),
  )
  out.push(
    await timed(
      page,
      '`g p` back to the list',
      ['g', 'p'],
      `location.pathname === '/projects' && ${visible('[data-testid="project-row"]')}`,
    ),
  )
  out.push(
    await timed(
      page,
      '`j` `Enter` from the list, project detail',
      ['j', 'Enter'],
      visible('[data-testid="project-detail"]'),
    ),
  )
  out.push(
    await timed(
      page,
      '`g o` orders rows',
      ['g', 'o'],
      `location.pathname === '/orders' && ${visible('[data-testid="order-row"]')}`,
    ),
  )
  out.push(
    await timed(
      page,
      '`g d` dashboard',
      ['g', 'd'],
      `location.pathname === '/' && ${visible('[data-testid="stat-card"]')}`,
    ),
  )
  await page.goto(`${baseUrl}/projects/triage`)
  const shown = page.locator('[data-testid="triage-project"]')
  await shown.waitFor({ timeout: 60_000 })
  const before = await shown.getAttribute('data-project-id')
  out.push(
    await timed(
      page,
      'triage `1`, next project shown',
      ['1'],
      `(() => { const el = document.querySelector('[data-testid="triage-project"]'); return !!el && el.getAttribute('data-project-id') !== ${JSON.stringify(before)} })()`,
    ),
  )
  return out
}

async function main() {
  if (!args['no-build']) await buildConsole()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-interactions-'))
  const { url, drop } = await createEmptyPgDatabase('interactions', BENCH_PG_URL)
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
    JWT_SECRET: crypto.randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  }
  try {
    console.error(`seeding the demo data set at scale ${scale} on PostgreSQL…`)
    const seeded = spawnSync('npx', ['tsx', 'server/db/seed/cli.ts', '--scale', String(scale)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    if (seeded.status !== 0) throw new Error(`the seed failed (exit ${seeded.status})`)
    const app = await startConsole({ ...env, SEED: 'none' })
    const browser = await launchBrowser()
    try {
      const tokens = await signInByMail(app.baseUrl, path.join(dataDir, 'outbox'), BENCH_ADMIN_EMAIL)
      const page = await (await signedInContext(browser, tokens, INSTRUMENT)).newPage()
      const samples: Sample[] = []
      for (let run = 0; run <= runs; run++) {
        const got = await pass(page, app.baseUrl, TERMS[run % TERMS.length])
        if (run > 0) samples.push(...got) // run 0 warms the server, the planner and the JIT
        console.error(`run ${run}/${runs}`)
      }
      report(samples)
    } finally {
      await browser.close()
      await app.stop()
    }
  } finally {
    await drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

function report(samples: Sample[]) {
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    )
  console.log(`Command: npm run bench:interactions -- ${process.argv.slice(2).join(' ')}`.trimEnd())
  console.log(
    `Date: ${new Date().toISOString()}; machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; demo seed at scale ${scale} on PostgreSQL`,
  )
  console.log('\n| interaction | n | on screen ms (median) | max ms | of which API ms (median) | API calls |')
  console.log('|---|---|---|---|---|---|')
  const byName = new Map<string, Sample[]>()
  for (const s of samples) byName.set(s.name, [...(byName.get(s.name) ?? []), s])
  for (const [name, list] of byName) {
    const calls = [...new Set(list.map((s) => s.calls))].join(', ')
    console.log(
      `| ${name} | ${list.length} | ${median(list.map((s) => s.onScreen)).toFixed(0)} | ` +
        `${Math.max(...list.map((s) => s.onScreen)).toFixed(0)} | ${median(list.map((s) => s.apiMs)).toFixed(0)} | ${calls} |`,
    )
  }
  console.log('\nAPI calls of the last run (ids as :id):')
  for (const [name, list] of byName) {
    const paths = list.at(-1)!.paths.map((p) => p.replace(/\/[0-9a-f-]{20,}(?=\/|$)/g, '/:id'))
    console.log(`- ${name}: ${paths.join(', ') || 'none'}`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
