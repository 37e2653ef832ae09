/**
 * Live events across servers: two real server processes on one PostgreSQL database. A project
 * edited through server 1 reaches an event stream open on server 2 (migration 0034's NOTIFY at
 * commit, server 2's LISTEN), and a SIGTERM to server 2 ends its open stream at once and lets it
 * exit cleanly (streams do not hold the drain).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmptyPgDatabase } from '../../fixtures/pg-database'
import { readEventStream } from '../../fixtures/sse-reader'
import { POSTGRES_TESTS } from '../harness'
import { SHARED_KEYS, signInByOutbox, startServer, type ServerProcess } from '../faults/server-process'

const servers: ServerProcess[] = []
let database: Awaited<ReturnType<typeof createEmptyPgDatabase>> | undefined
let token = ''
let projectId = ''

const openStream = async (server: ServerProcess) => {
  const response = await fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  const events = readEventStream(response)
  await events.opened()
  return events
}

describe.skipIf(!POSTGRES_TESTS)('live events on two servers sharing one PostgreSQL database', () => {
  beforeAll(async () => {
    database = await createEmptyPgDatabase('console_live')
    const env = { DATABASE_URL: database.url, ...SHARED_KEYS }
    for (const n of [1, 2]) {
      servers.push(await startServer({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `live-${n}-`)), env }))
    }
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    projectId = crypto.randomUUID()
    await client.query(
      `INSERT INTO projects (id, title, description) VALUES ($1, 'Seen live', 'Edited on one server')`,
      [projectId],
    )
    await client.end()
    token = await signInByOutbox(servers[0])
  }, 180_000)

  afterAll(async () => {
    for (const server of servers) {
      await server.stop('SIGTERM')
      fs.rmSync(server.dataDir, { recursive: true, force: true })
    }
    await database?.drop().catch(() => {})
  })

  it('a write through server 1 reaches a stream open on server 2', async () => {
    const [one, two] = servers
    const events = await openStream(two)
    const res = await fetch(`${one.url}/api/projects/${projectId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Seen live on the other server' }),
    })
    expect(res.status).toBe(200)
    const change = await events.next((e) => e.event === 'change' && e.data.entityId === projectId, 'the change')
    expect(change.data).toMatchObject({
      action: 'project.update',
      entityType: 'project',
      actor: { name: expect.any(String) },
    })
    await events.close()
  })

  it('SIGTERM ends the open streams first and the server exits cleanly', async () => {
    const two = servers[1]
    const events = await openStream(two)
    const exit = two.stop('SIGTERM')
    await events.ended()
    expect(await exit).toEqual({ code: 0, signal: null })
  })
})
