/**
 * Every request over a kept-alive connection gets an HTTP answer: the real server process
 * (tests/server/faults/server-process.ts), clients that keep their connections open and reuse them
 * (keep-alive-client.ts). Mixed in with valid reads and writes: invalid JSON, wrong types, a wrong
 * content type, a bad token, and bodies the route answers without reading to their end (a large
 * body with a wrong content type or a bad token, a body over the limit, sent with Content-Length
 * or chunked). A server that closes a connection after such an answer, with the client's next
 * request already on it, leaves that request without an answer.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInByOutbox, startServer, type ServerProcess } from '../faults/server-process'
import { keepAliveAgent, send, type Outcome, type Sent } from './keep-alive-client'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-alive-'))
let server: ServerProcess
let token = ''
let projectId = ''

beforeAll(async () => {
  server = await startServer({ dataDir })
  token = await signInByOutbox(server)
  const created = await fetch(`${server.url}/api/projects/create`, {
    method: 'POST',
    body: JSON.stringify({
      title: 'Keep-alive probe',
      description: 'Edited by the keep-alive tests',
    }),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  })
  projectId = ((await created.json()) as { project: { _id: string } }).project._id
})

afterAll(async () => {
  await server?.stop('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A JSON text of about `bytes` bytes: a body of a few hundred KB arrives over several reads. */
const bigJson = (bytes: number) => JSON.stringify({ title: 'Large', description: 'd'.repeat(bytes) })

/** A kind of request and its answer's status; `closes`: its body cannot be discarded, so the answer says Connection: close. */
type Kind = { name: string; status: number; sent: () => Sent; closes?: true }

/** The requests sent: valid reads and a write, small invalid ones, and large bodies the route answers unread. */
function kinds() {
  const auth = { authorization: `Bearer ${token}` }
  const json = { ...auth, 'content-type': 'application/json' }
  const badToken = { authorization: 'Bearer x', 'content-type': 'application/json' }
  const create = (body: string, headers: Record<string, string> = json, chunked = false): Sent => ({
    method: 'POST',
    path: '/api/projects/create',
    headers,
    body,
    chunked,
  })
  let edits = 0
  const list: Kind = {
    name: 'list',
    status: 200,
    sent: () => ({ method: 'GET', path: '/api/projects?page=1&limit=5', headers: auth }),
  }
  const valid: Kind[] = [
    list,
    { name: 'detail', status: 200, sent: () => ({ method: 'GET', path: `/api/projects/${projectId}`, headers: auth }) },
    {
      name: 'edit',
      status: 200,
      sent: () => ({
        method: 'PUT',
        path: `/api/projects/${projectId}`,
        headers: json,
        body: JSON.stringify({ title: `Keep-alive probe ${++edits}` }),
      }),
    },
  ]
  const invalid: Kind[] = [
    { name: 'truncated JSON', status: 400, sent: () => create('{"title": "Half a') },
    { name: 'wrong types', status: 400, sent: () => create('{"title": 5, "description": ["x"]}') },
    { name: 'empty body', status: 400, sent: () => create('') },
    {
      name: 'bad id',
      status: 400,
      sent: () => ({ method: 'PUT', path: '/api/projects/not-an-id', headers: json, body: '{}' }),
    },
    { name: 'bad token', status: 401, sent: () => create('{}', badToken) },
  ]
  const large: Kind[] = [
    {
      name: '512 KB as text/plain',
      status: 400,
      sent: () => create(bigJson(512 * 1024), { ...auth, 'content-type': 'text/plain' }),
    },
    { name: '512 KB, bad token', status: 401, sent: () => create(bigJson(512 * 1024), badToken) },
    { name: 'over 1 MB', status: 413, sent: () => create(bigJson(1024 * 1024)) },
    { name: 'over 1 MB, chunked', status: 413, sent: () => create(bigJson(1280 * 1024), json, true), closes: true },
  ]
  return { list, small: [...valid, ...invalid], unread: [...invalid, ...large], large }
}

/** Send `total` requests from `clients` concurrent clients, request i of kind `pick(i)`; every outcome, in order. */
async function stream(total: number, clients: number, pick: (i: number) => Kind) {
  const agent = keepAliveAgent(clients)
  const outcomes: { kind: Kind; outcome: Outcome }[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < total; i = next++) {
        const kind = pick(i)
        outcomes[i] = { kind, outcome: await send(agent, server.url, kind.sent()) }
      }
    }),
  )
  agent.destroy()
  return outcomes
}

/** The requests that got no answer or another status than their kind's, as readable lines. */
const wrong = (outcomes: { kind: Kind; outcome: Outcome }[]) =>
  outcomes.flatMap(({ kind, outcome }, i) =>
    'error' in outcome
      ? [`#${i} ${kind.name}: no answer (${outcome.error})`]
      : outcome.status !== kind.status
        ? [`#${i} ${kind.name}: ${outcome.status}, expected ${kind.status}`]
        : [],
  )

describe('keep-alive connections', () => {
  it('stay open after an answered, unread body, and are closed with Connection: close when it cannot be discarded', async () => {
    const { list, unread } = kinds()
    const agent = keepAliveAgent(1)
    const said = (outcome: Outcome) =>
      'error' in outcome
        ? `no answer (${outcome.error})`
        : `${outcome.status} ${outcome.connection === 'close' ? 'close' : 'keep-alive'}`
    const seen: string[] = []
    for (const kind of unread) {
      const answer = await send(agent, server.url, kind.sent())
      const next = await send(agent, server.url, list.sent())
      seen.push(`${kind.name}: ${said(answer)}, then ${said(next)} on the ${next.reused ? 'same' : 'new'} connection`)
    }
    agent.destroy()
    expect(seen).toEqual(
      unread.map(
        (kind) =>
          `${kind.name}: ${kind.status} ${kind.closes ? 'close' : 'keep-alive'}, then 200 keep-alive on the ${kind.closes ? 'new' : 'same'} connection`,
      ),
    )
  })

  it('answer every one of 5,000 mixed invalid and valid requests from 8 clients', async () => {
    const { small, large } = kinds()
    // One request in ten carries a large body; the rest are small, as in a fuzzing run.
    const pick = (i: number) => (i % 10 === 9 ? large[Math.floor(i / 10) % large.length]! : small[i % small.length]!)
    const outcomes = await stream(5000, 8, pick)
    const problems = wrong(outcomes)
    expect(problems.slice(0, 10), `${problems.length} of 5,000 wrong`).toEqual([])
    // Kept alive: all but the first request of each connection (and those after a close) reused one.
    expect(outcomes.filter(({ outcome }) => outcome.reused).length).toBeGreaterThan(4500)
  }, 240_000)
})
