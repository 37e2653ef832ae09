/**
 * Login step 2: masked 6-character code with show/hide, 'Verify OTP' enabled only at exactly 6
 * characters, 'Back to email', and 'Resend OTP' (reads 'Resend OTP in 42s' while counting down).
 */
import { useState } from 'react'
import { Eye, EyeOff } from 'lucide-react'
import { Button } from '../../../components/button'
import { Field, Input } from '../../../components/field'
import { OTP_LENGTH } from '../../../api/schemas/auth'
import { AuthActor } from '../../layout/auth-context'

export function OtpStep() {
  const auth = AuthActor.useActorRef()
  const email = AuthActor.useSelector((s) => s.context.email.trim())
  const code = AuthActor.useSelector((s) => s.context.code)
  const resendIn = AuthActor.useSelector((s) => s.context.resendIn)
  const verifying = AuthActor.useSelector((s) => s.matches({ otpSent: { code: 'verifying' } }))
  const resending = AuthActor.useSelector((s) => s.matches({ otpSent: { resend: 'resending' } }))
  const canResend = AuthActor.useSelector((s) => s.matches({ otpSent: { resend: 'ready' } }))
  const [visible, setVisible] = useState(false)

  return (
    <form
      className="login__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        auth.send({ type: 'otp.verify' })
      }}
    >
      <p className="login__sent muted">
        We sent a {OTP_LENGTH}-digit code to <strong>{email}</strong>.
      </p>
      <Field label="OTP Code">
        {(id) => (
          <Input
            id={id}
            type={visible ? 'text' : 'password'}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={OTP_LENGTH}
            placeholder={'•'.repeat(OTP_LENGTH)}
            className="login__code"
            value={code}
            readOnly={verifying}
            data-testid="otp-input"
            onChange={(e) => auth.send({ type: 'code.change', code: e.target.value })}
            trailing={
              <button
                type="button"
                className="btn btn--ghost btn--icon btn--sm"
                aria-label={visible ? 'Hide OTP' : 'Show OTP'}
                aria-pressed={visible}
                data-testid="toggle-otp-visibility"
                onClick={() => setVisible((v) => !v)}
              >
                {visible ? <EyeOff size={14} /> : <Eye size={14} />}
              </button>
            }
          />
        )}
      </Field>
      <div className="login__links">
        <button type="button" className="link-button" data-testid="back-to-email" onClick={() => auth.send({ type: 'email.back' })}>
          Back to email
        </button>
        <button type="button" className="link-button" data-testid="resend-otp" disabled={!canResend} onClick={() => auth.send({ type: 'otp.resend' })}>
          {resending ? 'Sending…' : resendIn > 0 ? `Resend OTP in ${resendIn}s` : 'Resend OTP'}
        </button>
      </div>
      <Button type="submit" variant="primary" className="login__submit" loading={verifying} disabled={code.length !== OTP_LENGTH} data-testid="verify-otp">
        Verify OTP
      </Button>
    </form>
  )
}
