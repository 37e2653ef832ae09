/**
 * Model-based walks with @xstate/graph: the graph's paths are replayed on a real actor whose I/O
 * actors are fakes the walk settles. A path step `xstate.done.actor.{id}` resolves the fake
 * invoked as `{id}` with the step's output, `xstate.error.actor.{id}` rejects it, and
 * `xstate.after.{ms}.{state}` advances fake timers; any other step is sent as is. After every
 * step the actor must be where the graph says. Machines give their invokes `id` = the actor name.
 */
import { getStateNodes } from '@xstate/graph'
import { isDeepStrictEqual } from 'node:util'
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

/**
 * expect(actual, message).toEqual(expected), with a plain deep comparison first: a replay checks
 * tens of thousands of steps, and the matcher's own bookkeeping costs more than the comparison.
 */
export function expectValue(actual: unknown, expected: unknown, message: string | (() => string)) {
  if (!isDeepStrictEqual(actual, expected))
    expect(actual, typeof message === 'string' ? message : message()).toEqual(expected)
}

/**
 * Resolves once every promise job queued so far has run, and every job those queue in turn: Node
 * drains the whole microtask queue before it runs a nextTick callback. A settled fake reaches its
 * machine through promise jobs only, so this is the wait for it, without a timer's delay.
 */
export const drainMicrotasks = () => new Promise<void>((resolve) => process.nextTick(resolve))

/**
 * Replays `path` on `logic` (already `.provide()`d with `fakes.actors`), checking each state.
 * Fake timers are installed only for a path with a delayed step; other steps wait for promise jobs
 * alone, so a replay costs no timer turns and thousands fit well inside a test's timeout.
 */
export async function replay(
  logic: AnyActorLogic,
  path: PathLike,
  fakes: { take: (name: string) => Deferred },
  input?: unknown,
) {
  const timed = path.steps.some(({ event }) => event.type.startsWith('xstate.after.'))
  if (timed) vi.useFakeTimers()
  try {
    const actor = createActor(logic, { input }).start()
    await drainMicrotasks()
    for (const { event, state } of path.steps) {
      const rest = event.type.split('.').slice(3)
      if (event.type.startsWith('xstate.done.actor.'))
        fakes.take(rest.join('.')).resolve((event as { output?: unknown }).output)
      else if (event.type.startsWith('xstate.error.actor.'))
        fakes.take(rest.join('.')).reject((event as { error?: unknown }).error)
      else if (event.type.startsWith('xstate.after.'))
        await vi.advanceTimersByTimeAsync(Number(event.type.split('.')[2]))
      else if (event.type !== 'xstate.init') actor.send(event)
      await drainMicrotasks()
      expectValue(actor.getSnapshot().value, state.value, `after ${event.type}`)
    }
    actor.stop()
  } finally {
    if (timed) vi.useRealTimers()
  }
}

/**
 * `paths` in consecutive slices of at most `maxSteps` steps in all (a longer path alone), each
 * with its 1-based range ('251-500'): a test per slice keeps every one well inside its timeout on
 * a busy machine, and together they still replay every path.
 */
export function slices<P extends { steps: readonly unknown[] }>(
  paths: readonly P[],
  maxSteps = 2000,
): Array<[range: string, slice: P[]]> {
  const out: Array<[string, P[]]> = []
  let from = 0
  let steps = 0
  paths.forEach((path, i) => {
    if (i > from && steps + path.steps.length > maxSteps) {
      out.push([`${from + 1}-${i}`, paths.slice(from, i)])
      from = i
      steps = 0
    }
    steps += path.steps.length
  })
  if (paths.length > from) out.push([`${from + 1}-${paths.length}`, paths.slice(from)])
  return out
}

/** The state nodes of `machine` (paths like 'otpSent.code.verifying') that no state of the paths is in, transient ones aside. */
export function unreached(machine: AnyStateMachine, paths: readonly PathLike[]): string[] {
  const states = paths.flatMap((p) => p.steps.map((s) => s.state as unknown as { matches: (v: unknown) => boolean }))
  return (
    getStateNodes(machine)
      .filter((node) => node.path.length > 0)
      // A state left at once by an unguarded eventless transition is never at rest in a snapshot.
      .filter((node) => !node.always?.some((t) => !t.guard))
      .filter((node) => !states.some((s) => s.matches(toValue(node.path))))
      .map((node) => node.path.join('.'))
  )
}

/** ['a', 'b', 'c'] → { a: { b: 'c' } }; a parallel region's name matches when its parent is active. */
function toValue(path: string[]): unknown {
  return path.length === 1 ? path[0] : { [path[0]]: toValue(path.slice(1)) }
}
