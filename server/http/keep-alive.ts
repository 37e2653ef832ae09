/**
 * Kept-alive connections and request bodies the answer leaves unread, for the Node server
 * (main.ts). An answer sent before its request body was read to the end is safe to keep alive
 * only if the server can still discard the rest: Node does so for a body nobody touched. A body
 * whose web stream was opened (a route reading it, hono/body-limit counting a chunked body) is
 * held by that stream's backpressure once its queue is full: the socket stays paused,
 * @hono/node-server's drain cannot read on, and after 500 ms it closes the connection, with
 * whatever request the client sent on it meanwhile left unanswered.
 */
import { IncomingMessage } from 'node:http'
import type { Http2Bindings, HttpBindings } from '@hono/node-server'

/** The app's fetch as @hono/node-server calls it, with the Node request and response in `env`. */
type NodeFetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>

/**
 * `fetch` whose answers carry `Connection: close` when the request body's stream was opened
 * (`readableFlowing` is no longer null) and has not ended: the client then sends its next request
 * on a new connection instead of one the server is about to close, and Node closes this one once
 * the answer is written. It may close a connection that could have stayed open (a small body whose
 * end is a tick away); it never keeps one the drain will cut. Bodies nobody opened are not concerned.
 */
export function closeWhenBodyUnread(fetch: NodeFetch): NodeFetch {
  return async (request, env) => {
    const response = await fetch(request, env)
    const incoming = env.incoming
    // HTTP/1.1 only: HTTP/2 has no Connection header and closes a stream on its own.
    if (incoming instanceof IncomingMessage && incoming.readableFlowing !== null && !incoming.readableEnded) {
      response.headers.set('connection', 'close')
    }
    return response
  }
}
