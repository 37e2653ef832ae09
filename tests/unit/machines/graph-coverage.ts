/**
 * Model-based test helpers over @xstate/graph: every state node id of a machine, the ids a set of
 * paths reaches, and a replay of one path on a live actor whose I/O actors are held fakes settled
 * by the path's own done/error events; the live actor must land where the model says.
 */
import { expect } from 'vitest'
import {
  createActor,
  fromPromise,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type Snapshot,
} from 'xstate'
import { drainMicrotasks, expectValue } from './model-walk'

interface PathLike {
  state: Snapshot<unknown>
  steps: ReadonlyArray<{ state: Snapshot<unknown>; event: EventObject }>
}

/** Ids of every state node below the root ('upload.busy.creatingDraft'). */
export function stateNodeIds(node: AnyStateNode): string[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [
    child.id,
    ...stateNodeIds(child),
  ])
}

const nodesOf = (snapshot: Snapshot<unknown>) =>
  (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes.map((n) => n.id)

/** Ids of the state nodes the paths rest in at any step. */
export function reachedIds(paths: readonly PathLike[]): Set<string> {
  return new Set(paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).flatMap(nodesOf))
}

/** Every state node of `machine` but the transient ones (only `always` out, never rested in) is reached. */
export function expectEveryStateReached(
  machine: AnyStateMachine,
  paths: readonly PathLike[],
  transient: readonly string[] = [],
) {
  const expected = stateNodeIds(machine.root)
    .filter((id) => !transient.includes(id))
    .sort()
  expect([...reachedIds(paths)].filter((id) => id !== machine.root.id).sort()).toEqual(expected)
}

/**
 * Fake I/O for replays: every actor it stands for waits until the replay settles it by invoke id
 * (`self.id`), so the path's own `xstate.done.actor.{id}` / `xstate.error.actor.{id}` events decide.
 */
export function heldActors() {
  const held = new Map<string, { resolve: (output: unknown) => void; reject: (error: unknown) => void }>()
  // `any` output and input: one fake stands for actors of every shape the machines declare.
  const actor = fromPromise<any, any>(
    ({ self }) =>
      new Promise((resolve, reject) => {
        held.set(self.id, { resolve, reject })
      }),
  )
  return { actor, held }
}

/** Replays `path` on a live actor of `machine` (I/O from one `heldActors()`), checking every step's state value. */
export async function replay(
  machine: AnyStateMachine,
  path: PathLike,
  held: ReturnType<typeof heldActors>['held'],
  input?: unknown,
) {
  held.clear()
  const actor = createActor(machine, { input }).start()
  for (const step of path.steps) {
    const event = step.event as EventObject & { output?: unknown; error?: unknown }
    const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
    if (event.type === 'xstate.init') continue
    if (settled) {
      const waiting = held.get(settled[2])
      if (!waiting)
        expect(
          waiting,
          `${settled[2]} is running after ${path.steps.map((s) => s.event.type).join(' → ')}`,
        ).toBeDefined()
      if (settled[1] === 'done') waiting?.resolve(event.output)
      else waiting?.reject(event.error)
      await drainMicrotasks()
    } else {
      actor.send(event)
    }
    expectValue(actor.getSnapshot().value, (step.state as unknown as { value: unknown }).value, () =>
      path.steps.map((s) => s.event.type).join(' → '),
    )
  }
  actor.stop()
}
