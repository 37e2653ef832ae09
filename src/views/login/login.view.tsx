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
import { Spinner } from '../../components/spinner'
import { AuthActor } from '../layout/auth-context'
import { AdminHint } from './admin-hint'
import { EmailStep } from './email-step'
import { OtpStep } from './otp-step'
import './login.css'

type Step = 'restoring' | 'email' | 'otp' | 'done'

export default function LoginView() {
  const step = AuthActor.useSelector((s): Step => {
    if (s.matches('restoring')) return 'restoring'
    if (s.matches('signedIn')) return 'done'
    return s.matches('otpSent') ? 'otp' : 'email'
  })
  if (step === 'done') return <Redirect to="/" replace />
  if (step === 'restoring') {
    return (
      <div className="page-center">
        <Spinner size={24} label="Loading" />
      </div>
    )
  }
  return (
    <CommandScope registry={loginRegistry}>
      <LoginPanel step={step} />
    </CommandScope>
  )
}

function LoginPanel({ step }: { step: 'email' | 'otp' }) {
  const error = AuthActor.useSelector((s) => s.context.error)
  usePublishCommandContext(useLoginHandle(step))
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
  return useMemo(() => {
    const login: LoginHandle = { step, sending, codeLength, codeVisible, verifying, resending, resendIn }
    return { login }
  }, [step, sending, codeLength, codeVisible, verifying, resending, resendIn])
}
