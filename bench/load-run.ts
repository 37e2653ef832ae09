/**
 * What the load benches share (bench/load.ts, bench/cluster.ts): a database made and seeded on the
 * PostgreSQL server, and autocannon sending the request mix of bench/load-mix.ts with the
 * admin's access token, latencies kept per kind of request.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { runStatements } from '../tests/fixtures/pg-database'
import { kindChooser, seededRng, type Kind, type MixData } from './load-mix'

const ROOT = path.resolve(import.meta.dirname, '..')

/** Run one statement on the server's `postgres` database (CREATE/DROP DATABASE); `serverUrl` without a database. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  await runStatements(`${serverUrl}/postgres`, statement)
}

/** Run `statements` on `databaseUrl`; the rows of the last one. */
export const onDatabase = runStatements

/**
 * Run the seed CLI (of checkout `root`, default this one) into `databaseUrl` with `dataDir` and
 * `env` (the servers' DATA_ENCRYPTION_KEY, so they read the bank details it encrypts); rejects
 * with its output when it fails.
 */
export function seed(
  databaseUrl: string,
  dataDir: string,
  scale: string,
  env: Record<string, string>,
  root = ROOT,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/db/seed/cli.ts', '--scale', scale, '--seed', '1'],
      {
        cwd: root,
        env: { ...process.env, ...env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString()
    })
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString()
    })
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`seed failed (${code}):\n${output}`))))
  })
}

/** The ids and categories of the seeded projects, for the mix. */
export async function mixData(databaseUrl: string): Promise<MixData> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const projectIds = (await db.query<{ id: string }>('SELECT id FROM projects ORDER BY id')).rows.map((r) => r.id)
    const categories = (await db.query<{ c: string }>('SELECT DISTINCT category AS c FROM projects')).rows.map(
      (r) => r.c,
    )
    return { projectIds, categories }
  } finally {
    await db.end()
  }
}

/**
 * autocannon against `url` for `seconds` with `clients` connections, each request a kind drawn
 * from `kinds` at reads:writes (seeded, so runs repeat). `onLatency(kind, ms)` sees every
 * response; `failures` keeps the first 10 answers of 300 or more.
 */
export function runMix(opts: {
  url: string
  token: string
  data: MixData
  clients: number
  seconds: number
  reads: number
  writes: number
  kinds?: readonly Kind[]
  onLatency?: (kind: string, ms: number) => void
}) {
  const choose = kindChooser(opts.reads, opts.writes, opts.kinds)
  const rng = seededRng(1)
  const failures: string[] = []
  let finish: (result: autocannon.Result) => void = () => {}
  let fail: (error: unknown) => void = () => {}
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  const instance = autocannon(
    {
      url: opts.url,
      connections: opts.clients,
      duration: opts.seconds,
      timeout: 10,
      headers: { authorization: `Bearer ${opts.token}` },
      requests: [
        {
          setupRequest: (request, context) => {
            const kind = choose(rng)
            const made = kind.make(rng, opts.data)
            ;(context as { kind?: string }).kind = kind.name
            return {
              ...request,
              method: made.method,
              path: made.path,
              body: made.body,
              headers: { ...request.headers, ...(made.body ? { 'content-type': 'application/json' } : {}) },
            }
          },
          onResponse: (status, body, context) => {
            if (status >= 300 && failures.length < 10)
              failures.push(`${String((context as { kind?: string }).kind)} → ${status}: ${body.slice(0, 300)}`)
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  )
  instance.on('response', (client: unknown, _status: number, _bytes: number, ms: number) => {
    const context = (client as unknown as { requestIterator: { context: { kind: string } } }).requestIterator.context
    opts.onLatency?.(context.kind, ms)
  })
  return { done, failures }
}
