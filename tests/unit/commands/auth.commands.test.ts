import { describe, expect, it, vi } from 'vitest'
import type { LoginHandle } from '../../../src/commands/auth.commands'
import { context, control } from './context'

function login(over: Partial<LoginHandle> = {}) {
  const handle: LoginHandle = {
    step: 'email',
    ready: true,
    sending: false,
    codeLength: 0,
    codeVisible: false,
    verifying: false,
    resending: false,
    resendIn: 0,
    ...over,
  }
  const ctx = context('/login', { login: handle })
  const send = vi.spyOn(ctx.auth, 'send')
  return { ctx, send }
}

describe('auth commands', () => {
  it('Send OTP applies to the e-mail step and sends otp.send (the machine checks the e-mail)', () => {
    const { ctx, send } = login()
    expect(control('auth.verifyOtp', ctx).visible).toBe(false)
    control('auth.sendOtp', ctx).run()
    expect(send).toHaveBeenCalledWith({ type: 'otp.send' })
    expect(control('auth.sendOtp', login({ sending: true }).ctx).reason).toBe('Sending the code…')
  })
  it('Send OTP waits for the prerendered page to be hydrated', () => {
    const { ctx, send } = login({ ready: false })
    expect(control('auth.sendOtp', ctx).reason).toBe('Loading…')
    control('auth.sendOtp', ctx).run()
    expect(send).not.toHaveBeenCalled()
  })
  it('Verify OTP is enabled only at exactly 6 characters (SPEC.md 2)', () => {
    expect(control('auth.verifyOtp', login({ step: 'otp', codeLength: 5 }).ctx).reason).toBe(
      'Enter the 6-character code',
    )
    const { ctx, send } = login({ step: 'otp', codeLength: 6 })
    control('auth.verifyOtp', ctx).run()
    expect(send).toHaveBeenCalledWith({ type: 'otp.verify' })
  })
  it("Resend OTP counts down, then resends; 'Back to email' and show/hide send their events", () => {
    expect(control('auth.resendOtp', login({ step: 'otp', resendIn: 42 }).ctx)).toMatchObject({
      label: 'Resend OTP in 42s',
      reason: 'Wait 42s before asking for another code',
    })
    const { ctx, send } = login({ step: 'otp', codeVisible: true })
    expect(control('auth.toggleCode', ctx)).toMatchObject({ label: 'Hide OTP', checked: true })
    control('auth.resendOtp', ctx).run()
    control('auth.backToEmail', ctx).run()
    control('auth.toggleCode', ctx).run()
    expect(send.mock.calls.map(([e]) => e)).toEqual([
      { type: 'otp.resend' },
      { type: 'email.back' },
      { type: 'code.toggleVisibility' },
    ])
  })
})

describe('app commands', () => {
  it('the menu toggle and Retry act through what the shell and a failed screen publish', () => {
    const setOpen = vi.fn()
    const retry = vi.fn()
    const ctx = context('/', { menu: { open: false, setOpen }, retry: { run: retry } })
    expect(control('app.toggleMenu', ctx).label).toBe('Open menu')
    control('app.toggleMenu', ctx).run()
    control('app.retry', ctx).run()
    expect(setOpen).toHaveBeenCalledWith(true)
    expect(retry).toHaveBeenCalledOnce()
    expect(control('app.retry', context('/')).visible).toBe(false)
  })

  it('opens the API reference in a new tab, only where the console is signed in', () => {
    const ctx = context('/projects')
    control('app.apiDocs', ctx).run()
    expect(ctx.ui?.openTab).toHaveBeenCalledWith('/api/docs')
    expect(control('app.apiDocs', { ...ctx, ui: undefined }).visible).toBe(false)
  })
})
