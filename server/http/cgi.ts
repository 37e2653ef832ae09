/**
 * Run a CGI program (git http-backend) for one request: the request body is piped to its stdin,
 * its stdout is read as CGI headers (`Status: 404 Not Found`, `Content-Type: ...`, blank line)
 * followed by the body, which is streamed to the client without buffering.
 */
import { spawn } from 'node:child_process'
import { Readable } from 'node:stream'

/** Where the CGI headers end in `buf`: [index, separator length], or null. */
function headerEnd(buf: Buffer): [number, number] | null {
  const crlf = buf.indexOf('\r\n\r\n')
  const lf = buf.indexOf('\n\n')
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return [crlf, 4]
  return lf >= 0 ? [lf, 2] : null
}

/** Spawn `program` with the CGI `env` and answer its output as a Response. */
export async function runCgi(program: string, env: Record<string, string>, body: ReadableStream<Uint8Array> | null) {
  const child = spawn(program, [], { env, stdio: ['pipe', 'pipe', 'pipe'] })
  const stderr: Buffer[] = []
  child.stderr.on('data', (d: Buffer) => stderr.push(d))
  child.stdin.on('error', () => undefined) // the program may exit before reading everything (e.g. an error)
  if (body) Readable.fromWeb(body as import('node:stream/web').ReadableStream).pipe(child.stdin)
  else child.stdin.end()

  const chunks = child.stdout[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  let head = Buffer.alloc(0)
  let end: [number, number] | null = null
  while (!end) {
    const { value, done } = await chunks.next()
    if (done) break
    head = Buffer.concat([head, value])
    end = headerEnd(head)
  }
  if (!end) {
    const message = Buffer.concat(stderr).toString('utf8').trim() || 'CGI program produced no response'
    return new Response(JSON.stringify({ success: false, message }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    })
  }
  const headers = new Headers()
  let status = 200
  for (const line of head.subarray(0, end[0]).toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const key = line.slice(0, colon).trim()
    const value = line.slice(colon + 1).trim()
    if (key.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 500
    else headers.append(key, value)
  }
  const rest = head.subarray(end[0] + end[1])
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (rest.length) controller.enqueue(new Uint8Array(rest))
    },
    async pull(controller) {
      const { value, done } = await chunks.next()
      if (done) controller.close()
      else controller.enqueue(new Uint8Array(value))
    },
    cancel() {
      child.kill()
    },
  })
  return new Response(status === 204 || status === 304 ? null : stream, { status, headers })
}
