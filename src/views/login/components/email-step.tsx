/** Login step 1: 'Email Address' and 'Send OTP'. */
import { Mail } from 'lucide-react'
import { Button } from '../../../components/button'
import { Field, Input } from '../../../components/field'
import { AuthActor } from '../../layout/auth-context'

export function EmailStep() {
  const auth = AuthActor.useActorRef()
  const email = AuthActor.useSelector((s) => s.context.email)
  const sending = AuthActor.useSelector((s) => s.matches('sendingOtp'))
  return (
    <form
      className="login__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        auth.send({ type: 'otp.send' })
      }}
    >
      <Field label="Email Address">
        {(id) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            autoFocus
            placeholder="you@company.com"
            value={email}
            readOnly={sending}
            data-testid="login-email"
            onChange={(e) => auth.send({ type: 'email.change', email: e.target.value })}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" className="login__submit" loading={sending} disabled={!email.trim()} icon={<Mail size={14} />} data-testid="send-otp">
        Send OTP
      </Button>
    </form>
  )
}
