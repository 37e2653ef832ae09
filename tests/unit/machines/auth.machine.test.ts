/** The auth machine: restoring, the e-mail step and the signed-in session. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { authMachine, emailProblem, SESSION_EXPIRED_MESSAGE } from '../../../src/machines/auth.machine'
import { ApiError } from '../../../src/api/client'
import type { Admin } from '../../../src/api/schemas/auth'
import { admin, flush, start, toOtpSent, value } from './auth.harness'

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('authMachine: restoring', () => {
  it('starts in restoring', () => {
    expect(value(start().actor)).toBe('restoring')
  })
  it('restoring → signedIn with the profile of the stored token, remembered for the next load', async () => {
    const { actor, fakes } = start()
    fakes.restore.resolve(admin)
    await flush()
    expect(value(actor)).toEqual({ signedIn: 'current' })
    expect(actor.getSnapshot().context.admin).toEqual(admin)
    expect(fakes.remembered).toEqual([admin])
  })
  it('restoring → signedOut when there is no stored session, remembering no one', async () => {
    const { actor, fakes } = start()
    fakes.restore.resolve(null)
    await flush()
    expect(value(actor)).toBe('signedOut')
    expect(fakes.remembered).toEqual([])
  })
  it('restoring keeps the e-mail typed before the restore answers', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'email.change', email: 'admin@example.com' })
    expect(value(actor)).toBe('restoring')
    fakes.restore.resolve(null)
    await flush()
    expect(value(actor)).toBe('signedOut')
    expect(actor.getSnapshot().context.email).toBe('admin@example.com')
  })
  it('restoring → sendingOtp on otp.send with a valid e-mail; the restore is dropped', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'email.change', email: 'admin@example.com' })
    actor.send({ type: 'otp.send' })
    expect(value(actor)).toBe('sendingOtp')
    expect(fakes.sends[0].email).toBe('admin@example.com')
    fakes.restore.resolve(admin)
    await flush()
    expect(value(actor)).toBe('sendingOtp')
  })
  it('restoring: otp.send with an invalid e-mail shows the message and stays', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'otp.send' })
    expect(value(actor)).toBe('restoring')
    expect(actor.getSnapshot().context.emailError).toBe('Email is required')
    expect(fakes.sends).toHaveLength(0)
  })
  it('restoring → signedOut when the profile call fails', async () => {
    const { actor, fakes } = start()
    fakes.restore.reject(new ApiError(401, 'Session expired'))
    await flush()
    expect(value(actor)).toBe('signedOut')
    expect(actor.getSnapshot().context.admin).toBeNull()
  })
})

describe('authMachine: starting from the stored profile', () => {
  const cached = { ...admin, name: 'Asha (as last answered)' }
  it('starting → signedIn.revalidating at once with the stored profile', () => {
    const { actor } = start({ cachedAdmin: cached })
    expect(value(actor)).toEqual({ signedIn: 'revalidating' })
    expect(actor.getSnapshot().context.admin).toEqual(cached)
  })
  it('starting → restoring without one', () => {
    expect(value(start({ cachedAdmin: null }).actor)).toBe('restoring')
  })
  it('revalidating → current with the profile the server answers, remembered in place of the stored one', async () => {
    const { actor, fakes } = start({ cachedAdmin: cached })
    fakes.restore.resolve(admin)
    await flush()
    expect(value(actor)).toEqual({ signedIn: 'current' })
    expect(actor.getSnapshot().context.admin).toEqual(admin)
    expect(fakes.remembered.at(-1)).toEqual(admin)
  })
  it('revalidating → signedOut when the tokens are gone meanwhile', async () => {
    const { actor, fakes } = start({ cachedAdmin: cached })
    fakes.restore.resolve(null)
    await flush()
    expect(value(actor)).toBe('signedOut')
    expect(actor.getSnapshot().context.admin).toBeNull()
  })
  it('revalidating → current, keeping the stored profile, when the call fails (offline, 5xx)', async () => {
    const { actor, fakes } = start({ cachedAdmin: cached })
    fakes.restore.reject(new ApiError(0, 'Network error'))
    await flush()
    expect(value(actor)).toEqual({ signedIn: 'current' })
    expect(actor.getSnapshot().context.admin).toEqual(cached)
  })
  it('revalidating → signedOut when the profile call is refused (401 or 403: no longer an active admin)', async () => {
    for (const status of [401, 403]) {
      const { actor, fakes } = start({ cachedAdmin: cached })
      fakes.restore.reject(new ApiError(status, 'Admin access required'))
      await flush()
      expect(value(actor)).toBe('signedOut')
      expect(actor.getSnapshot().context.admin).toBeNull()
    }
  })
  it('revalidating → signedOut with the notice when the session is refused (refresh failed)', () => {
    const { actor, fakes } = start({ cachedAdmin: cached })
    fakes.expire!()
    expect(value(actor)).toBe('signedOut')
    expect(actor.getSnapshot().context).toMatchObject({ admin: null, error: SESSION_EXPIRED_MESSAGE })
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
  it('admin.update replaces the signed-in admin (Settings: the header and sidebar read it) and remembers it', async () => {
    const { actor, fakes } = await signedIn()
    const renamed = { ...admin, name: 'Renamed Admin', hasPassword: true }
    actor.send({ type: 'admin.update', admin: renamed })
    expect(value(actor)).toEqual({ signedIn: 'current' })
    expect(actor.getSnapshot().context.admin).toEqual(renamed)
    expect(fakes.remembered.at(-1)).toEqual(renamed)
  })
  it('ignores admin.update while signed out', async () => {
    const { actor, fakes } = start()
    fakes.restore.resolve(null)
    await flush()
    actor.send({ type: 'admin.update', admin })
    expect(value(actor)).toBe('signedOut')
    expect(actor.getSnapshot().context.admin).toBeNull()
    expect(fakes.remembered).toEqual([])
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
    expect(value(actor)).toEqual({ signedIn: 'current' })
  })
})
