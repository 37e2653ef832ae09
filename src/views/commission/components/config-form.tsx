/**
 * The commission configuration fields (SPEC.md 5 "Commission"), shared by the modal and the Default
 * Config tab: the five rates (0-100, step 0.1), agent discount (0-50), student commission (0-20),
 * the live total with 'Total must equal 100%', the no-referral distribution (its options are
 * `commission.form.distribution.*`), notes and Active, then the split preview. Enter in a field
 * saves when the form is valid (the machine's guard); the server's refusal shows at the bottom.
 * A stale save waiting for Keep mine / Take theirs shows the conflict bar in the form's place.
 */
import type { KeyboardEvent, ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import {
  AGENT_DISCOUNT_MAX,
  NO_REFERRAL_DISTRIBUTIONS,
  SPLIT_RATE_FIELDS,
  SPLIT_TOTAL_BPS,
  STUDENT_COMMISSION_MAX,
  TOTAL_MUST_EQUAL_MESSAGE,
} from '../../../api/schemas/commission'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { isCommissionFormBusy } from '../../../commands/commission-form.commands'
import { CommandSelect } from '../../../commands/command-select'
import { Field, Input, TextArea } from '../../../components/field'
import { useFocusFirstInvalid } from '../../../components/focus-first-invalid'
import { ConflictBar } from '../../../components/sections/conflict-bar'
import { conflictRows } from '../../../components/sections/conflict-rows'
import { formatPercent } from '../../../lib/format'
import {
  commissionFieldLabel,
  commissionValueText,
  draftErrors,
  draftTotalBps,
  type PercentField,
} from '../../../machines/commission-config.form'
import type { commissionConfigModalMachine } from '../../../machines/commission-config-modal.machine'
import { SplitPreview } from './split-preview'

type Actor = ActorRefFrom<typeof commissionConfigModalMachine>

const LIMITS: ReadonlyArray<{ field: PercentField; label: string; max: number }> = [
  ...SPLIT_RATE_FIELDS.map((field) => ({ field, label: commissionFieldLabel(field), max: 100 })),
  { field: 'agentDiscountPercent', label: commissionFieldLabel('agentDiscountPercent'), max: AGENT_DISCOUNT_MAX },
  {
    field: 'studentCommissionPercent',
    label: commissionFieldLabel('studentCommissionPercent'),
    max: STUDENT_COMMISSION_MAX,
  },
]
const DISTRIBUTION = NO_REFERRAL_DISTRIBUTIONS.map((d) => ({ id: `commission.form.distribution.${d}` }))

/** Enter in a single-line field asks to save (the machine saves only a valid draft). */
function saveOnEnter(actor: Actor) {
  return (e: KeyboardEvent<HTMLFormElement>) => {
    const el = e.target as HTMLElement
    if (
      e.key !== 'Enter' ||
      e.nativeEvent.isComposing ||
      el.tagName !== 'INPUT' ||
      (el as HTMLInputElement).type === 'search'
    )
      return
    e.preventDefault()
    actor.send({ type: 'form.save' })
  }
}

type FormProps = { actor: Actor; picker?: ReactNode; autoFocus?: boolean }

export function ConfigForm(props: FormProps) {
  const conflict = useSelector(props.actor, (s) => (s.matches('conflict') ? s.context.conflict : null))
  if (!conflict) return <ConfigFields {...props} />
  return (
    <ConflictBar
      rows={conflictRows(conflict, { label: commissionFieldLabel, show: commissionValueText })}
      commandPrefix="commission.form"
    />
  )
}

function ConfigFields({ actor, picker, autoFocus }: FormProps) {
  const draft = useSelector(actor, (s) => s.context.draft)
  const refused = useSelector(actor, (s) => s.context.errors)
  const serverError = refused.form
  const saving = useSelector(actor, (s) => isCommissionFormBusy(s.value))
  const errors = draftErrors(draft)
  useFocusFirstInvalid(refused)
  const total = draftTotalBps(draft)
  const totalOk = total === SPLIT_TOTAL_BPS
  return (
    <form
      className="commission-form"
      data-testid="commission-form"
      noValidate
      onKeyDown={saveOnEnter(actor)}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'form.save' })
      }}
    >
      {picker}
      <fieldset className="commission-form__rates" disabled={saving}>
        <legend className="field__label">Commission split</legend>
        <div className="commission-form__grid">
          {LIMITS.map(({ field, label, max }, i) => (
            <Field key={field} label={label} error={errors[field]}>
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  step={0.1}
                  min={0}
                  max={max}
                  value={draft.rates[field]}
                  invalid={!!errors[field]}
                  autoFocus={autoFocus && i === 0}
                  data-field={field}
                  className="num"
                  onChange={(e) => actor.send({ type: 'field.change', field, value: e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
        <p className="commission-form__total" data-testid="split-total" data-ok={totalOk || undefined}>
          <span>
            Total: <strong className="num">{formatPercent(total / 100)}</strong>
          </span>
          {totalOk ? null : (
            <span className="field__error" role="alert">
              {TOTAL_MUST_EQUAL_MESSAGE}
            </span>
          )}
        </p>
      </fieldset>
      <div className="commission-form__row">
        <div className="field">
          <span className="field__label">Without a referrer, the referral share goes to</span>
          <CommandSelect aria-label="No-referral distribution" options={DISTRIBUTION} />
        </div>
        <CommandCheckbox id="commission.form.active" labelled />
      </div>
      <Field label="Notes" error={errors.notes}>
        {(id) => (
          <TextArea
            id={id}
            rows={2}
            value={draft.notes}
            disabled={saving}
            onChange={(e) => actor.send({ type: 'notes.change', value: e.target.value })}
          />
        )}
      </Field>
      <SplitPreview actor={actor} />
      {serverError ? (
        <p className="field__error commission-form__error" role="alert" data-testid="save-error">
          {serverError}
        </p>
      ) : null}
    </form>
  )
}
