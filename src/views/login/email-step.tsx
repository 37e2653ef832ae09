/** Login step 1: 'Email Address' (checked in the client before any request) and 'Send OTP'. Prerendered (src/login-prerender.tsx). */
import { useLayoutEffect, useRef } from 'react'
import { Mail } from 'lucide-react'
import { CommandButton } from '../../commands/command-button'
import { Field, Input } from '../../components/field'
import { AuthActor } from '../layout/auth-context'

export function EmailStep() {
  const auth = AuthActor.useActorRef()
  const email = AuthActor.useSelector((s) => s.context.email)
  const emailError = AuthActor.useSelector((s) => s.context.emailError)
  const sending = AuthActor.useSelector((s) => s.matches('sendingOtp'))
  const input = useRef<HTMLInputElement>(null)
  // On the prerendered page the field takes typing before the script hydrates it, and hydration
  // leaves that text in the field but not in the machine; the next render would clear it. Read
  // once, at the first commit, before anything re-renders.
  useLayoutEffect(() => {
    const typed = input.current?.value ?? ''
    if (typed !== email) auth.send({ type: 'email.change', email: typed })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount
  }, [])
  return (
    <form
      className="login__form"
      noValidate
      // Send OTP is the form's submit button: Enter in the field clicks it, and its click runs the
      // command. Until the prerendered page is hydrated it is disabled, so neither a click nor
      // Enter can submit the form natively and reload the page.
      onSubmit={(e) => e.preventDefault()}
    >
      <Field label="Email Address" error={emailError ?? undefined}>
        {(id) => (
          <Input
            ref={input}
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
        type="submit"
        variant="primary"
        className="login__submit"
        loading={sending}
        icon={<Mail size={14} />}
        data-testid="send-otp"
      />
    </form>
  )
}
