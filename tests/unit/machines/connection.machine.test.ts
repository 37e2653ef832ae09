import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import {
  BACK_ONLINE_MS,
  connectionMachine,
  connectionStatus,
  probeDelay,
  queriesMayRun,
  type ConnectionEvent,
} from '../../../src/machines/connection.machine'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

/** A live actor whose probes and waits are held until the test settles them. */
function start() {
  const probes: Array<ReturnType<typeof deferred<void>>> = []
  const waits: Array<{ ms: number; d: ReturnType<typeof deferred<void>> }> = []
  const machine = connectionMachine.provide({
    actors: {
      probe: fromPromise<void>(() => {
        const d = deferred<void>()
        probes.push(d)
        return d.promise
      }),
      wait: fromPromise<void, number>(({ input }) => {
        const d = deferred<void>()
        waits.push({ ms: input, d })
        return d.promise
      }),
    },
  })
  const actor = createActor(machine).start()
  const send = (type: ConnectionEvent['type']) => actor.send({ type })
  return { actor, send, probes, waits, value: () => actor.getSnapshot().value }
}

const down = () => new ApiError(0, 'Could not reach the server.', undefined, 'network')

describe('connectionMachine', () => {
  it('online ignores answers; a failed request is checked with one probe, and an answering probe keeps it online', async () => {
    const { send, probes, value } = start()
    send('request.answered')
    expect(value()).toBe('online')
    send('request.failed')
    expect(value()).toBe('checking')
    expect(probes).toHaveLength(1)
    probes[0].resolve()
    await flush()
    expect(value()).toBe('online')
  })

  it('checking: an answered request ends it as online; a failed probe goes to reconnecting', async () => {
    const a = start()
    a.send('request.failed')
    a.send('request.answered')
    expect(a.value()).toBe('online')

    const b = start()
    b.send('request.failed')
    b.send('request.failed') // a second failure while checking changes nothing
    expect(b.probes).toHaveLength(1)
    b.probes[0].reject(down())
    await flush()
    expect(b.value()).toEqual({ reconnecting: 'waiting' })
    expect(connectionStatus(b.value())).toBe('reconnecting')
  })

  it('reconnecting waits 1, 2, 4, 8, 8 s between probes, then a probe that answers shows Back online for a while', async () => {
    const { send, probes, waits, value } = start()
    send('request.failed')
    probes[0].reject(down())
    await flush()
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(waits.at(-1)?.ms).toBe([1000, 2000, 4000, 8000, 8000][attempt])
      waits.at(-1)?.d.resolve()
      await flush()
      expect(value()).toEqual({ reconnecting: 'probing' })
      send('request.failed') // failures while reconnecting are expected: no change
      expect(value()).toEqual({ reconnecting: 'probing' })
      probes.at(-1)?.reject(down())
      await flush()
      expect(value()).toEqual({ reconnecting: 'waiting' })
    }
    waits.at(-1)?.d.resolve()
    await flush()
    probes.at(-1)?.resolve()
    await flush()
    expect(value()).toBe('backOnline')
    expect(connectionStatus(value())).toBe('backOnline')
    expect(waits.at(-1)?.ms).toBe(BACK_ONLINE_MS)
    waits.at(-1)?.d.resolve()
    await flush()
    expect(value()).toBe('online')
    expect(connectionStatus(value())).toBe('online')
  })

  it('any answered request while reconnecting (waiting or probing) means back online', async () => {
    const { send, probes, waits, value } = start()
    send('request.failed')
    probes[0].reject(down())
    await flush()
    send('request.answered')
    expect(value()).toBe('backOnline')

    send('request.failed') // lost again while "Back online" shows: checked again
    expect(value()).toBe('checking')
    probes.at(-1)?.reject(down())
    await flush()
    waits.at(-1)?.d.resolve()
    await flush()
    expect(value()).toEqual({ reconnecting: 'probing' })
    send('request.answered')
    expect(value()).toBe('backOnline')
  })

  it('a new outage starts the waits from 1 s again', async () => {
    const { send, probes, waits } = start()
    send('request.failed')
    probes.at(-1)?.reject(down())
    await flush()
    waits.at(-1)?.d.resolve()
    await flush()
    probes.at(-1)?.reject(down())
    await flush()
    expect(waits.at(-1)?.ms).toBe(2000)
    send('request.answered')
    send('request.failed')
    probes.at(-1)?.reject(down())
    await flush()
    expect(waits.at(-1)?.ms).toBe(1000)
  })

  it('queries run online and once back, and pause from the first unexplained failure', () => {
    expect(['online', 'backOnline'].map(queriesMayRun)).toEqual([true, true])
    expect(['checking', { reconnecting: 'waiting' }, { reconnecting: 'probing' }].map(queriesMayRun)).toEqual([
      false,
      false,
      false,
    ])
  })

  it('probeDelay doubles from 1 s and stops at 8 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(probeDelay)).toEqual([1000, 2000, 4000, 8000, 8000, 8000])
  })
})

const EVENTS = [
  { type: 'request.failed' },
  { type: 'request.answered' },
  { type: 'xstate.done.actor.probe' },
  { type: 'xstate.error.actor.probe', error: down() },
  { type: 'xstate.done.actor.wait' },
] as unknown as ConnectionEvent[]

describe('connectionMachine, model-based', () => {
  const paths = getSimplePaths(connectionMachine, { events: EVENTS, serializeState: (s) => JSON.stringify(s.value) })
  it('its simple paths reach every state', () => {
    expect(unreached(connectionMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['probe', 'wait'] as const)
      await replay(connectionMachine.provide({ actors: fakes.actors }), path, fakes)
    },
  )
})
