/**
 * Two servers, one console: two real server processes on one PostgreSQL
 * database, one S3 bucket (s3rver on a free loopback port) and one GIT_DIR, each with its own
 * DATA_DIR, driven alternately (round robin per request) through sign-in on one and refresh on
 * the other, a 1,000-file chunked upload whose chunks alternate (the last two arriving at both at
 * once) and its source report made once by whichever server's worker took the job (a re-run asked
 * of both at once too), images and a report uploaded on one and read on the other, a project edit on one seen in
 * the other's list (its page cache is told by NOTIFY), an order moved on one refreshing only the
 * other's cached page showing it (decision 054), a write with the version read on one refused
 * on the other once the first server changed it (decision 041), the OTP send limit counted across both,
 * and two moderators claiming one project for triage through different servers at once: one wins.
 */
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { minimalDocx, solidPng } from '../../fixtures/documents'
import { createEmptyPgDatabase } from '../../fixtures/pg-database'
import { waitForOtp } from '../../fixtures/mail-sign-in'
import { POSTGRES_TESTS } from '../harness'
import { SHARED_KEYS, startServer, waitFor, type ServerProcess } from '../faults/server-process'
import { startLocalS3, type LocalS3 } from '../s3-server'
import { generateTree, type TreeFile } from '../upload-helpers'

const run = promisify(execFile)
const ADMIN = 'admin@example.com'
const gitDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-git-'))
const servers: ServerProcess[] = []
let s3: LocalS3
let database: Awaited<ReturnType<typeof createEmptyPgDatabase>> | undefined
let token = ''
let projectId = ''

/** The servers in turn: every call gets the next one. */
let turn = 0
const next = () => servers[turn++ % servers.length]

async function api(server: ServerProcess, method: string, url: string, body?: unknown | FormData, auth = token) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as any, headers: res.headers }
}

