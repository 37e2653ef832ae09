/**
 * Login step 2: masked 6-character code with show/hide, 'Verify OTP' enabled only at exactly 6
 * characters, 'Back to email', and 'Resend OTP' (reads 'Resend OTP in 42s' while counting down).
 * Every control is an `auth.*` command.
 */
import { Eye, EyeOff } from 'lucide-react'
import { CommandButton, useCommandControl } from '../../commands/command-button'
import { CommandLink } from '../../commands/command-link'
import { Field, Input } from '../../components/field'
import { OTP_LENGTH } from '../../api/schemas/auth'
import { AuthActor } from '../layout/auth-context'

export function OtpStep() {
  const auth = AuthActor.useActorRef()
  const email = AuthActor.useSelector((s) => s.context.email.trim())
  const code = AuthActor.useSelector((s) => s.context.code)
  const visible = AuthActor.useSelector((s) => s.context.codeVisible)
  const verifying = AuthActor.useSelector((s) => s.matches({ otpSent: { code: 'verifying' } }))
  const verify = useCommandControl('auth.verifyOtp')

  return (
    <form
      className="login__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        verify.run()
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
              <CommandButton
                id="auth.toggleCode"
                iconOnly
                variant="ghost"
                size="sm"
                aria-pressed={visible}
                icon={visible ? <EyeOff size={14} /> : <Eye size={14} />}
                data-testid="toggle-otp-visibility"
              />
            }
          />
        )}
      </Field>
      <div className="login__links">
        <CommandLink id="auth.backToEmail" data-testid="back-to-email" />
        <CommandLink id="auth.resendOtp" data-testid="resend-otp" />
      </div>
      <CommandButton
        id="auth.verifyOtp"
        variant="primary"
        className="login__submit"
        loading={verifying}
        data-testid="verify-otp"
      />
    </form>
  )
}
