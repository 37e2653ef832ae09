/**
 * Sign-in and session commands (SPEC.md 2 "Login", "Layout"; 4 "Authentication"): Send OTP,
 * Verify OTP (only at exactly 6 characters), show/hide the code, Back to email, Resend OTP (after
 * the 60 s countdown) and sign out. The login view publishes `view.login` (narrow slices of the
 * auth actor); the commands send typed events to `ctx.auth`.
 */
import { OTP_LENGTH } from '../api/schemas/auth'
import type { Command, CommandContext } from './registry'

/** What the login view publishes: the step and the slices its controls depend on. */
export interface LoginHandle {
  step: 'email' | 'otp'
  /** False on the prerendered page until the script has hydrated it (nothing could act yet). */
  ready: boolean
  sending: boolean
  codeLength: number
  codeVisible: boolean
  verifying: boolean
  resending: boolean
  /** Seconds until 'Resend OTP' is allowed. */
  resendIn: number
}

declare module './registry' {
  interface ViewCommandContext {
    login?: LoginHandle
  }
}

const onStep = (step: LoginHandle['step']) => (ctx: CommandContext) => ctx.view.login?.step === step

export const authCommands: Command[] = [
  {
    id: 'auth.sendOtp',
    title: 'Send OTP',
    group: 'Sign in',
    keywords: ['login', 'email', 'code'],
    when: onStep('email'),
    disabledReason: (ctx) => {
      if (!ctx.view.login?.ready) return 'Loading…'
      return ctx.view.login.sending ? 'Sending the code…' : null
    },
    run: (ctx) => ctx.auth.send({ type: 'otp.send' }),
  },
  {
    id: 'auth.verifyOtp',
    title: 'Verify OTP',
    group: 'Sign in',
    keywords: ['login', 'code'],
    when: onStep('otp'),
    disabledReason: (ctx) => {
      if (ctx.view.login?.verifying) return 'Verifying…'
      return ctx.view.login?.codeLength === OTP_LENGTH ? null : `Enter the ${OTP_LENGTH}-character code`
    },
    run: (ctx) => ctx.auth.send({ type: 'otp.verify' }),
  },
  {
    id: 'auth.toggleCode',
    title: 'Show / hide the OTP',
    group: 'Sign in',
    shortcut: 'mod+shift+h',
    when: onStep('otp'),
    label: (ctx) => (ctx.view.login?.codeVisible ? 'Hide OTP' : 'Show OTP'),
    checked: (ctx) => !!ctx.view.login?.codeVisible,
    run: (ctx) => ctx.auth.send({ type: 'code.toggleVisibility' }),
  },
  {
    id: 'auth.backToEmail',
    title: 'Back to email',
    group: 'Sign in',
    when: onStep('otp'),
    disabledReason: (ctx) => (ctx.view.login?.verifying ? 'Verifying…' : null),
    run: (ctx) => ctx.auth.send({ type: 'email.back' }),
  },
  {
    id: 'auth.resendOtp',
    title: 'Resend OTP',
    group: 'Sign in',
    when: onStep('otp'),
    label: (ctx) => {
      const login = ctx.view.login
      if (login?.resending) return 'Sending…'
      return login && login.resendIn > 0 ? `Resend OTP in ${login.resendIn}s` : 'Resend OTP'
    },
    disabledReason: (ctx) => {
      const login = ctx.view.login
      if (login?.resending) return 'Sending the code…'
      return login && login.resendIn > 0 ? `Wait ${login.resendIn}s before asking for another code` : null
    },
    run: (ctx) => ctx.auth.send({ type: 'otp.resend' }),
  },
  {
    id: 'auth.signOut',
    title: 'Sign out',
    group: 'Session',
    keywords: ['logout', 'log out', 'exit'],
    when: (ctx) => ctx.auth.getSnapshot().matches('signedIn'),
    run: (ctx) => {
      ctx.auth.send({ type: 'session.signOut' })
      ctx.navigate('/login')
    },
  },
]
