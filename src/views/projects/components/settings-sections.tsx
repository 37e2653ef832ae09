/** Status, Support and Services, and Project Details sections (SPEC.md 2, 3). Money in rupees. */
import { DIFFICULTIES } from '../../../api/schemas/projects'
import { Badge } from '../../../components/badge'
import { Checkbox } from '../../../components/checkbox'
import { Field, Input } from '../../../components/field'
import { Select } from '../../../components/select'
import { formatDateTime, formatINR } from '../../../lib/format'
import type { SectionDraft } from '../../../machines/project-sections.machine'
import { Fact, SectionCard } from './section-card'

type Change = (patch: SectionDraft) => void
const yesNo = (b: boolean) => <Badge tone={b ? 'success' : 'neutral'}>{b ? 'Yes' : 'No'}</Badge>

function Check({ d, change, name, label }: { d: SectionDraft; change: Change; name: string; label: string }) {
  return (
    <label className="check-row">
      <Checkbox checked={d[name] === true} onCheckedChange={(c) => change({ [name]: c })} aria-label={label} />
      <span>{label}</span>
    </label>
  )
}

function NumberField({ d, change, name, label, step, min, max }: { d: SectionDraft; change: Change; name: string; label: string; step?: number; min?: number; max?: number }) {
  return (
    <Field label={label}>
      {(id) => <Input id={id} type="number" inputMode="decimal" step={step} min={min ?? 0} max={max} value={String(d[name] ?? '')} onChange={(e) => change({ [name]: e.target.value })} />}
    </Field>
  )
}

export function StatusSection() {
  return (
    <SectionCard
      section="status" title="Status"
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
          <Check d={d} change={change} name="isActive" label="Active" />
          <Check d={d} change={change} name="isFeatured" label="Featured" />
          <Check d={d} change={change} name="isInStock" label="In stock" />
          <NumberField d={d} change={change} name="stock" label="Stock (empty = unlimited)" step={1} />
        </div>
      )}
    />
  )
}

export function SupportSection() {
  return (
    <SectionCard
      section="support" title="Support and Services"
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
          <Check d={d} change={change} name="allowsCustomization" label="Allows customization" />
          <NumberField d={d} change={change} name="customizationPrice" label="Customization price (₹)" step={0.01} />
          <Check d={d} change={change} name="includesInstallationSupport" label="Includes installation support" />
          <NumberField d={d} change={change} name="supportDuration" label="Support duration (days)" step={1} />
          <Check d={d} change={change} name="hasReport" label="Has report" />
          <NumberField d={d} change={change} name="reportPrice" label="Report price (₹)" step={0.01} />
        </div>
      )}
    />
  )
}

export function DetailsSection({ categories }: { categories: string[] }) {
  return (
    <SectionCard
      section="details" title="Project Details"
      view={(p) => (
        <dl className="facts">
          <Fact label="Category">{p.category}</Fact>
          <Fact label="Difficulty">{p.difficulty}</Fact>
          <Fact label="Price">{formatINR(p.price)}</Fact>
          <Fact label="Discount">{p.discount}% ({formatINR(p.discountedPrice)})</Fact>
          <Fact label="Rating">{p.rating.toFixed(1)} / 5</Fact>
          <Fact label="Created">{formatDateTime(p.createdAt)}</Fact>
          <Fact label="Updated">{formatDateTime(p.updatedAt)}</Fact>
        </dl>
      )}
      edit={(d, change) => (
        <div className="form-grid">
          <Field label="Category">
            {(id) => <Select id={id} value={String(d.category)} onValueChange={(v) => change({ category: v })}
              options={[...new Set([String(d.category), ...categories])].map((c) => ({ value: c, label: c }))} />}
          </Field>
          <Field label="Difficulty">
            {(id) => <Select id={id} value={String(d.difficulty)} onValueChange={(v) => change({ difficulty: v })} options={DIFFICULTIES.map((x) => ({ value: x, label: x }))} />}
          </Field>
          <NumberField d={d} change={change} name="price" label="Price (₹)" step={0.01} />
          <NumberField d={d} change={change} name="discount" label="Discount (%)" step={1} max={100} />
          <NumberField d={d} change={change} name="rating" label="Rating (0-5)" step={0.1} max={5} />
        </div>
      )}
    />
  )
}
