/** The auth machine's code step and resend countdown. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../src/api/client'
import { admin, flush, toOtpSent, value } from './auth.harness'

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

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
  it('verifying → signedIn with the admin, remembered for the next load, clearing the OTP state', async () => {
    const { actor, fakes } = await toOtpSent()
    actor.send({ type: 'code.change', code: '123456' })
    actor.send({ type: 'otp.verify' })
    fakes.verifies[0].d.resolve(admin)
    await flush()
    expect(value(actor)).toEqual({ signedIn: 'current' })
    expect(actor.getSnapshot().context).toMatchObject({ admin, code: '', sessionToken: null, resendIn: 0 })
    expect(fakes.remembered).toEqual([admin])
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
    expect(actor.getSnapshot().context).toMatchObject({
      code: '',
      resendIn: 0,
      sessionToken: null,
      email: ' admin@example.com ',
    })
    await vi.advanceTimersByTimeAsync(5000)
    expect(actor.getSnapshot().context.resendIn).toBe(0)
  })
})
