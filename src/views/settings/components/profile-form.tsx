/** Profile Settings (SPEC.md 2): Full Name, Email Address, Phone Number and 'Save Changes', driven by the profile machine. */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { CommandButton } from '../../../commands/command-button'
import { Field, Input } from '../../../components/field'
import { useFocusFirstInvalid } from '../../../components/focus-first-invalid'
import type { settingsProfileMachine } from '../../../machines/settings-profile.machine'
import { SettingsBanner } from './settings-banner'

export function ProfileForm({ actor }: { actor: ActorRefFrom<typeof settingsProfileMachine> }) {
  const draft = useSelector(actor, (s) => s.context.draft)
  const errors = useSelector(actor, (s) => s.context.fieldErrors)
  const banner = useSelector(actor, (s) => s.context.banner)
  const saving = useSelector(actor, (s) => s.matches('saving'))
  useFocusFirstInvalid(errors)
  const change = (patch: Partial<typeof draft>) => actor.send({ type: 'profile.change', patch })
  return (
    <form
      className="settings-form"
      noValidate
      data-testid="profile-form"
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'profile.save' })
      }}
    >
      <SettingsBanner text={banner} />
      <Field label="Full Name" error={errors.name}>
        {(id) => (
          <Input
            id={id}
            value={draft.name}
            autoComplete="name"
            invalid={!!errors.name}
            readOnly={saving}
            onChange={(e) => change({ name: e.target.value })}
          />
        )}
      </Field>
      <Field
        label="Email Address"
        error={errors.email}
        hint="Used for sign-in codes from your next sign-in; changing it asks for a fresh code."
      >
        {(id) => (
          <Input
            id={id}
            type="email"
            value={draft.email}
            autoComplete="email"
            invalid={!!errors.email}
            readOnly={saving}
            onChange={(e) => change({ email: e.target.value })}
          />
        )}
      </Field>
      <Field label="Phone Number" error={errors.phone}>
        {(id) => (
          <Input
            id={id}
            type="tel"
            value={draft.phone}
            autoComplete="tel"
            invalid={!!errors.phone}
            readOnly={saving}
            onChange={(e) => change({ phone: e.target.value })}
          />
        )}
      </Field>
      <div className="settings-form__actions">
        <CommandButton id="settings.profile.save" variant="primary" loading={saving} data-testid="save-profile" />
      </div>
    </form>
  )
}
