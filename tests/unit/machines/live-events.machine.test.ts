import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { StreamEvent } from '../../../src/api/schemas/live'
import {
  liveEventsMachine,
  liveStatus,
  retryDelay,
  type LiveEventsEvent,
} from '../../../src/machines/live-events.machine'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const change = (id: string): StreamEvent => ({
  type: 'change',
  id,
  at: '2026-11-27T10:00:00.000Z',
  action: 'project.update',
  entityType: 'project',
  entityId: 'p1',
  actor: { id: 'a2', name: 'Asha' },
})
const down = () => new ApiError(0, 'Could not reach the server.', undefined, 'network')
const refused = () => new ApiError(401, 'Session expired. Please sign in again.')

/** A live actor whose token reads, streams and waits are held until the test settles them. */
function start() {
  const tokens: Array<{ rejected: string | null; d: ReturnType<typeof deferred<string>> }> = []
  const streams: Array<{
    token: string
    lastEventId: string | null
    send: (e: LiveEventsEvent) => void
    stopped: boolean
  }> = []
  const waits: Array<{ ms: number; d: ReturnType<typeof deferred<void>> }> = []
  const machine = liveEventsMachine.provide({
    actors: {
      accessToken: fromPromise<string, { rejected: string | null }>(({ input }) => {
        const d = deferred<string>()
        tokens.push({ rejected: input.rejected, d })
        return d.promise
      }),
      stream: fromCallback<LiveEventsEvent, { token: string; lastEventId: string | null }>(({ input, sendBack }) => {
        const entry = { ...input, send: sendBack, stopped: false }
        streams.push(entry)
        return () => void (entry.stopped = true)
      }),
      wait: fromPromise<void, number>(({ input }) => {
        const d = deferred<void>()
        waits.push({ ms: input, d })
        return d.promise
      }),
    },
  })
  const actor = createActor(machine).start()
  const received: StreamEvent[] = []
  actor.on('live.event', (e) => void received.push(e.event))
  return { actor, tokens, streams, waits, received, value: () => actor.getSnapshot().value }
}

describe('liveEventsMachine', () => {
  it('authorizes with the stored token, connects, opens and emits every event, keeping the last change id', async () => {
    const { tokens, streams, received, value, actor } = start()
    expect(value()).toBe('authorizing')
    expect(tokens[0].rejected).toBeNull()
    tokens[0].d.resolve('t1')
    await flush()
    expect(value()).toEqual({ live: 'connecting' })
    expect(streams[0]).toMatchObject({ token: 't1', lastEventId: null })
    streams[0].send({ type: 'stream.opened' })
    expect(value()).toEqual({ live: 'open' })
    expect(liveStatus(value())).toBe('open')
    streams[0].send({ type: 'stream.received', event: change('41'), id: '41' })
    streams[0].send({ type: 'stream.received', event: { type: 'presence', entityType: 'project', entityId: 'p1' } })
    expect(received.map((e) => e.type)).toEqual(['change', 'presence'])
    expect(actor.getSnapshot().context.lastEventId).toBe('41')
  })

  it('a stream that ends reconnects after 2 s with Last-Event-ID; waits double while it fails and reset once open', async () => {
    const { tokens, streams, waits, value } = start()
    tokens[0].d.resolve('t1')
    await flush()
    streams[0].send({ type: 'stream.opened' })
    streams[0].send({ type: 'stream.received', event: change('7'), id: '7' })
    streams[0].send({ type: 'stream.ended' })
    expect(value()).toBe('reconnecting')
    expect(liveStatus(value())).toBe('reconnecting')
    expect(streams[0].stopped).toBe(true)
    for (const ms of [2000, 4000, 8000, 16000, 30000, 30000]) {
      expect(waits.at(-1)?.ms).toBe(ms)
      waits.at(-1)?.d.resolve()
      await flush()
      expect(value()).toBe('authorizing')
      tokens.at(-1)?.d.resolve('t1')
      await flush()
      expect(streams.at(-1)).toMatchObject({ token: 't1', lastEventId: '7' })
      streams.at(-1)?.send({ type: 'stream.failed', status: 0 })
      expect(value()).toBe('reconnecting')
    }
    waits.at(-1)?.d.resolve()
    await flush()
    tokens.at(-1)?.d.resolve('t1')
    await flush()
    streams.at(-1)?.send({ type: 'stream.opened' })
    streams.at(-1)?.send({ type: 'stream.ended' })
    expect(waits.at(-1)?.ms).toBe(2000)
  })

  it('a 401 asks for a fresh token (not the refused one) and connects with it', async () => {
    const { tokens, streams, value } = start()
    tokens[0].d.resolve('old')
    await flush()
    streams[0].send({ type: 'stream.failed', status: 401 })
    expect(value()).toBe('authorizing')
    expect(tokens[1].rejected).toBe('old')
    tokens[1].d.resolve('new')
    await flush()
    expect(streams[1].token).toBe('new')
  })

  it('a refused refresh closes it (signed out); a network failure while refreshing waits and tries again', async () => {
    const a = start()
    a.tokens[0].d.reject(down())
    await flush()
    expect(a.value()).toBe('reconnecting')

    const b = start()
    b.tokens[0].d.reject(refused())
    await flush()
    expect(b.value()).toBe('closed')
    expect(b.actor.getSnapshot().status).toBe('done')
  })

  it('session.end closes it from any state and stops the stream', async () => {
    const { tokens, streams, actor, value } = start()
    tokens[0].d.resolve('t1')
    await flush()
    streams[0].send({ type: 'stream.opened' })
    actor.send({ type: 'session.end' })
    expect(value()).toBe('closed')
    expect(streams[0].stopped).toBe(true)
  })

  it('retryDelay: 2, 4, 8, 16 s, then 30 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 30000, 30000])
    expect(['authorizing', { live: 'connecting' }].map(liveStatus)).toEqual(['connecting', 'connecting'])
  })
})

const EVENTS = [
  { type: 'session.end' },
  { type: 'stream.opened' },
  { type: 'stream.received', event: change('1'), id: '1' },
  { type: 'stream.ended' },
  { type: 'stream.failed', status: 401 },
  { type: 'stream.failed', status: 0 },
  { type: 'xstate.done.actor.accessToken', output: 't' },
  { type: 'xstate.error.actor.accessToken', error: down() },
  { type: 'xstate.error.actor.accessToken', error: refused() },
  { type: 'xstate.done.actor.wait' },
] as unknown as LiveEventsEvent[]

describe('liveEventsMachine, model-based', () => {
  const paths = getSimplePaths(liveEventsMachine, {
    events: EVENTS,
    serializeState: (s) => JSON.stringify(s.value),
  })
  it('its simple paths reach every state', () => {
    expect(unreached(liveEventsMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['accessToken', 'wait'] as const)
      const machine = liveEventsMachine.provide({
        actors: { ...fakes.actors, stream: fromCallback(() => () => {}) },
      })
      await replay(machine, path, fakes)
    },
  )
})
