/**
 * E2E global setup: `npm start` (the real entry: builds the SPA when stale, migrates, seeds the
 * demo set) on a fresh DATA_DIR and a free port, with SMTP_URL pointing at a local SMTP sink
 * (tests/fixtures/smtp-sink.ts) so sign-in codes arrive as mail and never on the server log;
 * waits for /api/health. Provides `baseUrl`, `dataDir`, `mailDir` (the sink's .eml files) and the
 * admin's token pair (`adminTokens`, tests/e2e/session.ts).
 *
 * Teardown stops the server and scans everything it printed (DATA_DIR/server.log) for secrets
 * (log-scan.ts): a finding fails the run (exit code 1) and keeps DATA_DIR for a look.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import getPort from 'get-port'
import type { TestProject } from 'vitest/node'
import { codesInMailbox, startSmtpSink } from '../fixtures/smtp-sink'
import { scanLog, secretsOfRun } from './log-scan'
import { signInByApi } from './session'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    dataDir: string
    /** Where the SMTP sink stores each message the server sent, as an .eml file. */
    mailDir: string
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'))
  const sink = await startSmtpSink(fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-mail-')))
  const port = await getPort({ host: '127.0.0.1' })
  const baseUrl = `http://127.0.0.1:${port}`
  const logFile = path.join(dataDir, 'server.log')
  const log = fs.createWriteStream(logFile)
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED: 'demo', SMTP_URL: sink.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  const exit = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  let exited = false
  void exit.then(() => (exited = true))

  const deadline = Date.now() + 280_000
  for (;;) {
    if (exited) throw new Error(`server exited early; log: ${fs.readFileSync(logFile, 'utf8')}`)
    try {
      const res = await fetch(`${baseUrl}/api/health`)
      if (res.ok) break
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in time')
    await new Promise((r) => setTimeout(r, 500))
  }
  const adminTokens = await signInByApi(baseUrl, sink.dir)
  project.provide('baseUrl', baseUrl)
  project.provide('dataDir', dataDir)
  project.provide('mailDir', sink.dir)
  project.provide('adminTokens', adminTokens)

  /** Stop the server and the sink, then scan the log; throws on a finding. */
  const stopAndScan = async () => {
    child.kill('SIGTERM')
    // The scan reads the server's database: wait for it to close (a kill after 15 s).
    // The timer is unref'd: a pending one would keep vitest from exiting after a quick stop.
    const stopped = await Promise.race([
      exit.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 15_000).unref()),
    ])
    if (!stopped) {
      child.kill('SIGKILL')
      await exit
    }
    await sink.close()
    await new Promise<void>((resolve) => log.end(resolve))
    const { tokenDigests, bankNumbers } = await secretsOfRun(dataDir)
    const codes = codesInMailbox(sink.dir)
    const findings = scanLog(
      fs.readFileSync(logFile, 'utf8'),
      [
        { kind: 'access token', value: adminTokens.accessToken },
        { kind: 'refresh token', value: adminTokens.refreshToken },
        ...codes.map((value) => ({ kind: 'sign-in code', value })),
        ...bankNumbers.map((value) => ({ kind: 'bank account number', value })),
      ],
      tokenDigests,
    )
    // A scan that knows no secret proves nothing.
    if (!codes.length || !bankNumbers.length || !tokenDigests.size) {
      findings.push(
        `nothing to look for: ${codes.length} codes, ${bankNumbers.length} bank numbers, ${tokenDigests.size} tokens`,
      )
    }
    fs.rmSync(sink.dir, { recursive: true, force: true })
    if (findings.length) throw new Error(`secrets in the e2e server log ${logFile} (kept):\n${findings.join('\n')}`)
    console.log(
      `e2e log scan: clean (${codes.length} codes, ${bankNumbers.length} bank numbers, ` +
        `${tokenDigests.size} refresh/session tokens looked for)`,
    )
    if (!process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return async () => {
    try {
      await stopAndScan()
    } catch (error) {
      // Vitest reports a teardown error but would still exit 0: fail the run.
      process.exitCode = 1
      throw error
    }
  }
}
