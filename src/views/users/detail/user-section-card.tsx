/**
 * One editable section of the user detail page, as on the project detail: heading, the section's
 * Edit command (disabled while another section is open), and in edit mode the Save and Cancel
 * commands with the save error (the server's messages, line breaks kept), or the conflict bar in
 * place of the form while a stale save waits for Keep mine / Take theirs. Also the small parts
 * every section uses: a label/value `Fact`, a text `TextField` (with its field's message from the
 * contract or the server) and a `Check` of the draft.
 */
import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { UserDetail, UserUpdateGroup } from '../../../api/schemas/users'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { Badge } from '../../../components/badge'
import { Field, Input } from '../../../components/field'
import { ConflictBar } from '../../../components/sections/conflict-bar'
import { conflictRows } from '../../../components/sections/conflict-rows'
import { Fact as BaseFact, SectionCardFrame } from '../../../components/sections/section-card-frame'
import type { UserDraft } from '../../../machines/user-sections.form'
import { userFieldLabel } from '../../../machines/user-sections.machine'
import { useUserSections } from './sections-context'

/** `patch` → the open section's draft. */
export type Change = (patch: UserDraft) => void

export interface UserSectionCardProps {
  section: UserUpdateGroup
  title: string
  /** Read-only rendering of the loaded user. */
  view: (user: UserDetail) => ReactNode
  /** The form: current draft, a patcher for its text fields, and the loaded user. */
  edit: (draft: UserDraft, change: Change, user: UserDetail) => ReactNode
  /** Controls shown beside Edit while viewing (e.g. the account number's Reveal). */
  extra?: ReactNode
}

export function UserSectionCard({ section, title, view, edit, extra }: UserSectionCardProps) {
  const actor = useUserSections()
  const user = useSelector(actor, (s) => s.context.user)
  const draft = useSelector(actor, (s) => (s.context.section === section ? s.context.draft : null))
  const error = useSelector(actor, (s) => (s.context.section === section ? s.context.error : null))
  const fieldErrors = useSelector(actor, (s) => (s.context.section === section ? s.context.fieldErrors : null))
  const saving = useSelector(
    actor,
    (s) => (s.matches('saving') || s.matches('refetching') || s.matches('merging')) && s.context.section === section,
  )
  const conflict = useSelector(actor, (s) =>
    s.matches('conflict') && s.context.section === section ? s.context.conflict : null,
  )
  const editing = draft !== null

  return (
    <SectionCardFrame
      section={section}
      title={title}
      editing={editing}
      saving={saving}
      error={error}
      errors={fieldErrors}
      commandPrefix="users.detail"
      extra={extra ?? null}
    >
      {conflict ? (
        <ConflictBar rows={conflictRows(conflict, { label: userFieldLabel })} commandPrefix="users.detail" />
      ) : editing ? (
        edit(draft, (patch) => actor.send({ type: 'draft.change', patch }), user)
      ) : (
        view(user)
      )}
    </SectionCardFrame>
  )
}

/** A label/value row of a read-only section; an empty value shows a faint dash. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <BaseFact label={label} empty={<span className="faint">—</span>}>
      {children}
    </BaseFact>
  )
}

export const yesNo = (b: boolean) => <Badge tone={b ? 'success' : 'neutral'}>{b ? 'Yes' : 'No'}</Badge>

interface TextFieldProps {
  d: UserDraft
  change: Change
  name: string
  label: string
  type?: string
  placeholder?: string
  hint?: string
  min?: number
  max?: number
  step?: number
  autoFocus?: boolean
}

/** A text (or number) input bound to `d[name]`. */
export function TextField({
  d,
  change,
  name,
  label,
  type = 'text',
  placeholder,
  hint,
  min,
  max,
  step,
  autoFocus,
}: TextFieldProps) {
  const error = useSelector(useUserSections(), (s) => s.context.fieldErrors[name])
  return (
    <Field label={label} hint={hint} error={error}>
      {(id) => (
        <Input
          id={id}
          invalid={!!error}
          type={type}
          inputMode={type === 'number' ? 'decimal' : undefined}
          min={min}
          max={max}
          step={step}
          placeholder={placeholder}
          autoFocus={autoFocus}
          value={String(d[name] ?? '')}
          onChange={(e) => change({ [name]: e.target.value })}
        />
      )}
    </Field>
  )
}

/** A yes/no field of the draft: the `users.detail.field.{name}` command. */
export function Check({ name, label }: { name: string; label: string }) {
  return (
    <label className="check-row">
      <CommandCheckbox id={`users.detail.field.${name}`} />
      <span>{label}</span>
    </label>
  )
}
