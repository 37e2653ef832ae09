/**
 * The commission configuration form's rules (SPEC.md 5 "Commission", 9 defaults), shared
 * by the create/edit modal and the Default Config tab: the draft (inputs as typed text), the draft
 * of a stored configuration, the request body (empty inputs count as 0), the contract's messages
 * per field, the live total in basis points and whether the draft may be saved.
 */
import * as v from 'valibot'
import {
  COMMISSION_DEFAULTS,
  CommissionConfigUpdateSchema,
  NO_REFERRAL_DISTRIBUTION_LABELS,
  SPLIT_RATE_FIELDS,
  SPLIT_RATE_LABELS,
  SPLIT_TOTAL_BPS,
  splitTotalBps,
  TOTAL_MUST_EQUAL_MESSAGE,
  type CommissionConfig,
  type CommissionConfigUpdateInput,
  type NoReferralDistribution,
  type SplitRateField,
} from '../api/schemas/commission'

/** The number inputs of the form: the five rates, the agent discount and the student commission (percent). */
export const PERCENT_FIELDS = [...SPLIT_RATE_FIELDS, 'agentDiscountPercent', 'studentCommissionPercent'] as const
export type PercentField = (typeof PERCENT_FIELDS)[number]

/** A project the create modal may pick (SPEC.md 3 picker item); price in rupees. */
export interface PickedProject {
  _id: string
  title: string
  price: number
}

/** What the form edits: each percent input as typed ('' allowed), the distribution, notes, active, and the project (create). */
export interface CommissionDraft {
  rates: Record<PercentField, string>
  noReferralDistribution: NoReferralDistribution
  notes: string
  isActive: boolean
  project: PickedProject | null
}

/** Messages by field, `project` for the picker, `form` for the server's refusal. */
export type CommissionFormErrors = Partial<Record<PercentField | 'notes' | 'project' | 'form', string>>

const text = (n: number) => String(n)

/** A new configuration's draft: SPEC.md 9's defaults, active, no notes, no project. */
export function defaultDraft(notes = ''): CommissionDraft {
  const rates = Object.fromEntries(PERCENT_FIELDS.map((f) => [f, text(COMMISSION_DEFAULTS[f])])) as Record<
    PercentField,
    string
  >
  return {
    rates,
    noReferralDistribution: COMMISSION_DEFAULTS.noReferralDistribution,
    notes,
    isActive: true,
    project: null,
  }
}

/** The draft of a stored configuration (its project is kept by the machine, not edited). */
export function draftOf(config: CommissionConfig): CommissionDraft {
  const rates = Object.fromEntries(PERCENT_FIELDS.map((f) => [f, text(config[f])])) as Record<PercentField, string>
  return {
    rates,
    noReferralDistribution: config.noReferralDistribution,
    notes: config.notes,
    isActive: config.isActive,
    project: null,
  }
}

/** A typed percent as a number: '' (or blanks) is 0 (SPEC.md 5); anything unreadable is NaN. */
export function percentValue(typed: string): number {
  const t = typed.trim()
  return t === '' ? 0 : Number(t)
}

/** The draft's percent values (numbers; NaN where the input is not a number). */
export function percentsOf(draft: CommissionDraft): Record<PercentField, number> {
  return Object.fromEntries(PERCENT_FIELDS.map((f) => [f, percentValue(draft.rates[f])])) as Record<
    PercentField,
    number
  >
}

/** The five rates' total in basis points, empty inputs as 0 (splitTotalBps of the contract). */
export function draftTotalBps(draft: CommissionDraft): number {
  const p = percentsOf(draft)
  return splitTotalBps(Object.fromEntries(SPLIT_RATE_FIELDS.map((f) => [f, p[f]])) as Record<SplitRateField, number>)
}

/** The PUT / POST body of `draft` (without projectId): numbers, notes trimmed. */
export function configBody(draft: CommissionDraft): CommissionConfigUpdateInput {
  return {
    ...percentsOf(draft),
    noReferralDistribution: draft.noReferralDistribution,
    notes: draft.notes.trim(),
    isActive: draft.isActive,
  }
}

/** The contract's first message per field for `draft` (bounds, steps of 0.1, notes length); empty when it would pass. */
export function draftErrors(draft: CommissionDraft): CommissionFormErrors {
  const result = v.safeParse(CommissionConfigUpdateSchema, configBody(draft))
  if (result.success) return {}
  const errors: CommissionFormErrors = {}
  for (const issue of result.issues) {
    const key = v.getDotPath(issue)
    const field = key && (key === 'notes' || key in draft.rates) ? (key as PercentField | 'notes') : 'form'
    errors[field] ??= issue.message
  }
  return errors
}

/** Why `draft` cannot be saved yet (null: it can). `needsProject`: a project configuration being created. */
export function saveBlocker(draft: CommissionDraft, needsProject: boolean): string | null {
  if (needsProject && !draft.project) return 'Please select a project'
  const errors = draftErrors(draft)
  const first = Object.values(errors).find(Boolean)
  if (first) return first
  return draftTotalBps(draft) === SPLIT_TOTAL_BPS ? null : TOTAL_MUST_EQUAL_MESSAGE
}

/** Whether two drafts hold the same values (the modal asks before discarding a changed one). */
export function sameDraft(a: CommissionDraft, b: CommissionDraft): boolean {
  return (
    a.noReferralDistribution === b.noReferralDistribution &&
    a.notes === b.notes &&
    a.isActive === b.isActive &&
    (a.project?._id ?? null) === (b.project?._id ?? null) &&
    PERCENT_FIELDS.every((f) => a.rates[f] === b.rates[f])
  )
}

/** The draft as the stale-save merge compares it (decision 042): each edited field by its contract name, as typed. */
export function draftValues(draft: CommissionDraft): Record<string, string | boolean> {
  return {
    ...draft.rates,
    noReferralDistribution: draft.noReferralDistribution,
    notes: draft.notes,
    isActive: draft.isActive,
  }
}

/** The draft of merged `values` (draftValues' shape); `project` is kept as it is. */
export function draftOfValues(values: Record<string, unknown>, project: PickedProject | null): CommissionDraft {
  const rates = Object.fromEntries(PERCENT_FIELDS.map((f) => [f, String(values[f] ?? '')])) as Record<
    PercentField,
    string
  >
  return {
    rates,
    noReferralDistribution: values.noReferralDistribution as NoReferralDistribution,
    notes: String(values.notes ?? ''),
    isActive: values.isActive === true,
    project,
  }
}

const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(SPLIT_RATE_FIELDS.map((f) => [f, `${SPLIT_RATE_LABELS[f]} (%)`])),
  agentDiscountPercent: 'Agent Discount (%)',
  studentCommissionPercent: 'Student Commission (%)',
  noReferralDistribution: 'Without a referrer',
  notes: 'Notes',
  isActive: 'Active',
}

/** A field's label in the merge notice and the conflict bar, as the form labels it. */
export const commissionFieldLabel = (field: string): string => FIELD_LABELS[field] ?? field

/** A field's value in the conflict bar: the distribution's label, else undefined (the bar's own words). */
export function commissionValueText(field: string, value: unknown): string | undefined {
  return field === 'noReferralDistribution' && typeof value === 'string' && value in NO_REFERRAL_DISTRIBUTION_LABELS
    ? NO_REFERRAL_DISTRIBUTION_LABELS[value as NoReferralDistribution]
    : undefined
}
