/** Status, Support and Services, and Project Details sections (SPEC.md 2, 3). Money in rupees. */
import { CommandCheckbox } from '../../../../commands/command-checkbox'
import { CommandSelect } from '../../../../commands/command-select'
import { DIFFICULTY_OPTIONS } from '../../../../commands/project-detail.commands'
import { Badge } from '../../../../components/badge'
import { Field, Input } from '../../../../components/field'
import { formatDateTime, formatINR } from '../../../../lib/format'
import type { SectionDraft } from '../../../../machines/project-sections.machine'
import { Fact, SectionCard } from '../section-card'

type Change = (patch: SectionDraft) => void
const yesNo = (b: boolean) => <Badge tone={b ? 'success' : 'neutral'}>{b ? 'Yes' : 'No'}</Badge>

/** A yes/no field of the draft: the `projects.detail.field.{name}` command. */
function Check({ name, label }: { name: string; label: string }) {
  return (
    <label className="check-row">
      <CommandCheckbox id={`projects.detail.field.${name}`} />
      <span>{label}</span>
    </label>
  )
}

function NumberField({
  d,
  change,
  name,
  label,
  step,
  min,
  max,
}: {
  d: SectionDraft
  change: Change
  name: string
  label: string
  step?: number
  min?: number
  max?: number
}) {
  return (
    <Field label={label}>
      {(id) => (
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          step={step}
          min={min ?? 0}
          max={max}
          value={String(d[name] ?? '')}
          onChange={(e) => change({ [name]: e.target.value })}
        />
      )}
    </Field>
  )
}

export function StatusSection() {
  return (
    <SectionCard
      section="status"
      title="Status"
      view={(p) => (
        <dl className="facts">
          <Fact label="Active">{yesNo(p.isActive)}</Fact>
          <Fact label="Featured">{yesNo(p.isFeatured)}</Fact>
          <Fact label="In stock">{yesNo(p.isInStock)}</Fact>
          <Fact label="Stock">{p.stock === null ? 'Unlimited' : p.stock}</Fact>
        </dl>
      )}
      edit={(d, change) => (
        <div className="form-stack">
          <Check name="isActive" label="Active" />
          <Check name="isFeatured" label="Featured" />
          <Check name="isInStock" label="In stock" />
          <NumberField d={d} change={change} name="stock" label="Stock (empty = unlimited)" step={1} />
        </div>
      )}
    />
  )
}

export function SupportSection() {
  return (
    <SectionCard
      section="support"
      title="Support and Services"
      view={(p) => (
        <dl className="facts">
          <Fact label="Allows customization">{yesNo(p.allowsCustomization)}</Fact>
          <Fact label="Customization price">{formatINR(p.customizationPrice)}</Fact>
          <Fact label="Installation support">{yesNo(p.includesInstallationSupport)}</Fact>
          <Fact label="Support duration">{p.supportDuration} days</Fact>
          <Fact label="Has report">{yesNo(p.hasReport)}</Fact>
          <Fact label="Report price">{formatINR(p.reportPrice)}</Fact>
        </dl>
      )}
      edit={(d, change) => (
        <div className="form-grid">
          <Check name="allowsCustomization" label="Allows customization" />
          <NumberField d={d} change={change} name="customizationPrice" label="Customization price (₹)" step={0.01} />
          <Check name="includesInstallationSupport" label="Includes installation support" />
          <NumberField d={d} change={change} name="supportDuration" label="Support duration (days)" step={1} />
          <Check name="hasReport" label="Has report" />
          <NumberField d={d} change={change} name="reportPrice" label="Report price (₹)" step={0.01} />
        </div>
      )}
    />
  )
}

export function DetailsSection({ categories }: { categories: string[] }) {
  return (
    <SectionCard
      section="details"
      title="Project Details"
      view={(p) => (
        <dl className="facts">
          <Fact label="Category">{p.category}</Fact>
          <Fact label="Difficulty">{p.difficulty}</Fact>
          <Fact label="Price">{formatINR(p.price)}</Fact>
          <Fact label="Discount">
            {p.discount}% ({formatINR(p.discountedPrice)})
          </Fact>
          <Fact label="Rating">{p.rating.toFixed(1)} / 5</Fact>
          <Fact label="Created">{formatDateTime(p.createdAt)}</Fact>
          <Fact label="Updated">{formatDateTime(p.updatedAt)}</Fact>
        </dl>
      )}
      edit={(d, change) => (
        <div className="form-grid">
          <Field label="Category">
            {(id) => (
              <CommandSelect
                id={id}
                aria-label="Category"
                options={[...new Set([String(d.category), ...categories])].map((c) => ({
                  id: 'projects.detail.field.category',
                  target: { kind: 'category', id: c },
                }))}
              />
            )}
          </Field>
          <Field label="Difficulty">
            {(id) => <CommandSelect id={id} aria-label="Difficulty" options={DIFFICULTY_OPTIONS} />}
          </Field>
          <NumberField d={d} change={change} name="price" label="Price (₹)" step={0.01} />
          <NumberField d={d} change={change} name="discount" label="Discount (%)" step={1} max={100} />
          <NumberField d={d} change={change} name="rating" label="Rating (0-5)" step={0.1} max={5} />
        </div>
      )}
    />
  )
}
