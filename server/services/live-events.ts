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
 * An open stream: told the events of each batch (those published in one turn of the event loop,
 * oldest first) with their SSE frames already encoded, and told to end (shutdown).
 */
export type EventSubscriber = { events: (events: StreamEvent[], frames: Uint8Array) => void; close: () => void }

const encoder = new TextEncoder()

/**
 * A stream whose reader leaves more than this unread (bytes) is ended rather than buffered without
 * bound: the client reconnects with its Last-Event-ID and gets the replay, or a resync when it is
 * too far behind. 1 MiB is thousands of change events, far more than a reading client holds.
 */
export const MAX_UNSENT_BYTES = 1 << 20

export class LiveEvents {
  private readonly subscribers = new Set<EventSubscriber>()
  private stopListening: (() => Promise<void>) | undefined
  private closed = false
  /** Events published in this turn of the event loop, sent together at its end. */
  private batch: StreamEvent[] = []
  /** Whether notifications arrive (false before `listen` and while PostgreSQL is reconnecting). */
  listening = false

  /**
   * `heartbeatMs`: how often streams send a comment and check their token and session;
   * `maxUnsentBytes`: how far a stream's reader may fall behind (bytes written but not yet taken
   * by the connection) before the stream is ended (tests shorten both).
   */
  constructor(
    readonly heartbeatMs: number = EVENTS_HEARTBEAT_MS,
    readonly maxUnsentBytes: number = MAX_UNSENT_BYTES,
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
   * Hand `event` to every open stream. Events published in one turn (PostgreSQL delivers a bulk
   * write's notifications together) are encoded once, as one chunk, for all streams: the cost of a
   * burst per stream is one write, not one per event and stream.
   */
  publish(event: StreamEvent): void {
    this.batch.push(event)
    if (this.batch.length === 1) setImmediate(() => this.flush())
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
