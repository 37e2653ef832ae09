/**
 * API input (rupees, `projectOwner`) → database columns (paise, `projectOwnerId`) for create and
 * partial update, and the before/after diff written to the audit log.
 */
import type { CreateProjectInput, UpdateProjectInput } from '../../../src/api/schemas/projects'
import type { projects } from '../../db/schema'
import { rupeesToPaise } from '../money'
import type { ProjectRow } from './serialize'

export type ProjectColumns = Partial<typeof projects.$inferInsert>

const MONEY: Record<string, keyof ProjectRow> = {
  price: 'pricePaise',
  customizationPrice: 'customizationPricePaise',
  reportPrice: 'reportPricePaise',
}

/** Only the fields present in `input` become columns (undefined = leave unchanged / default). */
export function toProjectColumns(input: UpdateProjectInput | CreateProjectInput): ProjectColumns {
  const columns: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue
    if (key in MONEY) columns[MONEY[key]] = rupeesToPaise(value as number)
    else if (key === 'projectOwner') columns.projectOwnerId = value
    else columns[key] = value
  }
  return columns as ProjectColumns
}

/** The changed columns as `{ before, after }` (arrays compared by value); empty when nothing changed. */
export function diffColumns(row: ProjectRow, columns: ProjectColumns) {
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(columns)) {
    if (key === 'updatedAt') continue
    const old = row[key as keyof ProjectRow]
    if (JSON.stringify(old) === JSON.stringify(value)) continue
    before[key] = old
    after[key] = value
  }
  return { before, after, changed: Object.keys(after).length > 0 }
}
