/**
 * The process's fan-out of live events (decision 044): one LISTEN on `console_events`
 * (db/listen.ts), each notification parsed once (domain/live-events.ts) and handed to every open
 * stream of GET /api/events in memory. Audited changes are announced by migration 0034's trigger
 * at commit, claims and presence by their own NOTIFYs, so an event raised through any server
 * reaches the streams of all of them.
 */
import type { StreamEvent } from '../../src/api/schemas/live'
import { EVENTS_HEARTBEAT_MS } from '../../src/api/schemas/live'
import type { Database } from '../db/client'
import { listenChannel } from '../db/listen'
import { parseEventPayload, sseFrame } from '../domain/live-events'

/** The channel every server NOTIFYs live events on (migrations 0034-0036). */
export const EVENTS_CHANNEL = 'console_events'

/**
 * An open stream: told the events of each batch (those published within one batch window, oldest
 * first) with their SSE frames already encoded, and told to end (shutdown).
 */
export type EventSubscriber = { events: (events: StreamEvent[], frames: Uint8Array) => void; close: () => void }

const encoder = new TextEncoder()

/**
 * A stream whose reader leaves more than this unread (bytes) is ended rather than buffered without
 * bound: the client reconnects with its Last-Event-ID and gets the replay, or a resync when it is
 * too far behind. 1 MiB is thousands of change events, far more than a reading client holds.
 */
export const MAX_UNSENT_BYTES = 1 << 20

/**
 * How long the first event of a batch waits for others (ms) before the batch goes to every
 * stream. Each batch costs one write per stream, so on a busy marketplace (a hundred writes a
 * second) a window of 100 ms turns a hundred writes per stream and second into ten, for at most
 * 100 ms more delay, well inside the second a screen may take to follow (BENCHMARKS.md).
 */
export const BATCH_WINDOW_MS = 100

export class LiveEvents {
  private readonly subscribers = new Set<EventSubscriber>()
  private stopListening: (() => Promise<void>) | undefined
  private closed = false
  /** Events published in the current batch window, sent together at its end. */
  private batch: StreamEvent[] = []
  /** Whether notifications arrive (false before `listen` and while PostgreSQL is reconnecting). */
  listening = false

  /**
   * `heartbeatMs`: how often streams send a comment and check their token and session;
   * `maxUnsentBytes`: how far a stream's reader may fall behind (bytes written but not yet taken
   * by the connection) before the stream is ended (tests shorten both); `batchMs`: the batch
   * window (0: the events of one turn of the event loop).
   */
  constructor(
    readonly heartbeatMs: number = EVENTS_HEARTBEAT_MS,
    readonly maxUnsentBytes: number = MAX_UNSENT_BYTES,
    readonly batchMs: number = BATCH_WINDOW_MS,
  ) {}

  /** Start the LISTEN on `database` (main.ts; tests). Events before this are not seen. */
  async listen(database: Database): Promise<void> {
    this.stopListening = await listenChannel(database, EVENTS_CHANNEL, {
      onPayload: (payload) => {
        const event = parseEventPayload(payload)
        if (event) this.publish(event)
      },
      onUp: () => void (this.listening = true),
      onDown: () => void (this.listening = false),
    })
  }

  /**
   * Hand `event` to every open stream. Events published within one batch window are encoded once,
   * as one chunk, for all streams: the cost of a burst per stream is one write, not one per event
   * and stream.
   */
  publish(event: StreamEvent): void {
    this.batch.push(event)
    if (this.batch.length > 1) return
    if (this.batchMs > 0) setTimeout(() => this.flush(), this.batchMs).unref()
    else setImmediate(() => this.flush())
  }

  private flush(): void {
    const events = this.batch
    this.batch = []
    if (!this.subscribers.size) return
    const frames = encoder.encode(events.map(sseFrame).join(''))
    for (const subscriber of this.subscribers) {
      try {
        subscriber.events(events, frames)
      } catch {
        // A stream whose write failed is ending; its own abort handler unsubscribes it.
      }
    }
  }

  /** Add a stream; answers its unsubscribe. After `close()` the stream is ended at once. */
  subscribe(subscriber: EventSubscriber): () => void {
    if (this.closed) {
      subscriber.close()
      return () => {}
    }
    this.subscribers.add(subscriber)
    return () => void this.subscribers.delete(subscriber)
  }

  /** How many streams are open (tests, the bench). */
  get size(): number {
    return this.subscribers.size
  }

  /** End every stream and stop listening (graceful shutdown: streams must not hold the drain). */
  async close(): Promise<void> {
    this.closed = true
    for (const subscriber of [...this.subscribers]) subscriber.close()
    this.subscribers.clear()
    this.listening = false
    await this.stopListening?.()
  }
}
