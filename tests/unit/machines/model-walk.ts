/**
 * Model-based walks with @xstate/graph: the graph's paths are replayed on a real actor whose I/O
 * actors are fakes the walk settles. A path step `xstate.done.actor.{id}` resolves the fake
 * invoked as `{id}` with the step's output, `xstate.error.actor.{id}` rejects it, and
 * `xstate.after.{ms}.{state}` advances fake timers; any other step is sent as is. After every
 * step the actor must be where the graph says. Machines give their invokes `id` = the actor name.
 */
import { getStateNodes } from '@xstate/graph'
import { expect, vi } from 'vitest'
import {
  createActor,
  fromPromise,
  type AnyActorLogic,
  type AnyStateMachine,
  type EventObject,
  type Snapshot,
} from 'xstate'

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void }
// A fake stands in for actors of any output and input: the walk decides what it answers.
type FakeLogic = ReturnType<typeof fromPromise<any, any>>

/** Fake promise actors by name; each invocation waits until the walk settles it. */
export function fakeActors<N extends string>(names: readonly N[]) {
  const waiting = new Map<string, Deferred[]>()
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(
        () =>
          new Promise((resolve, reject) => {
            waiting.set(name, [...(waiting.get(name) ?? []), { resolve, reject }])
          }),
      ),
    ]),
  ) as Record<N, FakeLogic>
  const take = (name: string) => {
    const queue = waiting.get(name) ?? []
    const next = queue.pop()
    waiting.set(name, [])
    if (!next) throw new Error(`no ${name} is running`)
    return next
  }
  return { actors, take }
}

interface PathLike {
  steps: Array<{ event: EventObject; state: Snapshot<unknown> & { value?: unknown } }>
}

/** Replays `path` on `logic` (already `.provide()`d with `fakes.actors`), checking each state. */
export async function replay(
  logic: AnyActorLogic,
  path: PathLike,
  fakes: { take: (name: string) => Deferred },
  input?: unknown,
) {
  vi.useFakeTimers()
  try {
    const actor = createActor(logic, { input }).start()
    await vi.advanceTimersByTimeAsync(0)
    for (const { event, state } of path.steps) {
      const rest = event.type.split('.').slice(3)
      if (event.type.startsWith('xstate.done.actor.'))
        fakes.take(rest.join('.')).resolve((event as { output?: unknown }).output)
      else if (event.type.startsWith('xstate.error.actor.'))
        fakes.take(rest.join('.')).reject((event as { error?: unknown }).error)
      else if (event.type.startsWith('xstate.after.'))
        await vi.advanceTimersByTimeAsync(Number(event.type.split('.')[2]))
      else if (event.type !== 'xstate.init') actor.send(event)
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(state.value)
    }
    actor.stop()
  } finally {
    vi.useRealTimers()
  }
}

/** The state nodes of `machine` (paths like 'otpSent.code.verifying') that no state of the paths is in. */
export function unreached(machine: AnyStateMachine, paths: readonly PathLike[]): string[] {
  const states = paths.flatMap((p) => p.steps.map((s) => s.state as unknown as { matches: (v: unknown) => boolean }))
  return getStateNodes(machine)
    .filter((node) => node.path.length > 0)
    .filter((node) => !states.some((s) => s.matches(toValue(node.path))))
    .map((node) => node.path.join('.'))
}

/** ['a', 'b', 'c'] → { a: { b: 'c' } }; a parallel region's name matches when its parent is active. */
function toValue(path: string[]): unknown {
  return path.length === 1 ? path[0] : { [path[0]]: toValue(path.slice(1)) }
}
