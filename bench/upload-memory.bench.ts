/**
 * `npx tsx bench/upload-memory.bench.ts [--chunks 4] [--root <checkout>]`
 *
 * What a source chunk costs the server in memory: a real server process (as `npm start` runs it,
 * embedded PGlite, its own DATA_DIR) receives `--chunks` chunks at once, each a body of exactly
 * UPLOAD_LIMITS.chunkBodyBytes (text fields first, then 8 files just under the per-file bound), each
 * chunk 0 of 2 of its own project's upload, so it is staged and not committed. The server's RSS
 * (/proc/<pid>/status VmRSS) is sampled every 10 ms from before the first byte to the last answer;
 * the figure is the peak above the level before. Target: under 300 MB for 4 chunks. `--root` runs
 * another checkout's server (a before/after comparison).
 */
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { UPLOAD_LIMITS } from '../src/api/schemas/upload'
import { signInByOutbox, startServer } from '../tests/server/faults/server-process'

const { values: args } = parseArgs({ options: { chunks: { type: 'string', default: '4' }, root: { type: 'string' } } })
const MB = 1024 * 1024
const BOUNDARY = 'bench-upload-memory'
const FILES = 8

const field = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
const fileHead = (i: number) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="part-${i}.txt"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  )

/** The parts of one chunk body of exactly `chunkBodyBytes`: framing and fields as bytes, file contents as sizes. */
function chunkBody(projectId: string): { heads: Buffer[]; fileBytes: number; tail: Buffer; total: number } {
  const paths = Array.from({ length: FILES }, (_, i) => `src/part-${i}.txt`)
  const fields = Buffer.concat(
    Object.entries({
      relativePaths: JSON.stringify(paths),
      uploadType: 'folder',
      projectId,
      uploadId: `bench-${projectId.slice(0, 8)}`,
      chunkIndex: '0',
      totalChunks: '2',
      isFirstChunk: 'true',
      isLastChunk: 'false',
    }).map(([name, value]) => field(name, value)),
  )
  const heads = Array.from({ length: FILES }, (_, i) =>
    i === 0 ? Buffer.concat([fields, fileHead(i)]) : Buffer.concat([Buffer.from('\r\n'), fileHead(i)]),
  )
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
  const framing = heads.reduce((sum, h) => sum + h.length, 0) + tail.length
  const fileBytes = Math.floor((UPLOAD_LIMITS.chunkBodyBytes - framing) / FILES)
  if (fileBytes > UPLOAD_LIMITS.fileBytes) throw new Error('files would pass the per-file bound')
  return { heads, fileBytes, tail, total: framing + fileBytes * FILES }
}

/** POST one chunk body (Content-Length declared, sent in 1 MB pieces with backpressure); resolves with the status. */
function sendChunk(
  url: string,
  token: string,
  projectId: string,
): Promise<{ status: number; body: string; bytes: number }> {
  const body = chunkBody(projectId)
  const piece = Buffer.alloc(MB, 0x61)
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/upload/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(body.total),
      },
    })
    req.on('error', reject)
    req.on('response', async (res) => {
      let text = ''
      for await (const part of res) text += String(part)
      resolve({ status: res.statusCode ?? 0, body: text, bytes: body.total })
    })
    const write = (data: Buffer) =>
      req.write(data) ? Promise.resolve() : new Promise<void>((r) => req.once('drain', () => r()))
    void (async () => {
      for (const head of body.heads) {
        await write(head)
        for (let left = body.fileBytes; left > 0; left -= piece.length)
          await write(left >= piece.length ? piece : piece.subarray(0, left))
      }
      req.end(body.tail)
    })().catch(reject)
  })
}

/** VmRSS of `pid` in bytes (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-upload-memory-'))
  const server = await startServer({ dataDir, root: args.root })
  try {
    const token = await signInByOutbox(server)
    const create = async (i: number) => {
      const res = await fetch(`${server.url}/api/projects/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Memory ${i}`, description: 'Upload memory bench' }),
      })
      return ((await res.json()) as { project: { _id: string } }).project._id
    }
    const projects = await Promise.all(Array.from({ length: Number(args.chunks) }, (_, i) => create(i)))
    const pid = server.child.pid!
    const before = await rssOf(pid)
    let peak = before
    const sampler = setInterval(() => {
      void rssOf(pid).then(
        (rss) => {
          peak = Math.max(peak, rss)
        },
        () => {},
      )
    }, 10)
    const started = performance.now()
    const answers = await Promise.all(projects.map((id) => sendChunk(server.url, token, id)))
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    peak = Math.max(peak, await rssOf(pid))
    for (const a of answers) if (a.status !== 200) throw new Error(`chunk answered ${a.status}: ${a.body}`)
    const sent = answers.reduce((sum, a) => sum + a.bytes, 0)
    console.log(
      `${answers.length} chunks of ${(answers[0].bytes / MB).toFixed(2)} MB at once (${(sent / MB).toFixed(0)} MB) in ${seconds.toFixed(1)} s`,
    )
    console.log(
      `server RSS before ${(before / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, growth ${((peak - before) / MB).toFixed(0)} MB (target < 300 MB)`,
    )
  } finally {
    await server.stop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

await main()
