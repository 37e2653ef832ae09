/**
 * Login (SPEC.md 2 "Login", 8): 'Admin Panel', step 1 e-mail → Send OTP, step 2 masked code →
 * Verify OTP, with 'Back to email' and the resend countdown. State lives in the auth machine;
 * this view only renders slices and sends events. On sign-in it goes to '/'.
 */
import { Redirect } from 'wouter'
import { ShieldCheck } from 'lucide-react'
import { Spinner } from '../../components/spinner'
import { AuthActor } from '../layout/auth-context'
import { AdminHint } from './components/admin-hint'
import { EmailStep } from './components/email-step'
import { OtpStep } from './components/otp-step'

type Step = 'restoring' | 'email' | 'otp' | 'done'

export default function LoginView() {
  const step = AuthActor.useSelector((s): Step => {
    if (s.matches('restoring')) return 'restoring'
    if (s.matches('signedIn')) return 'done'
    return s.matches('otpSent') ? 'otp' : 'email'
  })
  const error = AuthActor.useSelector((s) => s.context.error)

  if (step === 'done') return <Redirect to="/" replace />
  if (step === 'restoring') {
    return (
      <div className="page-center">
        <Spinner size={24} label="Loading" />
      </div>
    )
  }
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
