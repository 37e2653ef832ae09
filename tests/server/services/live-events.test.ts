/**
 * services/live-events.ts: the events published within one batch window reach every stream as one
 * batch (one write each), in order; with no window, each turn of the event loop is a batch. The
 * timers are vitest's fake ones, so the window is moved, not waited for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StreamEvent } from '../../../src/api/schemas/live'
import { BATCH_WINDOW_MS, LiveEvents } from '../../../server/services/live-events'

const presence = (entityId: string): StreamEvent => ({ type: 'presence', entityType: 'project', entityId })

/** A stream that records the ids of each batch it is told. */
function recordingStream(live: LiveEvents) {
  const batches: string[][] = []
  live.subscribe({
    events: (events) => batches.push(events.map((e) => (e.type === 'presence' ? e.entityId : e.type))),
    close: () => {},
  })
  return batches
}

describe('live events batching', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('events published within the window go to every stream as one batch, oldest first', async () => {
    const live = new LiveEvents()
    const [a, b] = [recordingStream(live), recordingStream(live)]
    live.publish(presence('one'))
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS / 2)
    live.publish(presence('two'))
    live.publish(presence('three'))
    expect(a).toEqual([])
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS / 2)
    expect(a).toEqual([['one', 'two', 'three']])
    expect(b).toEqual(a)
    live.publish(presence('four'))
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS)
    expect(a).toEqual([['one', 'two', 'three'], ['four']])
  })

  it('without a window, each turn of the event loop is its own batch', async () => {
    const live = new LiveEvents(undefined, undefined, 0)
    const batches = recordingStream(live)
    live.publish(presence('one'))
    live.publish(presence('two'))
    await vi.advanceTimersByTimeAsync(0)
    live.publish(presence('three'))
    await vi.advanceTimersByTimeAsync(0)
    expect(batches).toEqual([['one', 'two'], ['three']])
  })
})
