/**
 * E2E global setup: `npm start` (the real entry: builds the SPA when stale, migrates, seeds the
 * demo set) on a fresh DATA_DIR and a free port; waits for /api/health; stops it afterwards.
 * Provides `baseUrl`, `dataDir` and the admin's token pair (`adminTokens`, tests/e2e/session.ts).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import getPort from 'get-port'
import type { TestProject } from 'vitest/node'
import { signInByApi } from './session'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    dataDir: string
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'))
  const port = await getPort({ host: '127.0.0.1' })
  const baseUrl = `http://127.0.0.1:${port}`
  const log = fs.createWriteStream(path.join(dataDir, 'server.log'))
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED: 'demo', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  let exited = false
  child.on('exit', () => (exited = true))

  const deadline = Date.now() + 280_000
  for (;;) {
    if (exited) throw new Error(`server exited early; log: ${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`)
    try {
      const res = await fetch(`${baseUrl}/api/health`)
      if (res.ok) break
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in time')
    await new Promise((r) => setTimeout(r, 500))
  }
  project.provide('baseUrl', baseUrl)
  project.provide('dataDir', dataDir)
  project.provide('adminTokens', await signInByApi(baseUrl, dataDir))

  return async () => {
    child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 1000))
    if (!exited) child.kill('SIGKILL')
    if (!process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
