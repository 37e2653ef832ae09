/**
 * The servers the web benchmark measures: the console itself (`node scripts/start.mjs` on a
 * throwaway DATA_DIR, demo seed, mail to the outbox) and the floor page, built with Vite into a
 * temp dir with the console's precompression and served by the same static-file code
 * (server/routes/spa.routes.ts), so both are compressed and cached alike.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import getPort from 'get-port'
import react from '@vitejs/plugin-react'
import { Hono } from 'hono'
import { build } from 'vite'
import type { AppDeps } from '../../server/deps'
import { spaRoutes } from '../../server/routes/spa.routes'
import { precompress } from '../../scripts/precompress'

const root = path.resolve(import.meta.dirname, '../..')

/** A running server: its base URL (loopback) and how to stop it. */
export interface RunningServer {
  baseUrl: string
  stop(): Promise<void>
}

/** A free TCP port on 127.0.0.1. */
export const freePort = () => getPort({ host: '127.0.0.1' })

/** `vite build` of the console into dist/, so the figures are those of the code in the tree. */
export async function buildConsole(): Promise<void> {
  await build({ root, logLevel: 'warn' })
}

/** Builds bench/web/floor into a temp dir and serves it with the console's SPA routes on a free port. */
export async function startFloor(): Promise<RunningServer & { dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'))
  await build({
    configFile: false,
    root: path.join(import.meta.dirname, 'floor'),
    logLevel: 'warn',
    plugins: [react(), precompress()],
    build: { outDir: dir, emptyOutDir: true },
  })
  const app = new Hono()
  app.route('/', spaRoutes({ env: { ADMIN_EMAIL: 'admin@example.com' } as AppDeps['env'] }, dir))
  const port = await freePort()
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' })
  return {
    dir,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true })
          resolve()
        }),
      ),
  }
}

/**
 * `node scripts/start.mjs` on a fresh DATA_DIR with the demo seed; resolves once /api/health answers (≤ 300 s).
 * `env` adds or overrides variables (e.g. DATABASE_URL and SEED=none for a prepared database).
 */
export async function startConsole(env: Record<string, string> = {}): Promise<RunningServer & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a')
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', log, log],
  })
  let exited = false
  child.on('exit', () => (exited = true))
  const stop = async () => {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))])
    }
    fs.closeSync(log)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 300_000
  while (!(await healthy(baseUrl))) {
    if (exited || Date.now() > deadline) {
      const text = fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')
      await stop()
      throw new Error(`the console did not become healthy; log:\n${text}`)
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  return { baseUrl, dataDir, stop }
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`)).ok
  } catch {
    return false
  }
}
