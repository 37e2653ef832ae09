/**
 * The live event stream's transport (GET /api/events, decision 044): one fetch with the bearer
 * access token and `Last-Event-ID`, its `text/event-stream` body read with eventsource-parser.
 * Fetch rather than EventSource, which cannot send an Authorization header. Reconnects, backoff
 * and fresh tokens belong to src/machines/live-events.machine.ts; this reads one connection.
 */
import { createParser } from 'eventsource-parser'
import * as v from 'valibot'
import { ApiError, NETWORK_ERROR, networkErrorText } from './client'
import { ErrorBodySchema } from './schemas/common'
import { StreamEventSchema, type StreamEvent } from './schemas/live'

export type EventStreamOptions = {
  token: string
  /** The `id:` of the last change received, sent as `Last-Event-ID` (null on a first connect). */
  lastEventId: string | null
  signal: AbortSignal
  /** The server answered 200: events follow. */
  onOpen: () => void
  /** One event; `id` is a change's audit id. Events that are not the contract's are skipped. */
  onEvent: (event: StreamEvent, id: string | undefined) => void
  /** Injected fetch (tests); the global one by default. */
  fetch?: typeof globalThis.fetch
}

/**
 * Open the stream and read it until the server ends it (resolves) or it fails: rejects with an
 * ApiError whose status is the refusal's (401: token expired or session signed out) or 0 with code
 * NETWORK_ERROR when no answer came or the connection dropped. An abort through `signal` resolves.
 */
export async function readEventStream(options: EventStreamOptions): Promise<void> {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  let response: Response
  try {
    response = await fetchImpl('/api/events', {
      headers: {
        authorization: `Bearer ${options.token}`,
        accept: 'text/event-stream',
        ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
      },
      signal: options.signal,
      cache: 'no-store',
    })
  } catch {
    if (options.signal.aborted) return
    throw new ApiError(0, networkErrorText('GET'), undefined, NETWORK_ERROR)
  }
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => undefined)
    const refusal = v.safeParse(ErrorBodySchema, body)
    throw refusal.success
      ? new ApiError(response.status, refusal.output.message, undefined, refusal.output.code)
      : new ApiError(response.status, 'The live updates could not start')
  }
  options.onOpen()
  const parser = createParser({
    onEvent: (message) => {
      let data: unknown
      try {
        data = JSON.parse(message.data)
      } catch {
        return
      }
      const parsed = v.safeParse(StreamEventSchema, data)
      if (parsed.success) options.onEvent(parsed.output, message.id)
    },
  })
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      parser.feed(value)
    }
  } catch {
    if (options.signal.aborted) return
    throw new ApiError(0, networkErrorText('GET'), undefined, NETWORK_ERROR)
  }
}
