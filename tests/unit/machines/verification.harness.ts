/** Test harness of the verification machine: fake actors, settled by hand. */
import { createActor, fromPromise } from 'xstate'
import type { VerificationEntry, VerificationStatus } from '../../../src/api/schemas/projects'
import { verificationMachine, type VerificationEmitted } from '../../../src/machines/verification.machine'
import { deferred, flush } from '../../fixtures/project'

type D<T> = ReturnType<typeof deferred<T>>

/** A started verification actor with fake actors whose promises the test settles by hand. */
export function start() {
  const fetches: Array<D<VerificationEntry[]>> = []
  type Change = { projectId: string; status: VerificationStatus; notes: string }
  const submits: Array<{ input: Change; d: D<void> }> = []
  const updates: Array<{ input: Change & { entryId: string }; d: D<void> }> = []
  const deletes: Array<{ input: { projectId: string; entryId: string }; d: D<void> }> = []
  const track = <I, T>(list: Array<{ input: I; d: D<T> }>) =>
    fromPromise(({ input }: { input: I }) => {
      const d = deferred<T>()
      list.push({ input, d })
      return d.promise
    })
  const machine = verificationMachine.provide({
    actors: {
      fetchHistory: fromPromise(() => {
        const d = deferred<VerificationEntry[]>()
        fetches.push(d)
        return d.promise
      }),
      submitStatus: track(submits) as never,
      updateEntry: track(updates),
      deleteEntry: track(deletes),
    },
  })
  const actor = createActor(machine, { input: { projectId: 'p1', currentStatus: 'pending' } }).start()
  /** Resolves the first load with `entries` and waits for idle. */
  const loaded = async (entries: VerificationEntry[] = []) => {
    fetches[0].resolve(entries)
    await flush()
  }
  const emitted: VerificationEmitted[] = []
  actor.on('*', (e) => emitted.push(e as VerificationEmitted))
  const flow = () => (actor.getSnapshot().value as { flow: string }).flow
  const banner = () => (actor.getSnapshot().value as { banner: string }).banner
  return {
    actor,
    fetches,
    submits,
    updates,
    deletes,
    emitted,
    flow,
    banner,
    loaded,
    ctx: () => actor.getSnapshot().context,
  }
}
