import { getSimplePaths } from '@xstate/graph'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import {
  PRESENCE_HEARTBEAT_MS,
  type PresenceTarget,
  type PresenceUpdate,
  type Viewer,
} from '../../../src/api/schemas/live'
import { presenceMachine, type PresenceEmitted, type PresenceEvent } from '../../../src/machines/presence.machine'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const target: PresenceTarget = { entityType: 'project', entityId: '0190a0b0-0000-7000-8000-000000000001' }
const asha: Viewer = { admin: { id: 'a', name: 'Asha Rao' }, section: 'details', since: '2026-11-27T10:00:00.000Z' }

/** A live actor whose heartbeats and leaves are held until the test settles them. */
function start(section: string | null = null) {
  const beats: Array<{ input: PresenceUpdate; d: ReturnType<typeof deferred<Viewer[]>>; signal: AbortSignal }> = []
  const leaves: PresenceTarget[] = []
  const actor = createActor(
    presenceMachine.provide({
      actors: {
        sendHeartbeat: fromPromise<Viewer[], PresenceUpdate>(({ input, signal }) => {
          const d = deferred<Viewer[]>()
          beats.push({ input, d, signal })
          return d.promise
        }),
        leave: fromPromise<void, PresenceTarget>(async ({ input }) => void leaves.push(input)),
      },
    }),
    { input: { target, section } },
  )
  const emitted: PresenceEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const send = (event: PresenceEvent) => actor.send(event)
  return { actor, send, beats, leaves, emitted, value: () => actor.getSnapshot().value }
}

afterEach(() => vi.useRealTimers())

describe('presenceMachine', () => {
  it('beats at once with the target and section, emits the others it answers, then waits a heartbeat period', async () => {
    vi.useFakeTimers()
    const { beats, emitted, value } = start('details')
    expect(value()).toBe('beating')
    expect(beats.map((b) => b.input)).toEqual([{ ...target, section: 'details' }])
    beats[0].d.resolve([asha])
    await vi.advanceTimersByTimeAsync(0)
    expect(value()).toBe('waiting')
    expect(emitted).toEqual([{ type: 'viewers.seen', viewers: [asha] }])
    await vi.advanceTimersByTimeAsync(PRESENCE_HEARTBEAT_MS - 1)
    expect(beats).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(value()).toBe('beating')
    expect(beats).toHaveLength(2)
  })

  it('a failed heartbeat shows nothing and waits for the next', async () => {
    vi.useFakeTimers()
    const { beats, emitted, value } = start()
    beats[0].d.reject(new ApiError(0, 'Could not reach the server.', undefined, 'network'))
    await vi.advanceTimersByTimeAsync(0)
    expect(value()).toBe('waiting')
    expect(emitted).toEqual([])
    await vi.advanceTimersByTimeAsync(PRESENCE_HEARTBEAT_MS)
    expect(beats).toHaveLength(2)
  })

  it('a section change beats at once, from waiting or over a heartbeat in flight; the same section does not', async () => {
    const { send, beats, value } = start()
    send({ type: 'section.change', section: null })
    expect(beats).toHaveLength(1)
    send({ type: 'section.change', section: 'details' })
    expect(beats).toHaveLength(2)
    expect(beats[0].signal.aborted).toBe(true)
    expect(beats[1].input.section).toBe('details')
    beats[1].d.resolve([])
    await flush()
    expect(value()).toBe('waiting')
    send({ type: 'section.change', section: 'details' })
    expect(value()).toBe('waiting')
    send({ type: 'section.change', section: null })
    expect(value()).toBe('beating')
    expect(beats.map((b) => b.input.section)).toEqual([null, 'details', null])
  })

  it('page.hide leaves (also as the actor stops right after), keeps section changes, and page.show beats again', async () => {
    const { actor, send, beats, leaves, value } = start()
    send({ type: 'page.hide' })
    expect(value()).toBe('away')
    expect(leaves).toEqual([target])
    send({ type: 'section.change', section: 'details' })
    expect(beats).toHaveLength(1)
    send({ type: 'page.show' })
    expect(value()).toBe('beating')
    expect(beats.at(-1)?.input).toEqual({ ...target, section: 'details' })
    beats.at(-1)?.d.resolve([])
    await flush()
    send({ type: 'page.hide' })
    actor.stop()
    expect(leaves).toEqual([target, target])
  })
})

const EVENTS = [
  { type: 'section.change', section: 'details' },
  { type: 'section.change', section: null },
  { type: 'page.hide' },
  { type: 'page.show' },
  { type: 'xstate.done.actor.sendHeartbeat', output: [asha] },
  { type: 'xstate.error.actor.sendHeartbeat', error: new ApiError(500, 'down') },
  { type: 'xstate.after.15000.presence.waiting' },
] as unknown as PresenceEvent[]
const paths = getSimplePaths(presenceMachine, {
  events: EVENTS,
  input: { target },
  serializeState: (s) => JSON.stringify([s.value, s.context.section]),
})

describe('presenceMachine, model-based', () => {
  it('its simple paths reach every state', () => {
    expect(unreached(presenceMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['sendHeartbeat', 'leave'] as const)
      await replay(presenceMachine.provide({ actors: fakes.actors }), path, fakes, { target })
    },
  )
})
