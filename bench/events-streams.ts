/**
 * The event streams of bench/events.bench.ts, in a process of their own so that reading them does
 * not slow the load generator: `tsx bench/events-streams.ts URL TOKEN COUNT ENTITY_ID` opens COUNT
 * streams of GET /api/events (read with eventsource-parser, as the console reads them), prints
 * `ready` once all answered 200, then `<stream> <epoch ms>` for every change of ENTITY_ID a
 * stream receives. Ends with SIGTERM.
 */
import { createParser } from 'eventsource-parser'

const [url, token, count, entityId] = process.argv.slice(2)
const epochMs = () => performance.timeOrigin + performance.now()

async function open(index: number): Promise<void> {
  const response = await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${token}` } })
  if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}`)
  const parser = createParser({
    onEvent: (e) => {
      if (e.event === 'change' && (JSON.parse(e.data) as { entityId: string | null }).entityId === entityId)
        process.stdout.write(`${index} ${epochMs().toFixed(1)}\n`)
    },
  })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      parser.feed(value)
    }
  })()
}

await Promise.all(Array.from({ length: Number(count) }, (_, i) => open(i)))
process.stdout.write('ready\n')
process.on('SIGTERM', () => process.exit(0))
