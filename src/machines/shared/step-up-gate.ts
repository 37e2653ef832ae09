/**
 * The console's one step-up actor and `withStepUp(call)`, which any
 * machine's I/O actor wraps a sensitive call in: `fromPromise(({ input }) => withStepUp(() =>
 * revealBankAccount(input.id)))`. The call runs through the step-up machine: when the server
 * answers 403 `step_up_required`, the machine asks for the mailed code (the protected layout renders
 * its dialog from `stepUpGate.actor`) and runs the call once more.
 *
 * `withStepUp` resolves with the call's result; rejects with the call's own error (an ApiError
 * with the server's message and errors) when it fails for another reason or again after the code;
 * and rejects with `StepUpCancelled` when the admin cancels the dialog (nothing was changed: the
 * caller goes back to where it was without an error). Calls run one at a time, in order, so two
 * sensitive saves never ask for two codes at once.
 */
import { createActor, type ActorRefFrom } from 'xstate'
import { actorOptions } from './inspect'
import { stepUpMachine } from '../step-up.machine'

/** The admin cancelled the step-up dialog; the call was not made (again). */
export class StepUpCancelled extends Error {
  constructor() {
    super('Cancelled')
    this.name = 'StepUpCancelled'
  }
}

/** True when `error` is the admin's cancel of the step-up dialog. */
export const isStepUpCancelled = (error: unknown): boolean => error instanceof StepUpCancelled

export type StepUpActor = ActorRefFrom<typeof stepUpMachine>

/**
 * A gate over one step-up actor of `logic` (tests pass a machine with fake send/verify), started on
 * first use so that the `?inspect` inspector, which starts with the app, sees it.
 */
export function createStepUpGate(logic: typeof stepUpMachine = stepUpMachine) {
  let started: StepUpActor | null = null
  const get = () => (started ??= createActor(logic, actorOptions()).start())
  let queue: Promise<unknown> = Promise.resolve()

  /** One call through the actor; it rests in idle, done or failed between calls. */
  const once = <T>(call: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const actor = get()
      const sub = actor.subscribe((s) => {
        if (s.matches('done')) {
          sub.unsubscribe()
          resolve(s.context.result as T)
        } else if (s.matches('failed')) {
          sub.unsubscribe()
          const cause = s.context.cause
          actor.send({ type: 'dismiss' })
          reject(cause)
        } else if (s.matches('idle')) {
          sub.unsubscribe()
          reject(new StepUpCancelled())
        }
      })
      actor.send({ type: 'run', request: call })
    })

  return {
    /** The step-up actor the dialog renders. */
    get actor(): StepUpActor {
      return get()
    },
    /** Runs `call`, asking for a fresh code first when the server wants one; see the module comment. */
    run<T>(call: () => Promise<T>): Promise<T> {
      const result = queue.then(() => once(call))
      queue = result.catch(() => undefined)
      return result
    },
  }
}

/** The console's gate: its actor drives the step-up dialog of the protected layout. */
export const stepUpGate = createStepUpGate()

/** `call` through the console's step-up gate. */
export const withStepUp = <T>(call: () => Promise<T>): Promise<T> => stepUpGate.run(call)
