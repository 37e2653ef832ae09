/**
 * PostgreSQL restarted under load: the real server process runs on a
 * private PostgreSQL cluster (tests/server/faults/private-postgres.ts) while four clients keep
 * reading and writing; the cluster is stopped, then started again. While it is down every answer
 * that needs the database is 503 'Database unavailable, try again shortly' (never a 500, never a
 * stack trace, in the body or in the server's log); once it is back the same requests succeed
 * again without restarting the server (the pool and the LISTEN connection reconnect).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE } from '../../../server/http/errors'
import { findPostgresBin, startPrivatePostgres, type PrivatePostgres } from './private-postgres'
import { SHARED_KEYS, signInByOutbox, startServer, waitFor, type ServerProcess } from './server-process'

type Answer = { at: number; kind: string; status: number; text: string }

const hasPostgres = findPostgresBin() !== undefined && process.platform === 'linux'
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-pg-restart-'))
let cluster: PrivatePostgres | undefined
let server: ServerProcess | undefined

beforeAll(async () => {
  if (!hasPostgres) return
  cluster = await startPrivatePostgres()
  server = await startServer({ dataDir, env: { DATABASE_URL: cluster.url(), ...SHARED_KEYS } })
})

afterAll(async () => {
  await server?.stop('SIGKILL')
  await cluster?.destroy()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe.skipIf(!hasPostgres)('PostgreSQL restarted under load', () => {
  it('answers 503 with a clear message while it is down and recovers by itself', async () => {
    const api = server!
    const authorization = `Bearer ${await signInByOutbox(api)}`
    const headers = { authorization, 'content-type': 'application/json' }
    const created = await fetch(`${api.url}/api/projects/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Outage probe', description: 'Read and edited while PostgreSQL restarts' }),
    })
    expect(created.status).toBe(201)
    const id = ((await created.json()) as { project: { _id: string } }).project._id

    const requests: Record<string, () => Promise<Response>> = {
      list: () => fetch(`${api.url}/api/projects?page=1&limit=20`, { headers }),
      detail: () => fetch(`${api.url}/api/projects/${id}`, { headers }),
      dashboard: () => fetch(`${api.url}/api/admin/dashboard/stats`, { headers }),
      edit: () =>
        fetch(`${api.url}/api/projects/${id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ discount: Math.floor(Math.random() * 50) }),
        }),
      verify: () =>
        fetch(`${api.url}/api/projects/${id}/verify`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ status: 'under_review', notes: 'Checked during the outage' }),
        }),
    }
    const answers: Answer[] = []
    let running = true
    // Writes twice over: a transaction open between two statements when the connection drops is
    // what once crashed the process (an 'error' event on a checked-out client).
    const load: [string, () => Promise<Response>][] = [
      ...Object.entries(requests),
      ['edit', requests.edit],
      ['verify', requests.verify],
    ]
    const clients = load.map(async ([kind, send]) => {
      while (running) {
        const res = await send().catch((error: unknown) => ({ status: 0, text: async () => String(error) }))
        answers.push({ at: Date.now(), kind, status: res.status, text: await res.text() })
      }
    })
    const since = (t: number) => answers.filter((a) => a.at >= t)
    try {
      await waitFor('answers before the outage', () =>
        answers.filter((a) => a.status === 200).length >= 20 ? true : undefined,
      )

      await cluster!.stop('fast')
      const down = Date.now()
      await waitFor(
        '503 answers of every kind while PostgreSQL is down',
        () => {
          const kinds = new Set(
            since(down)
              .filter((a) => a.status === 503)
              .map((a) => a.kind),
          )
          return kinds.size === Object.keys(requests).length ? true : undefined
        },
        20_000,
      )

      await cluster!.start()
      const up = Date.now()
      await waitFor(
        'every kind of request to succeed again',
        () => {
          const kinds = new Set(
            since(up)
              .filter((a) => a.status === 200)
              .map((a) => a.kind),
          )
          return kinds.size === Object.keys(requests).length ? true : undefined
        },
        30_000,
      )
    } catch (error) {
      const summary = answers
        .slice(-40)
        .map((a) => `${a.at} ${a.kind} ${a.status} ${a.text.slice(0, 100)}`)
        .join('\n')
      throw new Error(`${String(error)}\nlast answers:\n${summary}\n--- server output ---\n${api.log().slice(-3000)}`)
    } finally {
      running = false
      await Promise.all(clients)
    }

    const unavailable = answers.filter((a) => a.status === 503)
    expect(unavailable.length).toBeGreaterThan(0)
    expect(
      answers.filter((a) => a.status !== 200 && a.status !== 503),
      'only 200 or 503',
    ).toEqual([])
    for (const answer of unavailable) {
      expect(JSON.parse(answer.text)).toEqual({ success: false, message: DATABASE_UNAVAILABLE })
    }
    expect(api.child.exitCode).toBeNull()
    // No stack trace in the log either: one line per refused request.
    expect(api.log()).not.toMatch(/\n\s+at /)
    expect(api.log()).toContain(DATABASE_UNAVAILABLE)
  })
})
