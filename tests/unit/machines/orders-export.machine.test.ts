import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { OrderListFilters } from '../../../src/api/orders'
import { ordersExportMachine, type OrdersExportEmitted, type OrdersExportEvent } from '../../../src/machines/orders-export.machine'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const filters: OrderListFilters = { search: 'asha', status: 'pending', from: '2026-11-01', to: '' }

function start() {
  const calls: Array<{ input: OrderListFilters; d: ReturnType<typeof deferred<string>> }> = []
  const actor = createActor(ordersExportMachine.provide({
    actors: { fetchExportLink: fromPromise(({ input }: { input: OrderListFilters }) => {
      const d = deferred<string>()
      calls.push({ input, d })
      return d.promise
    }) },
  })).start()
  const emitted: OrdersExportEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, calls, emitted, state: () => actor.getSnapshot().value }
}

describe('ordersExportMachine', () => {
  it('idle → fetching (the current filters) → idle, emitting the signed URL to download', async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'export.start', filters })
    expect(state()).toBe('fetching')
    expect(calls[0].input).toEqual(filters)
    actor.send({ type: 'export.start', filters: { ...filters, status: '' } })
    expect(calls).toHaveLength(1)
    calls[0].d.resolve('/api/orders/export.csv?sig=abc')
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([{ type: 'download', url: '/api/orders/export.csv?sig=abc' }])
  })

  it("a failure says 'Failed to export orders: {msg}' and returns to idle", async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'export.start', filters })
    calls[0].d.reject(new ApiError(400, 'From must be on or before To'))
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Failed to export orders: From must be on or before To' }])
  })
})

const EVENTS = [
  { type: 'export.start', filters },
  { type: 'xstate.done.actor.fetchExportLink', output: '/x' },
  { type: 'xstate.error.actor.fetchExportLink', error: new ApiError(500, 'down') },
] as unknown as OrdersExportEvent[]
const paths = getSimplePaths(ordersExportMachine, { events: EVENTS })

describe('ordersExportMachine, model-based', () => {
  it('its simple paths reach every state', () => {
    expect(unreached(ordersExportMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))('path %i: %s', async (_, __, path) => {
    const fakes = fakeActors(['fetchExportLink'] as const)
    await replay(ordersExportMachine.provide({ actors: fakes.actors }), path, fakes)
  })
})
