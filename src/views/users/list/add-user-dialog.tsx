/**
 * The Add User dialog (DESIGN.md 'Add User' creates a user), open while its machine is not
 * closed: name, e-mail, phone and the role flags Admin/Agent, the contract's and then the
 * server's messages under their fields; after a creation it names the user and offers Open user
 * and Add another. Every button is a command (add-user.commands.ts); Enter in a field submits.
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { CommandButton } from '../../../commands/command-button'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { Dialog } from '../../../components/dialog'
import { Field, Input } from '../../../components/field'
import { useFocusFirstInvalid } from '../../../components/focus-first-invalid'
import type { AddUserField } from '../../../machines/add-user.form'
import type { addUserMachine } from '../../../machines/add-user.machine'
import { roleLabel } from './role-label'

type Actor = ActorRefFrom<typeof addUserMachine>

const FIELDS: Array<{ field: AddUserField; label: string; type: string; autoComplete: string; placeholder?: string }> =
  [
    { field: 'name', label: 'Name', type: 'text', autoComplete: 'off' },
    { field: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
    { field: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'off', placeholder: '+91 98765 43210' },
  ]

export function AddUserDialog({ actor }: { actor: Actor }) {
  const open = useSelector(actor, (s) => !s.matches('closed'))
  const created = useSelector(actor, (s) => (s.matches('created') ? s.context.created : null))
  const draft = useSelector(actor, (s) => s.context.draft)
  const errors = useSelector(actor, (s) => s.context.errors)
  const sending = useSelector(actor, (s) => s.matches('submitting'))
  useFocusFirstInvalid(errors)
  const footer = created ? (
    <>
      <CommandButton id="users.addUser.another" />
      <CommandButton id="users.addUser.cancel" />
      <CommandButton id="users.addUser.open" variant="primary" />
    </>
  ) : (
    <>
      <CommandButton id="users.addUser.cancel" />
      <CommandButton id="users.addUser.submit" variant="primary" loading={sending} />
    </>
  )
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && actor.send({ type: 'dialog.close' })}
      title="Add User"
      size="sm"
      closeCommand="users.addUser.cancel"
      footer={footer}
    >
      {created ? (
        <p data-testid="add-user-created">
          <strong>{created.name}</strong> ({created.email}) was added as{' '}
          {roleLabel(created) === 'User' ? 'a user' : `an ${roleLabel(created)}`}.
        </p>
      ) : (
        <form
          className="form-stack"
          data-testid="add-user-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: 'form.submit' })
          }}
        >
          {FIELDS.map(({ field, label, type, autoComplete, placeholder }) => (
            <Field key={field} label={label} error={errors[field]}>
              {(id) => (
                <Input
                  id={id}
                  type={type}
                  autoComplete={autoComplete}
                  placeholder={placeholder}
                  value={draft[field]}
                  disabled={sending}
                  invalid={!!errors[field]}
                  autoFocus={field === 'name'}
                  onChange={(e) => actor.send({ type: 'field.change', field, value: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.currentTarget.form?.requestSubmit()
                  }}
                />
              )}
            </Field>
          ))}
          <fieldset className="users-add__roles">
            <legend className="field__label">Role</legend>
            <CommandCheckbox id="users.addUser.admin" labelled />
            <CommandCheckbox id="users.addUser.agent" labelled />
          </fieldset>
          {errors.form ? (
            <p className="field__error users-add__error" role="alert">
              {errors.form}
            </p>
          ) : null}
        </form>
      )}
    </Dialog>
  )
}
