/**
 * What a detail page's sections machine keeps when a save is refused as stale (409
 * `version_conflict`, decision 042): the record as the other admin left it, the changes the
 * server listed (who, when, which fields), and the three-way merge of the open section's form.
 */
import { versionConflictOf } from '../../api/version-conflict'
import type { VersionChange } from '../../api/schemas/versions'
import { listInWords, type EditsMerge } from '../../domain/merge-edits'

/** A stale save being settled: `theirs` is the record now, `merge` the form merged with it. */
export interface SectionConflict<R> {
  theirs: R
  changes: VersionChange[]
  merge: EditsMerge
}

/** True for the 409 of a write based on a version the record no longer has. */
export const isVersionConflict = (error: unknown): boolean => versionConflictOf(error) !== null

/** The changes the 409 listed (oldest first), or none. */
export const changesOf = (error: unknown): VersionChange[] => versionConflictOf(error)?.changes ?? []

/** 'Keep mine' writes my values: the notice names what it wrote over. */
export function keptMineText(conflict: SectionConflict<unknown>, label: (field: string) => string): string {
  const fields = listInWords(conflict.merge.conflicts.map((c) => label(c.field)))
  const names = [...new Set(conflict.changes.flatMap((c) => (c.actor ? [c.actor.name] : [])))]
  const whose = names.length > 0 ? listInWords(names.map((name) => `${name}'s`)) : 'the other'
  return `Saved your ${fields} over ${whose} change`
}
