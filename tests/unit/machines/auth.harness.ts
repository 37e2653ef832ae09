/** Test harness of the auth machine: fake actors the tests settle by hand, and fake timers. */
import { vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate'
import { authMachine, type AuthEvent, type AuthInput } from '../../../src/machines/auth.machine'
import type { Admin } from '../../../src/api/schemas/auth'
import { deferred } from '../../fixtures/project'

export { deferred }

export const admin: Admin = {
  _id: 'a1',
  name: 'Asha Rao',
  email: 'admin@example.com',
  phone: '',
  role: 'admin',
  hasPassword: false,
}

interface Fakes {
  restore: ReturnType<typeof deferred<Admin | null>>
  sends: Array<{ email: string; d: ReturnType<typeof deferred<{ sessionToken: string }>> }>
  verifies: Array<{
    input: { email: string; otp: string; sessionToken: string }
    d: ReturnType<typeof deferred<Admin>>
  }>
  signOuts: number
  /** Every admin the machine's `rememberAdmin` action stored, in order. */
  remembered: Admin[]
  expire: (() => void) | null
}

/** A started auth actor over fake I/O; `input` as the entry passes it (the stored session's profile). */
export function start(input?: AuthInput) {
  const fakes: Fakes = { restore: deferred(), sends: [], verifies: [], signOuts: 0, remembered: [], expire: null }
  const machine = authMachine.provide({
    actions: {
      rememberAdmin: ({ context }) => {
        if (context.admin) fakes.remembered.push(context.admin)
      },
    },
    actors: {
      restoreSession: fromPromise(() => fakes.restore.promise),
      sendOtp: fromPromise(({ input }: { input: { email: string } }) => {
        const d = deferred<{ sessionToken: string }>()
        fakes.sends.push({ email: input.email, d })
        return d.promise
      }),
      verifyOtp: fromPromise(({ input }: { input: { email: string; otp: string; sessionToken: string } }) => {
        const d = deferred<Admin>()
        fakes.verifies.push({ input, d })
        return d.promise
      }),
      signOut: fromPromise(async () => {
        fakes.signOuts += 1
      }),
      watchSession: fromCallback<AuthEvent>(({ sendBack }) => {
        fakes.expire = () => sendBack({ type: 'session.expired' })
        return () => {
          fakes.expire = null
        }
      }),
    },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, fakes }
}

export const flush = () => vi.advanceTimersByTimeAsync(0)
export const value = (actor: AnyActorRef) => actor.getSnapshot().value

export async function toOtpSent() {
  const ctx = start()
  ctx.fakes.restore.resolve(null)
  await flush()
  ctx.actor.send({ type: 'email.change', email: ' admin@example.com ' })
  ctx.actor.send({ type: 'otp.send' })
  ctx.fakes.sends[0].d.resolve({ sessionToken: 'sess-1' })
  await flush()
  return ctx
}
