/**
 * The palette's prefix modes: the first character of the typed text picks
 * what the palette lists. `>` commands only, `#` projects, `@` users, `$` orders, `!` contacts,
 * `/` screens; anything else is the mixed mode (recents, commands, then projects). Pure.
 */

/** What the palette lists. 'all' is the mixed mode of text without a prefix. */
export type PaletteMode = 'all' | 'commands' | 'projects' | 'users' | 'orders' | 'contacts' | 'screens'

/** The record kinds the palette searches on the server. */
export type EntityKind = 'projects' | 'users' | 'orders' | 'contacts'

/** The prefixes, in the order the hint row shows them. */
export const PALETTE_PREFIXES: ReadonlyArray<{ prefix: string; mode: Exclude<PaletteMode, 'all'>; label: string }> = [
  { prefix: '>', mode: 'commands', label: 'commands' },
  { prefix: '#', mode: 'projects', label: 'projects' },
  { prefix: '@', mode: 'users', label: 'users' },
  { prefix: '$', mode: 'orders', label: 'orders' },
  { prefix: '!', mode: 'contacts', label: 'contacts' },
  { prefix: '/', mode: 'screens', label: 'screens' },
]

export interface PaletteQuery {
  mode: PaletteMode
  /** The text after the prefix, trimmed ('#  shop ' → 'shop'). */
  text: string
}

/** Splits palette input into its mode and search text: '@ravi' → { mode: 'users', text: 'ravi' }. */
export function parsePaletteQuery(input: string): PaletteQuery {
  const trimmed = input.trimStart()
  const entry = PALETTE_PREFIXES.find((p) => trimmed.startsWith(p.prefix))
  return entry
    ? { mode: entry.mode, text: trimmed.slice(entry.prefix.length).trim() }
    : { mode: 'all', text: trimmed.trim() }
}

/** The server searches a mode runs: one kind per entity mode; projects for free text of 2+ characters. */
export function entityKindsOf(query: PaletteQuery): EntityKind[] {
  switch (query.mode) {
    case 'projects':
    case 'users':
    case 'orders':
    case 'contacts':
      return query.text.length > 0 ? [query.mode] : []
    case 'all':
      return query.text.length >= 2 ? ['projects'] : []
    default:
      return []
  }
}
