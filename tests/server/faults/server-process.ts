/**
 * The real server as a child process (`node <SERVER_NODE_FLAGS> --import tsx server/main.ts`, what
 * `npm start` runs after building), for the fault tests and the load bench: its own DATA_DIR and a free port
 * (get-port), waits for `/api/health`, signs the admin in through the OTP flow (the code read
 * from `DATA_DIR/outbox`), and stops it with a chosen signal. Output is kept (`log()`) so a
 * failing test can show it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import path from 'node:path'
import getPort from 'get-port'
import { signInByMail } from '../../fixtures/mail-sign-in'
import serverNodeFlags from '../../../scripts/server-node-flags.json'

/** The node flags `npm start` runs the server with (scripts/start.mjs). */
export const SERVER_NODE_FLAGS: readonly string[] = serverNodeFlags

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..')
export const ADMIN = 'admin@example.com'

/**
 * The keys servers on one PostgreSQL database share (server/env.ts assertSharedKeys): made once per
 * test process, so a restarted server, or a second one, accepts the first one's tokens and data.
 */
export const SHARED_KEYS = {
  JWT_SECRET: crypto.randomBytes(32).toString('base64url'),
  DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
} as const

/** Poll `check` every `everyMs` until it returns a value other than undefined, or throw after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch (error) {
      lastError = error
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`)
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

export type ServerProcess = {
  url: string
  port: number
  dataDir: string
  child: ChildProcess
  /** Everything the process wrote to stdout and stderr so far. */
  log: () => string
  /** Resolves with the exit code and signal once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Send `signal` and wait for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Start the server on `dataDir` with `env` on top of a clean environment (SEED=none, no SMTP:
 * mail goes to the outbox). Resolves once /api/health answers 200; rejects with the output when
 * the process exits first or `timeoutMs` passes. `nodeArgs` go before the script (e.g. --cpu-prof),
 * after `nodeFlags` (default SERVER_NODE_FLAGS, as `npm start`; another set for a comparison).
 */
export async function startServer(opts: {
  dataDir: string
  env?: Record<string, string>
  port?: number
  nodeArgs?: string[]
  nodeFlags?: readonly string[]
  timeoutMs?: number
  /** Another checkout to run the server of (a before/after benchmark); default this one. */
  root?: string
}): Promise<ServerProcess> {
  const port = opts.port ?? (await getPort({ host: '127.0.0.1' }))
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    SEED: 'none',
    SMTP_URL: '',
    ...opts.env,
  }
  const child = spawn(
    process.execPath,
    [...(opts.nodeFlags ?? SERVER_NODE_FLAGS), ...(opts.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'],
    { cwd: opts.root ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }))
  })
  let gone = false
  void exited.then(() => {
    gone = true
  })
  const url = `http://127.0.0.1:${port}`
  const server: ServerProcess = {
    url,
    port,
    dataDir: opts.dataDir,
    child,
    exited,
    log: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (!gone) child.kill(signal)
      return exited
    },
  }
  try {
    const state = await waitFor(
      'the server to answer /api/health',
      async () => {
        if (gone) return 'exited'
        const res = await fetch(`${url}/api/health`).catch(() => undefined)
        return res?.ok ? 'up' : undefined
      },
      opts.timeoutMs ?? 60_000,
    )
    if (state === 'exited') throw new Error(`The server exited before answering: ${JSON.stringify(await exited)}`)
  } catch (error) {
    await server.stop('SIGKILL')
    throw new Error(`${String(error)}\n--- server output ---\n${output}`)
  }
  return server
}

/** Sign `email` in through send-otp → outbox → verify-otp; returns the access token. */
export async function signInByOutbox(server: Pick<ServerProcess, 'url' | 'dataDir'>, email = ADMIN): Promise<string> {
  return (await signInByMail(server.url, path.join(server.dataDir, 'outbox'), email)).accessToken
}
