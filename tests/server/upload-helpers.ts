/**
 * Helpers for the upload, repository, image and report API tests: multipart chunk posts, a
 * generated source tree, a real HTTP server for `git clone`, and reading a directory tree.
 */
import crypto from 'node:crypto'
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { serve } from '@hono/node-server'
import type { TestContext } from './harness'

export const run = promisify(execFile)

export type TreeFile = { path: string; data: Buffer }

/** POST one chunk to /api/upload/upload; `extra` adds or overrides text fields. */
export async function postChunk(
  ctx: TestContext,
  token: string,
  projectId: string,
  files: TreeFile[],
  chunkIndex: number,
  totalChunks: number,
  extra: Record<string, string> = {},
) {
  const form = new FormData()
  // A part's file name is a quoted string, which may hold no control character (RFC 7578): the
  // server reads paths from relativePaths, and a hostile path stays there.
  for (const f of files) {
    // eslint-disable-next-line no-control-regex -- replacing control characters is the point
    const name = path.basename(f.path).replace(/[\x00-\x1f\x7f]/g, '_')
    form.append('files', new Blob([new Uint8Array(f.data)]), name)
  }
  form.append('relativePaths', JSON.stringify(files.map((f) => f.path)))
  form.append('uploadType', 'folder')
  form.append('projectId', projectId)
  form.append('chunkIndex', String(chunkIndex))
  form.append('totalChunks', String(totalChunks))
  form.append('isFirstChunk', String(chunkIndex === 0))
  form.append('isLastChunk', String(chunkIndex === totalChunks - 1))
  for (const [k, v] of Object.entries(extra)) form.set(k, v)
  const res = await ctx.app.request('/api/upload/upload', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.status, body: (await res.json()) as any }
}

/** Upload `files` in chunks of 100; returns every response body. */
export async function uploadTree(ctx: TestContext, token: string, projectId: string, files: TreeFile[]) {
  const total = Math.ceil(files.length / 100)
  const bodies = []
  for (let i = 0; i < total; i++) {
    const res = await postChunk(ctx, token, projectId, files.slice(i * 100, (i + 1) * 100), i, total)
    if (res.status !== 200) throw new Error(`chunk ${i}: ${res.status} ${JSON.stringify(res.body)}`)
    bodies.push(res.body)
  }
  return bodies
}

/** A deterministic tree of `count` files (text and binary, nested folders), `bytes` each on average. */
export function generateTree(count: number, bytes = 200, seed = 'tree'): TreeFile[] {
  const files: TreeFile[] = []
  for (let i = 0; i < count; i++) {
    const dir = `src/module-${i % 37}/part-${i % 5}`
    const data = crypto.createHash('sha256').update(`${seed}-${i}`).digest()
    const size = Math.max(1, Math.round(bytes * (0.5 + (i % 10) / 10)))
    const body =
      i % 7 === 0
        ? Buffer.alloc(size, data)
        : Buffer.from(
            data
              .toString('hex')
              .repeat(Math.ceil(size / 64))
              .slice(0, size),
          )
    files.push({ path: `${dir}/file-${i}${i % 7 === 0 ? '.dat' : '.ts'}`, data: body })
  }
  return files
}

/** Every file under `root` (except .git) as path → bytes. */
export async function readTree(root: string): Promise<Map<string, Buffer>> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true })
  const result = new Map<string, Buffer>()
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    const rel = path.relative(root, full).split(path.sep).join('/')
    if (rel === '.git' || rel.startsWith('.git/')) continue
    result.set(rel, await fs.readFile(full))
  }
  return result
}

/** Serve the test app (or another app) on 127.0.0.1:<random port>; returns its base URL and a closer. */
export async function listen(ctx: Pick<TestContext, 'app'>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) }
}

/** `git clone` into a fresh temp folder; rejects with git's stderr on failure. */
export async function gitClone(url: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'clone-'))
  await run('git', ['clone', '--quiet', url, dir], { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })
  return dir
}
