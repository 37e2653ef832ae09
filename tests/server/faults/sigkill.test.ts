/**
 * SIGKILL in the middle of writes: the real server process on PGlite
 * is killed while the last chunk of an upload is being committed (killed as soon as the
 * repository appears on disk) and while a bulk update and a bulk verification change of 200
 * projects each are in flight, then restarted at once on the same DATA_DIR. It must start; each
 * write is all or nothing (project rows, verification history and audit rows, checked in the
 * database itself); a write answered 200 before the kill is all there; the project claims files
 * only if its repository has them; the upload repeated by the console (a new uploadId) succeeds;
 * `git fsck --strict` on the bare repository is clean.
 */
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureAdmin } from '../../../server/bootstrap'
import { openDatabase } from '../../../server/db/client'
import { auditLog, projects, verificationHistory } from '../../../server/db/schema'
import { generateTree, type TreeFile } from '../upload-helpers'
import { ADMIN, signInByOutbox, startServer, waitFor, type ServerProcess } from './server-process'

const run = promisify(execFile)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-sigkill-'))
const servers: ServerProcess[] = []
const GROUP = 400
const MARK = `Bulk verification cut by SIGKILL ${crypto.randomUUID()}`
let updateIds: string[] = []
let verifyIds: string[] = []
const calibrate = { update: [] as string[], verify: [] as string[] }
let uploadProjectId = ''

beforeAll(async () => {
  const database = await openDatabase({ dataDir })
  await ensureAdmin(database.db, ADMIN)
  await database.db.execute(sql`INSERT INTO projects (id, title, description, is_active, verification_status)
    SELECT gen_random_uuid(), 'Fault project ' || lpad(i::text, 3, '0'), 'Written while the server is killed', true, 'pending'
    FROM generate_series(1, ${4 * GROUP + 1}) AS i`)
  const ids = (await database.db.select({ id: projects.id }).from(projects).orderBy(projects.title)).map((r) => r.id)
  await database.close()
  updateIds = ids.slice(0, GROUP)
  verifyIds = ids.slice(GROUP, 2 * GROUP)
  calibrate.update = ids.slice(2 * GROUP, 3 * GROUP)
  calibrate.verify = ids.slice(3 * GROUP, 4 * GROUP)
  uploadProjectId = ids[4 * GROUP]
})

afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/**
 * Start on a DATA_DIR whose previous server was killed: the dead owner's lock is taken over at
 * once (server/data-dir-lock.ts), so the first start must succeed.
 */
async function restartAfterKill(): Promise<ServerProcess> {
  const server = await startServer({ dataDir })
  servers.push(server)
  return server
}

