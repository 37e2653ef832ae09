/**
 * Login (SPEC.md 2 "Login", 8): 'Admin Panel', step 1 e-mail → Send OTP, step 2 masked code →
 * Verify OTP, with 'Back to email' and the resend countdown. State lives in the auth machine;
 * every control is an `auth.*` command in a command scope of its own (no palette on this route).
 * On sign-in it goes to '/'.
 */
import { useMemo } from 'react'
import { Redirect } from 'wouter'
import { ShieldCheck } from 'lucide-react'
import type { LoginHandle } from '../../commands/auth.commands'
import { CommandScope } from '../../commands/command-scope'
import { loginRegistry } from '../../commands/login-registry'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { useHydrated } from '../../lib/use-hydrated'
import { AuthActor } from '../layout/auth-context'
import { AdminHint } from './admin-hint'
import { EmailStep } from './email-step'
import { OtpStep } from './otp-step'
import './login.css'

type Step = 'email' | 'otp' | 'done'

export default function LoginView() {
  // While a stored session is restored the form stays: it is what the prerendered page showed,
  // and a restored session redirects from it.
  const step = AuthActor.useSelector((s): Step => {
    if (s.matches('signedIn')) return 'done'
    return s.matches('otpSent') ? 'otp' : 'email'
  })
  const handle = useLoginHandle(step === 'otp' ? 'otp' : 'email')
  if (step === 'done') return <Redirect to="/" replace />
  // The handle is the scope's initial view too, so the first render (and the prerender) has the
  // step's buttons.
  return (
    <CommandScope registry={loginRegistry} initialView={handle}>
      <LoginPanel step={step === 'otp' ? 'otp' : 'email'} handle={handle} />
    </CommandScope>
  )
}

function LoginPanel({ step, handle }: { step: 'email' | 'otp'; handle: { login: LoginHandle } }) {
  const error = AuthActor.useSelector((s) => s.context.error)
  usePublishCommandContext(handle)
  return (
    <main className="login">
      <div className="login__panel">
        <div className="login__brand" aria-hidden>
          <ShieldCheck size={20} />
        </div>
        <h1 className="login__title">Admin Panel</h1>
        <p className="login__subtitle muted">{step === 'otp' ? 'Enter OTP to continue' : 'Sign in with OTP'}</p>
        {error ? (
          <div className="banner banner--error" role="alert" data-testid="login-error">
            {error}
          </div>
        ) : null}
        {step === 'otp' ? <OtpStep /> : <EmailStep />}
        <AdminHint />
      </div>
    </main>
  )
}

/** The narrow auth slices the `auth.*` commands decide on, published as `view.login`. */
function useLoginHandle(step: 'email' | 'otp') {
  const sending = AuthActor.useSelector((s) => s.matches('sendingOtp'))
  const codeLength = AuthActor.useSelector((s) => s.context.code.length)
  const codeVisible = AuthActor.useSelector((s) => s.context.codeVisible)
  const verifying = AuthActor.useSelector((s) => s.matches({ otpSent: { code: 'verifying' } }))
  const resending = AuthActor.useSelector((s) => s.matches({ otpSent: { resend: 'resending' } }))
  const resendIn = AuthActor.useSelector((s) => s.context.resendIn)
  const ready = useHydrated()
  return useMemo(() => {
    const login: LoginHandle = { step, ready, sending, codeLength, codeVisible, verifying, resending, resendIn }
    return { login }
  }, [step, ready, sending, codeLength, codeVisible, verifying, resending, resendIn])
}
