/**
 * Console preferences rules (contract src/api/schemas/preferences.ts): the stored row
 * read with its defaults, and the recent lists kept newest first, without duplicates, at most
 * RECENT_LIMIT long. Pure.
 */
import {
  DEFAULT_PREFERENCES,
  RECENT_LIMIT,
  type Preferences,
  type ReasonTemplate,
  type RecentRecord,
} from '../../src/api/schemas/preferences'

/** The stored columns (null: the default). */
export interface PreferencesRow {
  singleKeyShortcuts: boolean | null
  reasonTemplates: ReasonTemplate[] | null
  recentCommands: string[]
  recentRecords: RecentRecord[]
}

/** The preferences an admin sees: the stored values, or the defaults where nothing is stored (no row at all: all defaults). */
export function toPreferences(row: PreferencesRow | undefined): Preferences {
  if (!row) return { ...DEFAULT_PREFERENCES, reasonTemplates: [...DEFAULT_PREFERENCES.reasonTemplates] }
  return {
    singleKeyShortcuts: row.singleKeyShortcuts ?? DEFAULT_PREFERENCES.singleKeyShortcuts,
    recentCommands: row.recentCommands.slice(0, RECENT_LIMIT),
    recentRecords: row.recentRecords.slice(0, RECENT_LIMIT),
    reasonTemplates: row.reasonTemplates ?? [...DEFAULT_PREFERENCES.reasonTemplates],
  }
}

/** `item` first, any earlier equal item (by `key`) dropped, at most RECENT_LIMIT items. */
export function pushRecent<T>(list: readonly T[], item: T, key: (t: T) => string): T[] {
  const k = key(item)
  return [item, ...list.filter((t) => key(t) !== k)].slice(0, RECENT_LIMIT)
}

/** Identity of a recent record: its kind and id (a renamed record replaces its old label). */
export const recordKey = (r: RecentRecord) => `${r.kind}:${r.id}`
