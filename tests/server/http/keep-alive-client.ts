/**
 * A keep-alive HTTP client for the keep-alive tests (tests/server/http/keep-alive.test.ts): one
 * node:http Agent that keeps its connections open and reuses them, and `send`, which resolves with
 * the answer's status, whether the request went over a reused connection and the answer's
 * Connection header, or with the socket error ("socket hang up", ECONNRESET) when the server
 * closed the connection without answering.
 */
import http from 'node:http'

/** One request: `body` goes with Content-Length, or chunked (no Content-Length) when `chunked`. */
export type Sent = { method: string; path: string; headers?: Record<string, string>; body?: string; chunked?: boolean }

/** What came back: an HTTP answer or the error the connection ended with. */
export type Outcome =
  { status: number; reused: boolean; connection: string | undefined } | { error: string; reused: boolean }

/** An Agent with at most `connections` kept-alive sockets to each server. */
export const keepAliveAgent = (connections: number) => new http.Agent({ keepAlive: true, maxSockets: connections })

/** Send `sent` to `baseUrl` through `agent`; the whole answer is read before resolving. */
export function send(agent: http.Agent, baseUrl: string, sent: Sent): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...sent.headers }
    if (sent.body !== undefined && !sent.chunked) headers['content-length'] = String(Buffer.byteLength(sent.body))
    const request = http.request(`${baseUrl}${sent.path}`, { method: sent.method, headers, agent }, (res) => {
      res.resume()
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, reused: request.reusedSocket, connection: res.headers.connection }),
      )
      res.on('error', (error) =>
        resolve({ error: `${error.message} (after the answer's head)`, reused: request.reusedSocket }),
      )
    })
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: `${error.code ?? ''} ${error.message}`.trim(), reused: request.reusedSocket }),
    )
    if (sent.chunked && sent.body !== undefined) {
      // Several writes without Content-Length: Node sends them as chunks of a chunked body.
      for (let at = 0; at < sent.body.length; at += 64 * 1024) request.write(sent.body.slice(at, at + 64 * 1024))
      request.end()
    } else {
      request.end(sent.body)
    }
  })
}
