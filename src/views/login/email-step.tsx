/** Login step 1: 'Email Address' (checked in the client before any request) and 'Send OTP'. */
import { Mail } from 'lucide-react'
import { CommandButton, useCommandControl } from '../../commands/command-button'
import { Field, Input } from '../../components/field'
import { AuthActor } from '../layout/auth-context'

export function EmailStep() {
  const auth = AuthActor.useActorRef()
  const email = AuthActor.useSelector((s) => s.context.email)
  const emailError = AuthActor.useSelector((s) => s.context.emailError)
  const sending = AuthActor.useSelector((s) => s.matches('sendingOtp'))
  const send = useCommandControl('auth.sendOtp')
  return (
    <form
      className="login__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        send.run()
      }}
    >
      <Field label="Email Address" error={emailError ?? undefined}>
        {(id) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            autoFocus
            placeholder="you@company.com"
            value={email}
            readOnly={sending}
            invalid={!!emailError}
            data-testid="login-email"
            onChange={(e) => auth.send({ type: 'email.change', email: e.target.value })}
          />
        )}
      </Field>
      <CommandButton
        id="auth.sendOtp"
        variant="primary"
        className="login__submit"
        loading={sending}
        icon={<Mail size={14} />}
        data-testid="send-otp"
      />
    </form>
  )
}
