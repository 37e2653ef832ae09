/**
 * Three-way merge of a section's form when its save was refused as stale (decision 042): `base`
 * is what the admin loaded, `theirs` the record as it is now (another admin's change), `mine` the
 * form. Field by field: changed only by me → mine; changed only by them → theirs; changed by both
 * to different values → a conflict the admin settles (Keep mine / Take theirs). Values are compared
 * as the form holds them (text and yes/no), so formatting of a list counts as a change.
 */
import type { VersionChange } from '../api/schemas/versions'

/** A form's values by field name. */
export type FieldValues = Readonly<Record<string, unknown>>

/** A field both admins changed, to different values. */
export interface FieldConflict {
  field: string
  base: unknown
  theirs: unknown
  mine: unknown
}

/** The outcome of `mergeEdits`. */
export interface EditsMerge {
  /** Every field of `mine`: mine where I changed it, else theirs (conflicts hold mine until settled). */
  values: Record<string, unknown>
  conflicts: FieldConflict[]
  /** Fields only they changed: taken from theirs without asking. */
  theirsTaken: string[]
  /** Fields I changed (conflicting or not). */
  mineChanged: string[]
}

const same = (a: unknown, b: unknown) => a === b || (a ?? '') === (b ?? '')

/** Merges field by field over the fields of `mine` (the form's). */
export function mergeEdits(base: FieldValues, theirs: FieldValues, mine: FieldValues): EditsMerge {
  const values: Record<string, unknown> = {}
  const conflicts: FieldConflict[] = []
  const theirsTaken: string[] = []
  const mineChanged: string[] = []
  for (const field of Object.keys(mine)) {
    const mineMoved = !same(mine[field], base[field])
    const theirsMoved = !same(theirs[field], base[field])
    if (mineMoved) mineChanged.push(field)
    else if (theirsMoved) theirsTaken.push(field)
    if (mineMoved && theirsMoved && !same(mine[field], theirs[field]))
      conflicts.push({ field, base: base[field], theirs: theirs[field], mine: mine[field] })
    values[field] = mineMoved ? mine[field] : theirs[field]
  }
  return { values, conflicts, theirsTaken, mineChanged }
}

/** The values to write when the admin keeps theirs: each conflicting field goes back to theirs. */
export function takeTheirs(merge: EditsMerge): Record<string, unknown> {
  return { ...merge.values, ...Object.fromEntries(merge.conflicts.map((c) => [c.field, c.theirs])) }
}

/** Who changed `field` last and when, from the changes a 409 listed (oldest first); the last change when none names it. */
export function changeOf(field: string, changes: readonly VersionChange[]): VersionChange | null {
  return [...changes].reverse().find((c) => c.fields.includes(field)) ?? changes.at(-1) ?? null
}

/** The distinct names of who made `changes` to `fields` ('someone' for a change without an actor). */
export function authorsOf(fields: readonly string[], changes: readonly VersionChange[]): string[] {
  const names = fields.map((f) => changeOf(f, changes)?.actor?.name ?? 'someone')
  return [...new Set(names)]
}

/** 'Title', 'Title and Tags', 'Title, Tags and Price'. */
export function listInWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/**
 * The notice of a merge made without asking: "Merged with Asha's change to Title",
 * "Merged with Asha's and Ravi's changes to Title and Tags". The fields are those of the form they
 * changed, else those the changes name (another section's). `label` names a field.
 */
export function mergedText(
  merge: EditsMerge,
  changes: readonly VersionChange[],
  label: (field: string) => string,
): string {
  const fields =
    merge.theirsTaken.length > 0 ? merge.theirsTaken : [...new Set(changes.flatMap((change) => change.fields))]
  if (fields.length === 0) return 'Saved over a change made since you opened it'
  const whose = listInWords(authorsOf(fields, changes).map((name) => `${name}'s`))
  return `Merged with ${whose} change${fields.length > 1 ? 's' : ''} to ${listInWords(fields.map(label))}`
}

/** 'Is in stock' from 'isInStock': a field's label when the form gives none. */
export function fieldWords(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