/** POST one chunk of `files` as the console does (multipart, relativePaths as JSON). */
async function postChunk(
  server: ServerProcess,
  token: string,
  uploadId: string,
  files: TreeFile[],
  chunkIndex: number,
  totalChunks: number,
) {
  const form = new FormData()
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)]), path.basename(f.path))
  form.append('relativePaths', JSON.stringify(files.map((f) => f.path)))
  form.append('uploadType', 'folder')
  form.append('projectId', uploadProjectId)
  form.append('uploadId', uploadId)
  form.append('chunkIndex', String(chunkIndex))
  form.append('totalChunks', String(totalChunks))
  form.append('isFirstChunk', String(chunkIndex === 0))
  form.append('isLastChunk', String(chunkIndex === totalChunks - 1))
  const res = await fetch(`${server.url}/api/upload/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.status, body: (await res.json()) as { data?: { committed: boolean }; message: string } }
}

const CHUNK = 100
const tree = generateTree(3 * CHUNK, 3000, 'sigkill')
const chunkOf = (i: number) => tree.slice(i * CHUNK, (i + 1) * CHUNK)

/** The bare repositories under DATA_DIR/git. */
const repos = () =>
  fs.existsSync(path.join(dataDir, 'git'))
    ? fs
        .readdirSync(path.join(dataDir, 'git'))
        .filter((d) => d.endsWith('.git'))
        .map((d) => path.join(dataDir, 'git', d))
    : []

/** Paths on `main` of the bare repository `gitDir` ([] without a main branch). */
async function filesOnMain(gitDir: string): Promise<string[]> {
  const { stdout } = await run('git', ['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', 'main']).catch(() => ({
    stdout: '',
  }))
  return stdout.split('\n').filter(Boolean).sort()
}

type Settled = 'ok' | 'failed' | 'pending'
/** Track a request: 'ok' once it answered 200, 'failed' for anything else (the kill cuts it). */
function track(promise: Promise<{ status: number }>) {
  const state = { value: 'pending' as Settled }
  promise.then(
    (r) => {
      state.value = r.status === 200 ? 'ok' : 'failed'
    },
    () => {
      state.value = 'failed'
    },
  )
  return state
}

/** Fire `send`, and SIGKILL `server` after `killAfterMs` (or when `killWhen` holds): what had answered then. */
async function killDuring(
  server: ServerProcess,
  send: () => Promise<{ status: number }>,
  kill: { afterMs?: number; when?: () => boolean },
): Promise<Settled> {
  const started = Date.now()
  const state = track(send())
  await waitFor(
    'the moment to kill',
    () =>
      state.value !== 'pending' ||
      (kill.when?.() ?? false) ||
      (kill.afterMs !== undefined && Date.now() - started >= kill.afterMs)
        ? true
        : undefined,
    30_000,
    1,
  )
  server.child.kill('SIGKILL')
  await server.exited
  return state.value
}

/** Calibration: call `warm` once (a cold first call is slower), then time `send`, in ms. */
async function timed(
  warm: () => Promise<{ status: number }>,
  send: () => Promise<{ status: number }>,
): Promise<number> {
  expect((await warm()).status).toBe(200)
  const started = Date.now()
  expect((await send()).status).toBe(200)
  return Date.now() - started
}

describe('SIGKILL during writes', () => {
  it('restarts at once with every write all or nothing, the upload repeatable and git fsck clean', async () => {
    const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 23)}]`, ...args)
    const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })
    const bulkUpdate =
      (server: ServerProcess, token: string, ids: string[], isActive = false) =>
      () =>
        fetch(`${server.url}/api/projects/bulk-update`, {
          method: 'POST',
          headers: headers(token),
          body: JSON.stringify({ ids, isActive }),
        })
    const bulkVerify =
      (server: ServerProcess, token: string, ids: string[], notes: string, status = 'rejected') =>
      () =>
        fetch(`${server.url}/api/projects/bulk-verify`, {
          method: 'POST',
          headers: headers(token),
          body: JSON.stringify({ ids, status, notes }),
        })

    // (b) A bulk update, killed at half the time the same update of other projects took.
    let server = await startServer({ dataDir })
    servers.push(server)
    let token = await signInByOutbox(server)
    const updateTook = await timed(
      bulkUpdate(server, token, calibrate.update),
      bulkUpdate(server, token, calibrate.update, true),
    )
    const atKill: Record<string, Settled> = {}
    atKill.bulkUpdate = await killDuring(server, bulkUpdate(server, token, updateIds), { afterMs: updateTook / 2 })
    log(`bulk update: ${updateTook} ms un-killed; at the kill: ${atKill.bulkUpdate}`)

    // (c) A bulk verification change, likewise.
    server = await restartAfterKill()
    token = await signInByOutbox(server)
    const verifyTook = await timed(
      bulkVerify(server, token, calibrate.verify, 'Calibration', 'approved'),
      bulkVerify(server, token, calibrate.verify, 'Calibration'),
    )
    atKill.bulkVerify = await killDuring(server, bulkVerify(server, token, verifyIds, MARK), {
      afterMs: verifyTook / 2,
    })
    log(`bulk verify: ${verifyTook} ms un-killed; at the kill: ${atKill.bulkVerify}`)

    // (a) A chunked upload, killed once its last chunk's commit has created the repository.
    server = await restartAfterKill()
    token = await signInByOutbox(server)
    for (const i of [0, 1])
      expect((await postChunk(server, token, 'crashed-upload', chunkOf(i), i, 3)).status).toBe(200)
    const srv = server
    atKill.upload = await killDuring(server, () => postChunk(srv, token, 'crashed-upload', chunkOf(2), 2, 3), {
      when: () => repos().length > 0,
    })
    log('upload: at the kill:', atKill.upload)

    // Restarted at once on the same DATA_DIR: it starts and serves.
    server = await restartAfterKill()
    token = await signInByOutbox(server)
    const api = server
    const project = async () =>
      (
        (await (await fetch(`${api.url}/api/projects/${uploadProjectId}`, { headers: headers(token) })).json()) as {
          project: { hasFiles: boolean; totalFileSize: number }
        }
      ).project
    // The project claims files only when its repository holds all of them.
    const afterCrash = await project()
    const expected = tree.map((f) => f.path).sort()
    if (afterCrash.hasFiles || atKill.upload === 'ok') {
      expect(afterCrash.hasFiles).toBe(true)
      expect(repos()).toHaveLength(1)
      expect(await filesOnMain(repos()[0])).toEqual(expected)
    }

    // The console repeats the upload with a new uploadId: it commits.
    let last: Awaited<ReturnType<typeof postChunk>> | undefined
    for (const i of [0, 1, 2]) {
      last = await postChunk(server, token, 'repeated-upload', chunkOf(i), i, 3)
      expect(last.status, JSON.stringify(last.body)).toBe(200)
    }
    expect(last?.body.data?.committed).toBe(true)
    const repeated = await project()
    expect(repeated.hasFiles).toBe(true)
    expect(repeated.totalFileSize).toBe(tree.reduce((sum, f) => sum + f.data.length, 0))
    expect(repos()).toHaveLength(1)
    expect(await filesOnMain(repos()[0])).toEqual(expected)
    const fsck = await run('git', ['--git-dir', repos()[0], 'fsck', '--strict', '--no-progress'])
    expect(fsck.stderr).not.toMatch(/error|fatal/i)

    // A clean stop, then the rows themselves.
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    const database = await openDatabase({ dataDir })
    try {
      const { db } = database
      const n = sql<number>`count(*)::int`
      const count = async (query: Promise<{ n: number }[]>) => (await query)[0].n
      const inactive = await count(
        db
          .select({ n })
          .from(projects)
          .where(and(inArray(projects.id, updateIds), eq(projects.isActive, false))),
      )
      const deactivations = await count(
        db
          .select({ n })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'project.update'), inArray(auditLog.entityId, updateIds))),
      )
      const rejected = await count(
        db
          .select({ n })
          .from(projects)
          .where(and(inArray(projects.id, verifyIds), eq(projects.verificationStatus, 'rejected'))),
      )
      const history = await count(db.select({ n }).from(verificationHistory).where(eq(verificationHistory.notes, MARK)))
      const verifications = await count(
        db
          .select({ n })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'project.verify'), inArray(auditLog.entityId, verifyIds))),
      )
      log('rows after the restarts:', { inactive, deactivations, rejected, history, verifications })
      // All or nothing, and all when the server had answered 200.
      expect([0, GROUP]).toContain(inactive)
      expect(deactivations).toBe(inactive)
      if (atKill.bulkUpdate === 'ok') expect(inactive).toBe(GROUP)
      expect([0, GROUP]).toContain(rejected)
      expect(history).toBe(rejected)
      expect(verifications).toBe(rejected)
      if (atKill.bulkVerify === 'ok') expect(rejected).toBe(GROUP)
    } finally {
      await database.close()
    }
  }, 180_000)
})
