import { getPathsFromEvents, getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type AnyStateMachine } from 'xstate'
import { ApiError } from '../../../src/api/client'
import {
  csvExportMachine,
  exportFailureText,
  type CsvExportEmitted,
  type CsvExportEvent,
  type CsvExportRequest,
} from '../../../src/machines/csv-export.machine'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const request: CsvExportRequest = { resource: 'payments', filters: { search: 'txn', status: 'completed' } }

function start() {
  const calls: Array<{ request: CsvExportRequest; d: ReturnType<typeof deferred<string>> }> = []
  const machine = csvExportMachine.provide({
    actors: {
      fetchExportLink: fromPromise(({ input }: { input: CsvExportRequest }) => {
        const d = deferred<string>()
        calls.push({ request: input, d })
        return d.promise
      }),
    },
  })
  const actor = createActor(machine).start()
  const emitted: CsvExportEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, calls, emitted, state: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context }
}

describe('csvExportMachine', () => {
  it('idle → requesting (the link of the current filters) → idle, emitting the signed URL', async () => {
    const { actor, calls, emitted, state, ctx } = start()
    expect(state()).toBe('idle')
    actor.send({ type: 'export.start', request })
    expect(state()).toBe('requesting')
    expect(calls.map((c) => c.request)).toEqual([request])
    calls[0].d.resolve('/api/payments/export.csv?sig=abc')
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().request).toBeNull()
    expect(emitted).toEqual([{ type: 'export.ready', url: '/api/payments/export.csv?sig=abc' }])
  })

  it("a refused link says 'Failed to export CSV: {reason}' and returns to idle; no reason → Request failed", async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'export.start', request })
    calls[0].d.reject(new ApiError(400, 'Status must be one of pending, completed, failed, refunded'))
    await flush()
    expect(state()).toBe('idle')
    actor.send({
      type: 'export.start',
      request: { resource: 'orders', filters: { search: '', status: '', from: '', to: '' } },
    })
    calls[1].d.reject(new Error(''))
    await flush()
    expect(emitted).toEqual([
      {
        type: 'notify.error',
        text: 'Failed to export CSV: Status must be one of pending, completed, failed, refunded',
      },
      { type: 'notify.error', text: 'Failed to export CSV: Request failed' },
    ])
    expect(exportFailureText(new ApiError(0, 'Network down'))).toBe('Failed to export CSV: Network down')
  })

  it('a second export while one is requested is ignored', () => {
    const { actor, calls } = start()
    actor.send({ type: 'export.start', request })
    actor.send({ type: 'export.start', request })
    expect(calls).toHaveLength(1)
  })
})

const EVENTS = [
  { type: 'export.start', request },
  { type: 'xstate.done.actor.fetchExportLink', output: '/x.csv' },
  { type: 'xstate.error.actor.fetchExportLink', error: new ApiError(500, 'down') },
] as unknown as CsvExportEvent[]

describe('csvExportMachine, model-based', () => {
  const paths = getSimplePaths(csvExportMachine, { events: EVENTS, serializeState: (s) => JSON.stringify(s.value) })
  it('its simple paths reach every state', () => {
    expect(unreached(csvExportMachine, paths)).toEqual([])
  })
  it('the loop through every transition: start, done, start, ignored start, error, start', async () => {
    // The emitted-event type parameter trips getPathsFromEvents' typing; the machine is the same.
    const [loop] = getPathsFromEvents(csvExportMachine as unknown as AnyStateMachine, [
      EVENTS[0],
      EVENTS[1],
      EVENTS[0],
      EVENTS[0],
      EVENTS[2],
      EVENTS[0],
    ])
    expect(loop.steps.map((s) => s.state.value)).toEqual([
      'idle',
      'requesting',
      'idle',
      'requesting',
      'requesting',
      'idle',
      'requesting',
    ])
    const fakes = fakeActors(['fetchExportLink'] as const)
    await replay(csvExportMachine.provide({ actors: fakes.actors }), loop, fakes)
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['fetchExportLink'] as const)
      await replay(csvExportMachine.provide({ actors: fakes.actors }), path, fakes)
    },
  )
})
