/**
 * Change Password (SPEC.md 2, 5, 8): Current Password (only when the admin has one), New Password
 * and Confirm New Password; show/hide on the first two; 'Change Password'. Driven by the password machine.
 */
import { useSelector } from '@xstate/react'
import { Eye, EyeOff } from 'lucide-react'
import type { ActorRefFrom } from 'xstate'
import { CommandButton } from '../../../commands/command-button'
import { Field, Input } from '../../../components/field'
import { useFocusFirstInvalid } from '../../../components/focus-first-invalid'
import { passwordProblemFields, type PasswordDraft } from '../../../machines/settings.form'
import type { settingsPasswordMachine } from '../../../machines/settings-password.machine'
import { SettingsBanner } from './settings-banner'

export function PasswordForm({ actor }: { actor: ActorRefFrom<typeof settingsPasswordMachine> }) {
  const draft = useSelector(actor, (s) => s.context.draft)
  const visible = useSelector(actor, (s) => s.context.visible)
  const hasPassword = useSelector(actor, (s) => s.context.hasPassword)
  const banner = useSelector(actor, (s) => s.context.banner)
  const changing = useSelector(actor, (s) => s.matches('changing'))
  const problems = passwordProblemFields(banner, draft, hasPassword)
  useFocusFirstInvalid(banner)
  const change = (patch: Partial<PasswordDraft>) => actor.send({ type: 'password.change', patch })
  const toggle = (command: string, shown: boolean, testId: string) => (
    <CommandButton
      id={command}
      iconOnly
      variant="ghost"
      size="sm"
      aria-pressed={shown}
      icon={shown ? <EyeOff size={14} /> : <Eye size={14} />}
      data-testid={testId}
    />
  )
  return (
    <form
      className="settings-form"
      noValidate
      data-testid="password-form"
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'password.submit' })
      }}
    >
      <SettingsBanner text={banner} />
      {hasPassword ? (
        <Field label="Current Password">
          {(id) => (
            <Input
              id={id}
              type={visible.current ? 'text' : 'password'}
              autoComplete="current-password"
              value={draft.current}
              invalid={problems.includes('current')}
              readOnly={changing}
              data-testid="current-password"
              onChange={(e) => change({ current: e.target.value })}
              trailing={toggle('settings.password.toggleCurrent', visible.current, 'toggle-current-password')}
            />
          )}
        </Field>
      ) : (
        <p className="muted settings-form__note">
          You sign in with one-time codes and have no password yet: set your first one below.
        </p>
      )}
      <Field label="New Password">
        {(id) => (
          <Input
            id={id}
            type={visible.next ? 'text' : 'password'}
            autoComplete="new-password"
            value={draft.next}
            invalid={problems.includes('next')}
            readOnly={changing}
            data-testid="new-password"
            onChange={(e) => change({ next: e.target.value })}
            trailing={toggle('settings.password.toggleNew', visible.next, 'toggle-new-password')}
          />
        )}
      </Field>
      <Field label="Confirm New Password">
        {(id) => (
          <Input
            id={id}
            type="password"
            autoComplete="new-password"
            value={draft.confirm}
            invalid={problems.includes('confirm')}
            readOnly={changing}
            data-testid="confirm-password"
            onChange={(e) => change({ confirm: e.target.value })}
          />
        )}
      </Field>
      <div className="settings-form__actions">
        <CommandButton
          id="settings.password.submit"
          variant="primary"
          loading={changing}
          data-testid="change-password"
        />
      </div>
    </form>
  )
}
