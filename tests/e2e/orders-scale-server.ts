/**
 * A second, dedicated server for the orders list's scroll test (scroll to row 5,000):
 * the shared e2e server's demo seed has ~2,000 orders and runs on PGlite, which no other process
 * may open while it runs. This one runs `npm start` on a new, randomly named PostgreSQL database
 * (127.0.0.1:5432, trust; TEST_PG_URL overrides) with SEED=none, so it starts in seconds, and the
 * test inserts its orders in one SQL statement; the other e2e tests never see them. JWT_SECRET is
 * set here, so the admin's access token is minted rather than signed in by mail. `stop()` ends the
 * server and drops the database.
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import getPort from 'get-port'
import pg from 'pg'
import { signAccessToken } from '../../server/services/access-token'
import { createEmptyPgDatabase } from '../fixtures/pg-database'
import type { TokenPair } from './session'

export interface ScaleServer {
  baseUrl: string
  /** The admin's tokens (a minted access token; no refresh token is needed within 15 minutes). */
  tokens: TokenPair
  /** Runs SQL on the server's database. */
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>
  stop: () => Promise<void>
}

/** Starts the server on a fresh PostgreSQL database and waits for /api/health. */
export async function startScaleServer(): Promise<ScaleServer> {
  const database = await createEmptyPgDatabase('console_e2e_orders')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-orders-'))
  const port = await getPort({ host: '127.0.0.1' })
  const secret = crypto.randomBytes(32).toString('hex')
  const logFile = path.join(dataDir, 'server.log')
  const log = fs.createWriteStream(logFile)
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED: 'none',
      DATABASE_URL: database.url,
      JWT_SECRET: secret,
      DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  let exited = false
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true
      resolve()
    }),
  )
  const client = new pg.Client({ connectionString: database.url })
  const stop = async () => {
    await client.end().catch(() => undefined)
    child.kill('SIGTERM')
    await Promise.race([exit, new Promise((r) => setTimeout(r, 15_000).unref())])
    if (!exited) child.kill('SIGKILL')
    await exit
    log.end()
    await database.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    const deadline = Date.now() + 120_000
    for (;;) {
      if (exited) throw new Error(`orders scale server exited early; log: ${fs.readFileSync(logFile, 'utf8')}`)
      const up = await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) break
      if (Date.now() > deadline) throw new Error('orders scale server did not become healthy in time')
      await new Promise((r) => setTimeout(r, 300))
    }
    await client.connect()
    const admin = (await client.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@example.com'`)).rows[0]
    const now = new Date()
    const accessToken = await signAccessToken(new TextEncoder().encode(secret), admin.id, now, {
      sid: null,
      authTime: now,
    })
    return {
      baseUrl,
      tokens: { accessToken, refreshToken: '' },
      sql: (text, values) => client.query(text, values as unknown[]),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
