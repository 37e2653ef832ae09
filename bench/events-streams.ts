/**
 * The event streams of bench/events.bench.ts, in a process of their own so that reading them does
 * not slow the load generator: `tsx bench/events-streams.ts URL TOKEN COUNT ENTITY_ID` opens COUNT
 * streams of GET /api/events (node:http, each stream's text fed to eventsource-parser, as the
 * console parses them), prints `ready` once all answered 200, then `<stream> <epoch ms>` for every
 * change of ENTITY_ID a stream receives. Ends with SIGTERM.
 *
 * The readers stand for browsers on other machines, yet here they share the server's cores, so
 * they do as little as a reader can: node:http instead of fetch's web streams, and JSON.parse only
 * for the events that name ENTITY_ID.
 */
import http from 'node:http'
import { createParser } from 'eventsource-parser'

const [url, token, count, entityId] = process.argv.slice(2)
const epochMs = () => performance.timeOrigin + performance.now()
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })

function open(index: number): Promise<void> {
  const parser = createParser({
    onEvent: (e) => {
      if (
        e.event === 'change' &&
        e.data.includes(entityId) &&
        (JSON.parse(e.data) as { entityId: string | null }).entityId === entityId
      )
        process.stdout.write(`${index} ${epochMs().toFixed(1)}\n`)
    },
  })
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/events`,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events answered ${response.statusCode}`))
          return
        }
        response.setEncoding('utf8')
        response.on('data', (text: string) => parser.feed(text))
        resolve()
      },
    )
    request.on('error', reject)
  })
}

await Promise.all(Array.from({ length: Number(count) }, (_, i) => open(i)))
process.stdout.write('ready\n')
process.on('SIGTERM', () => process.exit(0))
