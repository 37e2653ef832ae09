/**
 * One configuration card (SPEC.md 2 "Commission Management"): the project's title (or 'Default
 * Configuration'), the Active/Inactive badge, the five rates, the agent discount and the student
 * commission when above 0, Edit, and Delete (its command is hidden for the default). A click
 * focuses the card; the keyboard focus (j/k) is `active`.
 */
import { memo, useEffect, useRef } from 'react'
import { Pencil, Trash2 } from 'lucide-react'
import { SPLIT_RATE_FIELDS, SPLIT_RATE_LABELS, type CommissionConfig } from '../../../api/schemas/commission'
import { CommandButton } from '../../../commands/command-button'
import { Badge } from '../../../components/badge'
import { formatPercent } from '../../../lib/format'

/** SPEC.md 2: the title of the default configuration's card. */
export const DEFAULT_CONFIG_TITLE = 'Default Configuration'

/** The card's title: the project's, or 'Default Configuration'. */
export const cardTitle = (config: CommissionConfig) => config.project?.title ?? DEFAULT_CONFIG_TITLE

interface ConfigCardProps {
  config: CommissionConfig
  index: number
  active: boolean
  onFocus: (index: number) => void
}

export const ConfigCard = memo(function ConfigCard({ config, index, active, onFocus }: ConfigCardProps) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' })
  }, [active])
  const target = { kind: 'commissionConfig', id: config._id }
  const extras = [
    { key: 'agentDiscountPercent', label: 'Agent Discount', value: config.agentDiscountPercent },
    { key: 'studentCommissionPercent', label: 'Student Commission', value: config.studentCommissionPercent },
  ].filter((e) => e.value > 0)
  return (
    <article
      ref={ref}
      className="commission-card"
      data-testid="commission-card"
      data-id={config._id}
      data-default={config.isDefault || undefined}
      data-active={active || undefined}
      aria-current={active || undefined}
      onClick={() => onFocus(index)}
    >
      <header className="commission-card__header">
        <h3 className="commission-card__title" data-testid="card-title">
          {cardTitle(config)}
        </h3>
        <Badge tone={config.isActive ? 'success' : 'neutral'} dot>
          {config.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </header>
      <dl className="commission-card__rates">
        {SPLIT_RATE_FIELDS.map((f) => (
          <div key={f} className="commission-card__rate" data-rate={f}>
            <dt>{SPLIT_RATE_LABELS[f]}</dt>
            <dd className="num">{formatPercent(config[f])}</dd>
          </div>
        ))}
        {extras.map((e, i) => (
          <div
            key={e.key}
            className="commission-card__rate commission-card__rate--extra"
            data-rate={e.key}
            data-first={i === 0 || undefined}
          >
            <dt>{e.label}</dt>
            <dd className="num">{formatPercent(e.value)}</dd>
          </div>
        ))}
      </dl>
      {config.notes ? <p className="commission-card__notes muted">{config.notes}</p> : null}
      <footer className="commission-card__actions">
        <CommandButton id="commission.edit" target={target} size="sm" icon={<Pencil size={13} />} />
        <CommandButton
          id="commission.delete"
          target={target}
          size="sm"
          variant="ghost"
          className="commission-card__delete"
          icon={<Trash2 size={13} />}
        />
      </footer>
    </article>
  )
})