describe.skipIf(!POSTGRES_TESTS)('two servers on one PostgreSQL database and one bucket', () => {
  beforeAll(async () => {
    s3 = await startLocalS3()
    database = await createEmptyPgDatabase('console_cluster')
    const env = { DATABASE_URL: database.url, ...SHARED_KEYS, GIT_DIR: gitDir, ...s3.env }
    for (const n of [1, 2]) {
      servers.push(await startServer({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `cluster-${n}-`)), env }))
    }
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    projectId = crypto.randomUUID()
    await client.query(
      `INSERT INTO projects (id, title, description, is_active, verification_status)
      VALUES ($1, 'Clustered project', 'Edited on two servers', true, 'pending')`,
      [projectId],
    )
    await client.end()
  }, 180_000)

  afterAll(async () => {
    for (const server of servers) {
      const exit = await server.stop('SIGTERM')
      if (exit.code !== 0) console.log(server.log().slice(-3000))
      fs.rmSync(server.dataDir, { recursive: true, force: true })
    }
    await database?.drop().catch(() => {})
    await s3?.close()
    fs.rmSync(gitDir, { recursive: true, force: true })
  })

  it("signs in on one and refreshes on the other; each accepts the other's tokens", async () => {
    const [a, b] = servers
    const sentAt = Date.now() - 1000
    const sent = await api(a, 'POST', '/api/auth/send-otp', { email: ADMIN }, '')
    expect(sent.status).toBe(200)
    const otp = await waitForOtp(path.join(a.dataDir, 'outbox'), ADMIN, sentAt)
    const verified = await api(
      b,
      'POST',
      '/api/auth/verify-otp',
      { email: ADMIN, otp, sessionToken: sent.body.sessionToken },
      '',
    )
    expect(verified.status).toBe(200)
    token = verified.body.tokens.accessToken
    for (const server of servers) expect((await api(server, 'GET', '/api/auth/profile')).body.admin.email).toBe(ADMIN)

    const refreshed = await api(b, 'POST', '/api/auth/refresh', { refreshToken: verified.body.tokens.refreshToken }, '')
    expect(refreshed.status).toBe(200)
    // The same rotation asked again on the other server inside the grace gets the same answer (RFC 9700 §4.14.2).
    const again = await api(a, 'POST', '/api/auth/refresh', { refreshToken: verified.body.tokens.refreshToken }, '')
    expect(again.status).toBe(200)
    expect(again.body.tokens.refreshToken).toBe(refreshed.body.tokens.refreshToken)
    token = refreshed.body.tokens.accessToken
    expect((await api(a, 'GET', '/api/auth/profile')).status).toBe(200)
  })

  it('commits a 1,000-file upload whose chunks alternate exactly once, the last two arriving at both at once', async () => {
    const tree = generateTree(1000, 200, 'cluster')
    const uploadId = crypto.randomUUID()
    const chunks = Array.from({ length: 10 }, (_, i) => tree.slice(i * 100, (i + 1) * 100))
    const post = (server: ServerProcess, index: number) => {
      const form = new FormData()
      for (const f of chunks[index]) form.append('files', new Blob([new Uint8Array(f.data)]), path.basename(f.path))
      form.append('relativePaths', JSON.stringify(chunks[index].map((f: TreeFile) => f.path)))
      form.append('uploadType', 'folder')
      form.append('projectId', projectId)
      form.append('uploadId', uploadId)
      form.append('chunkIndex', String(index))
      form.append('totalChunks', '10')
      form.append('isFirstChunk', String(index === 0))
      form.append('isLastChunk', String(index === 9))
      return api(server, 'POST', '/api/upload/upload', form)
    }
    for (let i = 0; i < 8; i++) {
      const res = await post(next(), i)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.data.committed).toBe(false)
    }
    const [eight, nine] = await Promise.all([post(servers[0], 8), post(servers[1], 9)])
    if (eight.status !== 200 || nine.status !== 200)
      console.log(servers.map((s) => s.log().slice(-3000)).join('\n----\n'))
    expect([eight.status, nine.status]).toEqual([200, 200])
    expect([eight.body.data.committed, nine.body.data.committed].filter(Boolean)).toHaveLength(1)
    // The last chunk sent again to both at once (a retry after a lost answer) is answered from the receipt: still one commit.
    const [resent, resentToo] = await Promise.all([post(servers[0], 9), post(servers[1], 9)])
    expect(resent.body.data).toMatchObject({ committed: true })
    expect(resentToo.body.data).toMatchObject({ committed: true, github: resent.body.data.github })
    const repo = path.join(gitDir, `${resent.body.data.github.repoName}.git`)
    const git = async (...args: string[]) => (await run('git', ['--git-dir', repo, ...args])).stdout.trim()
    expect(await git('rev-list', '--count', 'main')).toBe('1')
    expect((await git('ls-tree', '-r', '--name-only', 'main')).split('\n').sort()).toEqual(
      tree.map((f) => f.path).sort(),
    )
    await run('git', ['--git-dir', repo, 'fsck', '--strict'])
    // The staging in the bucket holds only the receipt now.
    const staged = await s3.storage.list(`uploads/${projectId}`)
    expect(staged.map((o) => path.basename(o.key))).toEqual(['committed.json'])
    const project = await api(next(), 'GET', `/api/projects/${projectId}`)
    expect(project.body.project).toMatchObject({ hasFiles: true })
  })

  it("analyses the upload's commit once though both servers saw it, and a re-run asked of both at once once more", async () => {
    const ready = () =>
      waitFor(
        'the source report',
        async () => {
          const res = await api(next(), 'GET', `/api/projects/${projectId}/source-report`)
          return res.body.state === 'ready' ? res.body : undefined
        },
        120_000,
        200,
      )
    const first = await ready()
    expect(first.report.files.count).toBe(1000)
    const jobRows = async () => {
      const client = new pg.Client({ connectionString: database!.url })
      await client.connect()
      try {
        const { rows } = await client.query(
          `SELECT status, attempts, locked_by FROM jobs WHERE kind = 'source-report' AND key LIKE $1`,
          [`${projectId}:%`],
        )
        const reports = await client.query('SELECT count(*)::int AS n FROM source_reports WHERE project_id = $1', [
          projectId,
        ])
        return { jobs: rows, reports: reports.rows[0].n as number }
      } finally {
        await client.end()
      }
    }
    const once = await jobRows()
    expect(once.jobs).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })])
    expect(once.reports).toBe(1)

    const reruns = await Promise.all(servers.map((s) => api(s, 'POST', `/api/projects/${projectId}/source-report`)))
    expect(reruns.map((r) => r.status)).toEqual([200, 200])
    expect(reruns.map((r) => r.body.message).sort()).toEqual(['Analysis queued', 'The analysis is already queued'])
    await waitFor(
      'the re-run to finish',
      async () => ((await jobRows()).jobs[0].status === 'done' ? true : undefined),
      120_000,
      200,
    )
    const twice = await jobRows()
    expect(twice.jobs).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })])
    expect(twice.reports).toBe(1)
    expect((await ready()).report.commit).toBe(first.report.commit)
  }, 240_000)

  it('serves images and the report uploaded on one from the other', async () => {
    const [a, b] = servers
    const form = new FormData()
    const png = await solidPng('#0a6', 6, 4)
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png')
    const added = await api(a, 'POST', `/api/storage/projects/${projectId}/images`, form)
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const imageUrl = new URL(added.body.images[0].url, a.url)
    const [fromA, fromB] = await Promise.all(servers.map((s) => fetch(`${s.url}${imageUrl.pathname}`)))
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('content-type')).toBe('image/png')
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true)

    const docx = await minimalDocx('Clustered')
    const report = new FormData()
    report.append('report', new Blob([new Uint8Array(docx)]), 'Report.docx')
    report.append('price', '499')
    expect((await api(a, 'POST', `/api/admin/projects/${projectId}/report`, report)).status).toBe(200)
    const link = await api(b, 'GET', `/api/admin/projects/${projectId}/report/download`)
    expect(link.status).toBe(200)
    // With S3 the link is a presigned URL of the bucket, not a route of either server.
    expect(link.body.downloadUrl.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/reports/`)).toBe(true)
    const file = await fetch(link.body.downloadUrl)
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(docx)).toBe(true)
  })

  it("shows an edit made on one in the other's list as soon as its notification arrives", async () => {
    const [a, b] = servers
    const list = () => api(b, 'GET', '/api/projects?search=Clustered&limit=10')
    expect((await list()).body.projects.map((p: { title: string }) => p.title)).toContain('Clustered project')
    expect((await list()).headers.get('x-cache')).toMatch(/hit/i)
    const title = `Clustered project ${crypto.randomBytes(3).toString('hex')}`
    expect((await api(a, 'PUT', `/api/projects/${projectId}`, { title })).status).toBe(200)
    const edited = performance.now()
    await waitFor(
      "the edit in the other server's list",
      async () => (await list()).body.projects.some((p: { title: string }) => p.title === title) || undefined,
      1000,
      5,
    )
    console.log(`edit on one server seen in the other's list after ${(performance.now() - edited).toFixed(1)} ms`)
  })

  it("keeps the other's cached order pages a status move cannot reach, and refreshes the one showing it", async () => {
    const [a, b] = servers
    const client = new pg.Client({ connectionString: database!.url })
    await client.connect()
    const older = crypto.randomUUID()
    await client.query(
      `INSERT INTO orders (id, order_id, created_at) VALUES ($1, 'ORD-CLUSTER-1', '2021-01-01T00:00:00Z'),
        (gen_random_uuid(), 'ORD-CLUSTER-2', '2022-01-01T00:00:00Z')`,
      [older],
    )
    await client.end()
    const newest = () => api(b, 'GET', '/api/orders?search=ord-cluster&limit=1')
    const shown = () => api(b, 'GET', '/api/orders?search=ord-cluster-1')
    await waitFor('both orders listed', async () => (await newest()).body.pagination.total === 2 || undefined)
    expect((await shown()).body.orders[0].status).toBe('pending')
    expect((await newest()).headers.get('x-cache')).toBe('hit')

    expect((await api(a, 'PUT', `/api/orders/${older}/status`, { status: 'confirmed' })).status).toBe(200)
    await waitFor(
      "the move in the other server's page showing the order",
      async () => (await shown()).body.orders[0].status === 'confirmed' || undefined,
    )
    const kept = await newest()
    expect(kept.headers.get('x-cache')).toBe('hit')
    expect(kept.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual(['ORD-CLUSTER-2'])
  })

  it('refuses on one server a write based on a version the other server replaced', async () => {
    const [a, b] = servers
    const opened = await api(b, 'GET', `/api/projects/${projectId}`)
    const etag = opened.headers.get('etag')!
    expect(etag).toBe(`"${opened.body.project.updatedAt}"`)
    const put = (server: ServerProcess, title: string) =>
      fetch(`${server.url}/api/projects/${projectId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'if-match': etag },
        body: JSON.stringify({ title }),
      })
    const first = await put(a, 'Saved on one')
    expect(first.status).toBe(200)
    const second = await put(b, 'Saved on the other')
    expect(second.status).toBe(409)
    const body = await second.json()
    expect(body).toMatchObject({ code: 'version_conflict', version: (await first.json()).project.updatedAt })
    expect(body.changes).toMatchObject([
      { action: 'project.update', fields: ['title'], after: { title: 'Saved on one' } },
    ])
    expect((await api(b, 'GET', `/api/projects/${projectId}`)).body.project.title).toBe('Saved on one')
  })

  it('lets exactly one of two moderators claim a project when they claim it through different servers at once', async () => {
    const [a, b] = servers
    const second = `moderator-${crypto.randomBytes(3).toString('hex')}@example.com`
    const projects: string[] = Array.from({ length: 5 }, () => crypto.randomUUID())
    const client = new pg.Client({ connectionString: database!.url })
    await client.connect()
    try {
      await client.query(`INSERT INTO users (id, name, email, is_admin) VALUES ($1, 'Asha', $2, true)`, [
        crypto.randomUUID(),
        second,
      ])
      for (const id of projects)
        await client.query(
          `INSERT INTO projects (id, title, description, verification_status) VALUES ($1, 'Contested', 'd', 'pending')`,
          [id],
        )
    } finally {
      await client.end()
    }
    const signIn = async (server: ServerProcess, email: string) => {
      const sentAt = Date.now() - 1000
      const sent = await api(server, 'POST', '/api/auth/send-otp', { email }, '')
      const otp = await waitForOtp(path.join(server.dataDir, 'outbox'), email, sentAt)
      const verified = await api(
        server,
        'POST',
        '/api/auth/verify-otp',
        { email, otp, sessionToken: sent.body.sessionToken },
        '',
      )
      // Says what the server answered when the sign-in fails, not only that tokens are missing.
      expect(verified.status, `send-otp ${sent.status}, verify-otp ${JSON.stringify(verified.body)}`).toBe(200)
      return verified.body.tokens.accessToken as string
    }
    const tokens = [await signIn(a, ADMIN), await signIn(b, second)]
    for (const id of projects) {
      const url = `/api/admin/triage/projects/${id}/claim`
      const answers = await Promise.all([
        api(a, 'POST', url, undefined, tokens[0]),
        api(b, 'POST', url, undefined, tokens[1]),
      ])
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
      const won = answers.find((r) => r.status === 200)!.body.claim
      expect(answers.find((r) => r.status === 409)!.body).toMatchObject({ code: 'claimed', claim: won })
    }
    const live = await api(a, 'GET', '/api/admin/triage/claims', undefined, tokens[0])
    expect(live.body.claims.filter((c: { projectId: string }) => projects.includes(c.projectId))).toHaveLength(5)
  })

  it('counts the OTP send limit across both servers', async () => {
    const email = `limit-${crypto.randomBytes(3).toString('hex')}@example.com`
    for (let i = 0; i < 5; i++)
      expect((await api(next(), 'POST', '/api/auth/send-otp', { email }, '')).status).toBe(200)
    for (const server of servers) {
      const refused = await api(server, 'POST', '/api/auth/send-otp', { email }, '')
      expect(refused.status).toBe(429)
      expect(refused.body.message).toMatch(/^Too many OTP requests\. Please try again in \d+ minutes?\.$/)
    }
  })
})
