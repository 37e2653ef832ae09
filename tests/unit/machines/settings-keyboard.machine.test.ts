/**
 * Settings → Keyboard: the single-key shortcuts switch flips at once and saves, a
 * success emits the server's preferences, a failure flips back and says why; every transition,
 * then a model-based walk of the simple paths.
 */
import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventObject } from 'xstate'
import { ApiError } from '../../../src/api/client'
import { DEFAULT_PREFERENCES, type Preferences } from '../../../src/api/schemas/preferences'
import { settingsKeyboardMachine } from '../../../src/machines/settings-keyboard.machine'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

function start(singleKeys = true) {
  const saves: Array<{ input: { singleKeys: boolean }; d: ReturnType<typeof deferred<Preferences>> }> = []
  const savePreferences = fromPromise(({ input }: { input: { singleKeys: boolean } }) => {
    const d = deferred<Preferences>()
    saves.push({ input, d })
    return d.promise
  })
  const actor = createActor(settingsKeyboardMachine.provide({ actors: { savePreferences } }), {
    input: { singleKeys },
  }).start()
  const emitted: EventObject[] = []
  actor.on('*', (e) => emitted.push(e))
  return {
    actor,
    saves,
    emitted,
    state: () => actor.getSnapshot().value,
    on: () => actor.getSnapshot().context.singleKeys,
  }
}

describe('settingsKeyboardMachine', () => {
  it('toggle flips the switch at once, saves the new value and emits the saved preferences', async () => {
    const { actor, saves, emitted, state, on } = start(true)
    actor.send({ type: 'singleKeys.toggle' })
    expect(state()).toBe('saving')
    expect(on()).toBe(false)
    expect(saves[0].input).toEqual({ singleKeys: false })
    // A second toggle while saving waits for the first.
    actor.send({ type: 'singleKeys.toggle' })
    expect(saves).toHaveLength(1)
    const saved = { ...DEFAULT_PREFERENCES, singleKeyShortcuts: false }
    saves[0].d.resolve(saved)
    await flush()
    expect(state()).toBe('idle')
    expect(on()).toBe(false)
    expect(emitted).toEqual([{ type: 'preferences.saved', preferences: saved }])
  })
  it('a failure puts the old value back and emits the reason, else the fallback', async () => {
    const { actor, saves, emitted, state, on } = start(false)
    actor.send({ type: 'singleKeys.toggle' })
    expect(on()).toBe(true)
    saves[0].d.reject(new ApiError(400, 'singleKeyShortcuts must be true or false'))
    await flush()
    actor.send({ type: 'singleKeys.toggle' })
    saves[1].d.reject(new Error(''))
    await flush()
    expect(state()).toBe('idle')
    expect(on()).toBe(false)
    expect(emitted).toEqual([
      { type: 'notify.error', text: 'singleKeyShortcuts must be true or false' },
      { type: 'notify.error', text: 'Failed to save the keyboard setting' },
    ])
  })
  it('preferences.loaded sets the value while idle, not while saving', () => {
    const { actor, on } = start(true)
    actor.send({ type: 'preferences.loaded', singleKeys: false })
    expect(on()).toBe(false)
    actor.send({ type: 'singleKeys.toggle' })
    actor.send({ type: 'preferences.loaded', singleKeys: false })
    expect(on()).toBe(true)
  })
})

describe('settingsKeyboardMachine, model-based', () => {
  const fakes = fakeActors(['savePreferences'])
  const logic = settingsKeyboardMachine.provide({ actors: fakes.actors })
  const events = [
    { type: 'singleKeys.toggle' },
    { type: 'preferences.loaded', singleKeys: false },
    { type: 'xstate.done.actor.savePreferences', output: { ...DEFAULT_PREFERENCES, singleKeyShortcuts: false } },
    { type: 'xstate.error.actor.savePreferences', error: new ApiError(500, '') },
  ] as EventObject[]
  const input = { singleKeys: true }
  const paths = getSimplePaths(logic, {
    events,
    input,
    serializeState: (s: { value: unknown; context: { singleKeys: boolean } }) =>
      JSON.stringify([s.value, s.context.singleKeys]),
  } as never)
  // A failure returns to the state a path started from, so simple paths never take it: the unit test above does.
  it('the simple paths reach every state', () => {
    expect(unreached(settingsKeyboardMachine, paths)).toEqual([])
  })
  it(`every simple path replays (${paths.length})`, async () => {
    for (const path of paths) await replay(logic, path, fakes, input)
  })
})
