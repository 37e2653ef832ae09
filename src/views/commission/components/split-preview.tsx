/**
 * The split preview of the configuration form: for an example order amount (₹, editable;
 * the picked project's price, else ₹10,000) it shows what each party receives without a referrer,
 * with an agent (whose customer pays the agent-discounted price) and with a student referrer, for
 * an order with or without the two add-ons (the `commission.form.preview.*` toggles). Computed by
 * the shared split engine (src/domain/commission-split.ts) from the draft as typed, so it follows
 * every keystroke; while the rates do not total 100 % it says so instead.
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { Field, Input } from '../../../components/field'
import {
  agentDiscountedPricePaise,
  COMMISSION_PARTIES,
  splitConfigFromPercent,
  splitOrder,
  type CommissionParty,
  type Split,
} from '../../../domain/commission-split'
import { formatINR } from '../../../lib/format'
import { percentsOf, type CommissionDraft } from '../../../machines/commission-config.form'
import type { CommissionPreview, commissionConfigModalMachine } from '../../../machines/commission-config-modal.machine'

type Actor = ActorRefFrom<typeof commissionConfigModalMachine>

export const PARTY_LABELS: Readonly<Record<CommissionParty, string>> = {
  projectOwner: 'Project Owner',
  platform: 'Platform',
  customizer: 'Customizer',
  installationSupport: 'Installation Support',
  referral: 'Referral',
}

/** One column of the preview: who referred the order, what the customer paid (paise) and the split. */
export interface PreviewColumn {
  key: 'none' | 'agent' | 'student'
  label: string
  amountPaise: number
  split: Split
}

/** Rupees as typed → whole paise (0 for anything that is not a non-negative number). */
export function rupeesToPaise(typed: string): number {
  const n = Number(typed.trim())
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : 0
}

/** The preview's three columns for `draft`, or null while the draft is no valid split (total not 100 %, a bound broken). */
export function previewColumns(draft: CommissionDraft, preview: CommissionPreview): PreviewColumn[] | null {
  const p = percentsOf(draft)
  try {
    const config = splitConfigFromPercent({ ...p, noReferralDistribution: draft.noReferralDistribution })
    const listPaise = rupeesToPaise(preview.amount)
    const agentPaise = agentDiscountedPricePaise(listPaise, Math.round(p.agentDiscountPercent * 100))
    const order = { withCustomization: preview.withCustomization, withInstallation: preview.withInstallation }
    return [
      {
        key: 'none',
        label: 'No referrer',
        amountPaise: listPaise,
        split: splitOrder({ ...order, amountPaise: listPaise, referrer: null }, config),
      },
      {
        key: 'agent',
        label: 'Agent referrer',
        amountPaise: agentPaise,
        split: splitOrder({ ...order, amountPaise: agentPaise, referrer: 'agent' }, config),
      },
      {
        key: 'student',
        label: 'Student referrer',
        amountPaise: listPaise,
        split: splitOrder({ ...order, amountPaise: listPaise, referrer: 'student' }, config),
      },
    ]
  } catch {
    return null
  }
}

const rupees = (paise: number) => formatINR(paise / 100)

export function SplitPreview({ actor }: { actor: Actor }) {
  const draft = useSelector(actor, (s) => s.context.draft)
  const preview = useSelector(actor, (s) => s.context.preview)
  const columns = previewColumns(draft, preview)
  return (
    <section className="split-preview" data-testid="split-preview" aria-label="Split preview">
      <div className="split-preview__controls">
        <Field label="Example order (₹)">
          {(id) => (
            <Input
              id={id}
              type="number"
              inputMode="decimal"
              min={0}
              step={1}
              className="num"
              value={preview.amount}
              data-testid="preview-amount"
              onChange={(e) => actor.send({ type: 'preview.amount', value: e.target.value })}
            />
          )}
        </Field>
        <CommandCheckbox id="commission.form.preview.customization" labelled />
        <CommandCheckbox id="commission.form.preview.installation" labelled />
      </div>
      {columns ? (
        <table className="commission-table split-preview__table" data-testid="preview-table">
          <thead>
            <tr>
              <th scope="col">Receives</th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className="num" data-column={c.key}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="split-preview__paid">
              <th scope="row">Customer pays</th>
              {columns.map((c) => (
                <td key={c.key} className="num" data-column={c.key} data-party="amount">
                  {rupees(c.amountPaise)}
                </td>
              ))}
            </tr>
            {COMMISSION_PARTIES.map((party) => (
              <tr key={party}>
                <th scope="row">{PARTY_LABELS[party]}</th>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={c.split[party] ? 'num' : 'num faint'}
                    data-column={c.key}
                    data-party={party}
                  >
                    {rupees(c.split[party])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted split-preview__empty" data-testid="preview-unavailable">
          The preview appears once the rates are valid and total 100%.
        </p>
      )}
    </section>
  )
}
