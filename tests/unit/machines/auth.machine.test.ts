import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate'
import { authMachine, emailProblem, SESSION_EXPIRED_MESSAGE, type AuthEvent } from '../../../src/machines/auth.machine'
import { ApiError } from '../../../src/api/client'
import type { Admin } from '../../../src/api/schemas/auth'

const admin: Admin = { _id: 'a1', name: 'Asha Rao', email: 'admin@example.com', phone: '', role: 'admin' }

/** A promise the test settles by hand, so each transition is observed in isolation. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

interface Fakes {
  restore: ReturnType<typeof deferred<Admin | null>>
  sends: Array<{ email: string; d: ReturnType<typeof deferred<{ sessionToken: string }>> }>
  verifies: Array<{ input: { email: string; otp: string; sessionToken: string }; d: ReturnType<typeof deferred<Admin>> }>
  signOuts: number
  expire: (() => void) | null
}

function start() {
  const fakes: Fakes = { restore: deferred(), sends: [], verifies: [], signOuts: 0, expire: null }
  const machine = authMachine.provide({
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
  const actor = createActor(machine).start()
  return { actor, fakes }
}

const flush = () => vi.advanceTimersByTimeAsync(0)
const value = (actor: AnyActorRef) => actor.getSnapshot().value

async function toOtpSent() {
  const ctx = start()
  ctx.fakes.restore.resolve(null)
  await flush()
  ctx.actor.send({ type: 'email.change', email: ' admin@example.com ' })
  ctx.actor.send({ type: 'otp.send' })
  ctx.fakes.sends[0].d.resolve({ sessionToken: 'sess-1' })
  await flush()
  return ctx
}

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('authMachine: restoring', () => {
  it('starts in restoring', () => {
    expect(value(start().actor)).toBe('restoring')
  })
  it('restoring → signedIn with the profile of the stored token', async () => {
    const { actor, fakes } = start()
    fakes.restore.resolve(admin)
    await flush()
    expect(value(actor)).toBe('signedIn')
    expect(actor.getSnapshot().context.admin).toEqual(admin)
  })
  it('restoring → signedOut when there is no stored session', async () => {
    const { actor, fakes } = start()
    fakes.restore.resolve(null)
    await flush()
    expect(value(actor)).toBe('signedOut')
  })
  it('restoring → signedOut when the profile call fails', async () => {
    const { actor, fakes } = start()
    fakes.restore.reject(new ApiError(401, 'Session expired'))
    await flush()
    expect(value(actor)).toBe('signedOut')
    expect(actor.getSnapshot().context.admin).toBeNull()
  })
})

describe('authMachine: email step', () => {
  it('email.change stores the e-mail; otp.send is ignored while it is blank', async () => {
    const { actor, fakes } = start()
    fakes.restore.resolve(null)
    await flush()
    actor.send({ type: 'otp.send' })
    expect(value(actor)).toBe('signedOut')
    actor.send({ type: 'email.change', email: 'admin@example.com' })
    expect(actor.getSnapshot().context.email).toBe('admin@example.com')
    actor.send({ type: 'otp.send' })
    expect(value(actor)).toBe('sendingOtp')
    expect(fakes.sends[0].email).toBe('admin@example.com')
  })
  it('otp.send checks the e-mail against the contract first: inline message, no request', async () => {
    const { actor, fakes } = start()
    fakes.restore.resolve(null)
    await flush()
    actor.send({ type: 'otp.send' })
    expect(actor.getSnapshot().context.emailError).toBe('Email is required')
    actor.send({ type: 'email.change', email: 'admin@example' })
    expect(actor.getSnapshot().context.emailError).toBeNull()
    actor.send({ type: 'otp.send' })
    expect(actor.getSnapshot().context.emailError).toBe('Please enter a valid email address')
    expect(value(actor)).toBe('signedOut')
    expect(fakes.sends).toHaveLength(0)
    expect(emailProblem(' Admin@Example.com ')).toBeNull()
  })
  it('code.toggleVisibility shows and hides the code; leaving the step hides it again', async () => {
    const { actor } = await toOtpSent()
    expect(actor.getSnapshot().context.codeVisible).toBe(false)
    actor.send({ type: 'code.toggleVisibility' })
    expect(actor.getSnapshot().context.codeVisible).toBe(true)
    actor.send({ type: 'email.back' })
    expect(actor.getSnapshot().context.codeVisible).toBe(false)
  })
  it('sendingOtp → otpSent keeps the sessionToken and starts the 60 s countdown', async () => {
    const { actor } = await toOtpSent()
    expect(value(actor)).toEqual({ otpSent: { code: 'editing', resend: 'counting' } })
    expect(actor.getSnapshot().context).toMatchObject({ sessionToken: 'sess-1', resendIn: 60, code: '' })
  })
  it('sendingOtp → signedOut with the server message', async () => {
    const { actor, fakes } = start()
    fakes.restore.resolve(null)
    await flush()
    actor.send({ type: 'email.change', email: 'x@example.com' })
    actor.send({ type: 'otp.send' })
    fakes.sends[0].d.reject(new ApiError(429, 'Too many requests. Try again later.'))
    await flush()
    expect(value(actor)).toBe('signedOut')
    expect(actor.getSnapshot().context.error).toBe('Too many requests. Try again later.')
  })
  it("sendingOtp failure without a message falls back to 'Failed to send OTP'; typing clears it", async () => {
    const { actor, fakes } = start()
    fakes.restore.resolve(null)
    await flush()
    actor.send({ type: 'email.change', email: 'x@example.com' })
    actor.send({ type: 'otp.send' })
    fakes.sends[0].d.reject('boom')
    await flush()
    expect(actor.getSnapshot().context.error).toBe('Failed to send OTP')
    actor.send({ type: 'email.change', email: 'y@example.com' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})

describe('authMachine: code step', () => {
  it('code.change keeps at most 6 characters; otp.verify needs exactly 6', async () => {
    const { actor, fakes } = await toOtpSent()
    actor.send({ type: 'code.change', code: '12345' })
    actor.send({ type: 'otp.verify' })
    expect(fakes.verifies).toHaveLength(0)
    actor.send({ type: 'code.change', code: '1234567' })
    expect(actor.getSnapshot().context.code).toBe('123456')
    actor.send({ type: 'otp.verify' })
    expect(value(actor)).toEqual({ otpSent: { code: 'verifying', resend: 'counting' } })
    expect(fakes.verifies[0].input).toEqual({ email: 'admin@example.com', otp: '123456', sessionToken: 'sess-1' })
  })
  it('verifying → signedIn with the admin, clearing the OTP state', async () => {
    const { actor, fakes } = await toOtpSent()
    actor.send({ type: 'code.change', code: '123456' })
    actor.send({ type: 'otp.verify' })
    fakes.verifies[0].d.resolve(admin)
    await flush()
    expect(value(actor)).toBe('signedIn')
    expect(actor.getSnapshot().context).toMatchObject({ admin, code: '', sessionToken: null, resendIn: 0 })
  })
  it('verifying → editing with the server message, countdown untouched', async () => {
    const { actor, fakes } = await toOtpSent()
    actor.send({ type: 'code.change', code: '000000' })
    actor.send({ type: 'otp.verify' })
    await vi.advanceTimersByTimeAsync(3000)
    fakes.verifies[0].d.reject(new ApiError(400, 'Invalid OTP'))
    await flush()
    expect(value(actor)).toEqual({ otpSent: { code: 'editing', resend: 'counting' } })
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Invalid OTP', resendIn: 57 })
  })
  it("verifying failure without a message falls back to 'Failed to verify OTP'", async () => {
    const { actor, fakes } = await toOtpSent()
    actor.send({ type: 'code.change', code: '000000' })
    actor.send({ type: 'otp.verify' })
    fakes.verifies[0].d.reject(new Error(''))
    await flush()
    expect(actor.getSnapshot().context.error).toBe('Failed to verify OTP')
  })
})

describe('authMachine: resend countdown', () => {
  it('counts down once per second and allows resend at 0', async () => {
    const { actor } = await toOtpSent()
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().context.resendIn).toBe(59)
    await vi.advanceTimersByTimeAsync(58_000)
    expect(actor.getSnapshot().context.resendIn).toBe(1)
    expect(value(actor)).toMatchObject({ otpSent: { resend: 'counting' } })
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().context.resendIn).toBe(0)
    expect(value(actor)).toMatchObject({ otpSent: { resend: 'ready' } })
  })
  it('otp.resend is ignored while counting', async () => {
    const { actor, fakes } = await toOtpSent()
    actor.send({ type: 'otp.resend' })
    expect(fakes.sends).toHaveLength(1)
    expect(value(actor)).toMatchObject({ otpSent: { resend: 'counting' } })
  })
  it('otp.resend at 0 sends again, takes the new sessionToken and restarts the countdown', async () => {
    const { actor, fakes } = await toOtpSent()
    await vi.advanceTimersByTimeAsync(60_000)
    actor.send({ type: 'code.change', code: '12' })
    actor.send({ type: 'otp.resend' })
    expect(value(actor)).toMatchObject({ otpSent: { resend: 'resending' } })
    fakes.sends[1].d.resolve({ sessionToken: 'sess-2' })
    await flush()
    expect(value(actor)).toMatchObject({ otpSent: { resend: 'counting' } })
    expect(actor.getSnapshot().context).toMatchObject({ sessionToken: 'sess-2', resendIn: 60, code: '' })
  })
  it('a failed resend returns to ready with the message', async () => {
    const { actor, fakes } = await toOtpSent()
    await vi.advanceTimersByTimeAsync(60_000)
    actor.send({ type: 'otp.resend' })
    fakes.sends[1].d.reject(new ApiError(429, 'Too many OTP requests'))
    await flush()
    expect(value(actor)).toMatchObject({ otpSent: { resend: 'ready' } })
    expect(actor.getSnapshot().context.error).toBe('Too many OTP requests')
  })
  it('email.back clears the code and the countdown and stops the ticker', async () => {
    const { actor } = await toOtpSent()
    actor.send({ type: 'code.change', code: '123' })
    await vi.advanceTimersByTimeAsync(5000)
    actor.send({ type: 'email.back' })
    expect(value(actor)).toBe('signedOut')
    expect(actor.getSnapshot().context).toMatchObject({ code: '', resendIn: 0, sessionToken: null, email: ' admin@example.com ' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(actor.getSnapshot().context.resendIn).toBe(0)
  })
})

describe('authMachine: signed in', () => {
  async function signedIn() {
    const ctx = start()
    ctx.fakes.restore.resolve(admin)
    await flush()
    return ctx
  }
  it('session.signOut → signingOut → signedOut, running the signOut actor', async () => {
    const { actor, fakes } = await signedIn()
    actor.send({ type: 'session.signOut' })
    expect(value(actor)).toBe('signingOut')
    await flush()
    expect(value(actor)).toBe('signedOut')
    expect(fakes.signOuts).toBe(1)
    expect(actor.getSnapshot().context.admin).toBeNull()
  })
  it('signOut failing still ends signed out', async () => {
    const machine = authMachine.provide({
      actors: {
        restoreSession: fromPromise<Admin | null>(async () => admin),
        signOut: fromPromise<void>(() => Promise.reject(new Error('storage unavailable'))),
        watchSession: fromCallback(() => () => {}),
      },
    })
    const actor = createActor(machine).start()
    await flush()
    actor.send({ type: 'session.signOut' })
    await flush()
    expect(value(actor)).toBe('signedOut')
  })
  it('session.expired (refresh failed) → signedOut with a notice', async () => {
    const { actor, fakes } = await signedIn()
    expect(fakes.expire).not.toBeNull()
    fakes.expire!()
    expect(value(actor)).toBe('signedOut')
    expect(actor.getSnapshot().context).toMatchObject({ admin: null, error: SESSION_EXPIRED_MESSAGE })
    expect(fakes.expire).toBeNull()
  })
  it('ignores sign-in events while signed in', async () => {
    const { actor } = await signedIn()
    actor.send({ type: 'otp.send' })
    actor.send({ type: 'otp.verify' })
    expect(value(actor)).toBe('signedIn')
  })
})
