/**
 * The real server as a child process (`node --import tsx server/main.ts`, what `npm start` runs
 * after building), for the fault tests and the load bench: its own DATA_DIR and a free port
 * (get-port), waits for `/api/health`, signs the admin in through the OTP flow (the code read
 * from `DATA_DIR/outbox`), and stops it with a chosen signal. Output is kept (`log()`) so a
 * failing test can show it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import getPort from 'get-port'

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..')
export const ADMIN = 'admin@example.com'

/** Poll `check` every `everyMs` until it returns a value other than undefined, or throw after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000, everyMs = 50): Promise<T> {
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
 * the process exits first or `timeoutMs` passes. `nodeArgs` go before the script (e.g. --cpu-prof).
 */
export async function startServer(opts: {
  dataDir: string
  env?: Record<string, string>
  port?: number
  nodeArgs?: string[]
  timeoutMs?: number
  /** Another checkout to run the server of (a before/after benchmark); default this one. */
  root?: string
}): Promise<ServerProcess> {
  const port = opts.port ?? await getPort({ host: '127.0.0.1' })
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'production',
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: opts.dataDir, SEED: 'none', SMTP_URL: '',
    ...opts.env,
  }
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'],
    { cwd: opts.root ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }))
  })
  let gone = false
  void exited.then(() => { gone = true })
  const url = `http://127.0.0.1:${port}`
  const server: ServerProcess = {
    url, port, dataDir: opts.dataDir, child, exited, log: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (!gone) child.kill(signal)
      return exited
    },
  }
  try {
    const state = await waitFor('the server to answer /api/health', async () => {
      if (gone) return 'exited'
      const res = await fetch(`${url}/api/health`).catch(() => undefined)
      return res?.ok ? 'up' : undefined
    }, opts.timeoutMs ?? 60_000)
    if (state === 'exited') throw new Error(`The server exited before answering: ${JSON.stringify(await exited)}`)
  } catch (error) {
    await server.stop('SIGKILL')
    throw new Error(`${String(error)}\n--- server output ---\n${output}`)
  }
  return server
}

/** The newest 6-digit code mailed to `email` after `after` (ms epoch), from DATA_DIR/outbox. */
export function otpFromOutbox(dataDir: string, email: string, after: number): string | undefined {
  const outbox = path.join(dataDir, 'outbox')
  if (!fs.existsSync(outbox)) return undefined
  const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'))
    .map((f) => ({ f, t: fs.statSync(path.join(outbox, f)).mtimeMs }))
    .filter((x) => x.t >= after).sort((a, b) => b.t - a.t)
  for (const { f } of files) {
    const text = fs.readFileSync(path.join(outbox, f), 'utf8')
    if (!text.toLowerCase().includes(`to: ${email}`)) continue
    const code = /\b(\d{6})\b/.exec(text)?.[1]
    if (code) return code
  }
  return undefined
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = await res.json() as T
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

/** Sign `email` in through send-otp → outbox → verify-otp; returns the access token. */
export async function signInByOutbox(server: Pick<ServerProcess, 'url' | 'dataDir'>, email = ADMIN): Promise<string> {
  const sentAt = Date.now() - 1000
  const { sessionToken } = await postJson<{ sessionToken: string }>(`${server.url}/api/auth/send-otp`, { email })
  const otp = await waitFor('the OTP mail', () => otpFromOutbox(server.dataDir, email, sentAt), 10_000)
  const { tokens } = await postJson<{ tokens: { accessToken: string } }>(`${server.url}/api/auth/verify-otp`,
    { email, otp, sessionToken })
  return tokens.accessToken
}
