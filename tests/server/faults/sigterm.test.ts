/**
 * SIGTERM drains: the real server process on PGlite gets SIGTERM
 * while a request is in flight (its body only half sent); new connections are refused at once,
 * the request in flight still completes and its write is kept, the process exits 0 and PGlite is
 * shut down cleanly (pg_control says "shut down", so the next start needs no crash recovery).
 */
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pgControlState, DB_SHUTDOWNED } from './pg-control'
import { signInByOutbox, startServer, waitFor, type ServerProcess } from './server-process'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-sigterm-'))
const servers: ServerProcess[] = []

afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Whether a TCP connection to `port` is refused now. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}

describe('SIGTERM', () => {
  it('finishes the request in flight, refuses new connections and closes the database cleanly', async () => {
    const server = await startServer({ dataDir })
    servers.push(server)
    const token = await signInByOutbox(server)
    const title = `Created while draining ${Date.now()}`
    const body = Buffer.from(JSON.stringify({ title, description: 'Sent in two halves around a SIGTERM' }))

    // Expect: 100-continue makes the server answer once it has parsed the headers: from then
    // on the request is in flight on the server, and only half of its body has been sent.
    const request = http.request(`${server.url}/api/projects/create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
        expect: '100-continue',
      },
    })
    const answered = new Promise<{ status: number; json: { project?: { title: string; _id: string } } }>(
      (resolve, reject) => {
        request.on('response', (res) => {
          let text = ''
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString()
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as never }))
        })
        request.on('error', reject)
      },
    )
    await new Promise<void>((resolve) => request.once('continue', resolve))
    request.write(body.subarray(0, 20))

    server.child.kill('SIGTERM')
    await waitFor(
      'new connections to be refused',
      async () => ((await refused(server.port)) ? true : undefined),
      10_000,
    )
    expect(server.child.exitCode).toBeNull() // still finishing the request in flight

    request.end(body.subarray(20))
    const { status, json } = await answered
    expect(status).toBe(201)
    expect(json.project?.title).toBe(title)
    const exit = await server.exited
    expect(exit, server.log()).toEqual({ code: 0, signal: null })
    expect(pgControlState(dataDir)).toBe(DB_SHUTDOWNED)

    // The write of the drained request is there after a restart.
    const again = await startServer({ dataDir })
    servers.push(again)
    const res = await fetch(`${again.url}/api/projects/${json.project?._id}`, {
      headers: { authorization: `Bearer ${await signInByOutbox(again)}` },
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { project: { title: string } }).project.title).toBe(title)
    await again.stop('SIGTERM')
    expect(pgControlState(dataDir)).toBe(DB_SHUTDOWNED)
  })
})
