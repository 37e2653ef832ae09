/**
 * The palette's result list as flat rows, built from the parsed query, the
 * visible commands, the admin's recents and the server's entity answers; the palette virtualizes
 * these rows. Pure: the palette and its tests share it.
 *
 * - '>' commands, ranked; '/' screens, ranked; '#', '@', '$', '!' the server's capped page, ranked,
 *   under a heading with 'n of total'.
 * - No prefix, no text: recent commands and recently opened records first, then the other commands.
 * - No prefix, with text: recently opened records that match it strongly (contains or better), then
 *   every command ranked (a recent command first among equally good matches, never above a better
 *   match), then projects matching the text (2+ characters).
 */
import type { EntityHit, EntitySearchResult } from '../api/palette-search'
import type { RecentRecord, RecentRecordKind } from '../api/schemas/preferences'
import { formatCount } from '../lib/format'
import { SCREENS } from './navigation.commands'
import { entityKindsOf, type EntityKind, type PaletteQuery } from './palette-query'
import { rankCommands, rankings, rankItems } from './palette-rank'
import type { Command, CommandContext } from './registry'

export type Screen = (typeof SCREENS)[number]

export type PaletteRow =
  | { type: 'heading'; key: string; label: string; detail?: string }
  | { type: 'command'; key: string; command: Command }
  | { type: 'record'; key: string; record: RecentRecord }
  | { type: 'entity'; key: string; hit: EntityHit }
  | { type: 'screen'; key: string; screen: Screen }
  | { type: 'note'; key: string; text: string }

/** At most this many recent commands and recent records each in the mixed mode. */
export const RECENT_SHOWN = 5

/** The console path of a record the palette remembers. */
export function recordPath(kind: RecentRecordKind, id: string): string {
  return kind === 'order' ? `/orders?order=${id}` : `/${kind}s/${id}`
}

const ENTITY_TITLES: Record<EntityKind, [string, string]> = {
  projects: ['Projects', 'project'],
  users: ['Users', 'user'],
  orders: ['Orders', 'order'],
  contacts: ['Contacts', 'contact'],
}
const RECORD_KIND_TITLES: Record<RecentRecordKind, string> = {
  project: 'Project',
  user: 'User',
  order: 'Order',
  contact: 'Contact',
}

export interface EntityState {
  /** The server's answer for the (debounced) text; undefined before the first. */
  result?: EntitySearchResult
  /** Whether a request is under way. */
  loading: boolean
}

export interface PaletteRowsInput {
  query: PaletteQuery
  /** The commands visible here (without the palette's own). */
  commands: readonly Command[]
  ctx: CommandContext
  /** Command ids, newest first. */
  recentCommands: readonly string[]
  /** Records opened, newest first. */
  recentRecords: readonly RecentRecord[]
  entities: Partial<Record<EntityKind, EntityState>>
}

const commandRows = (commands: readonly Command[]): PaletteRow[] =>
  commands.map((command) => ({ type: 'command', key: `c:${command.id}`, command }))

function entityRows(kind: EntityKind, text: string, state: EntityState | undefined): PaletteRow[] {
  const [title, one] = ENTITY_TITLES[kind]
  const result = state?.result
  const hits = result ? rankItems(result.hits, text, { keys: ['title', { key: 'detail', maxRanking: 3 }] }) : []
  // The server matched them (its search is wider than the title); those the ranking drops follow in the server's order.
  const rest = result ? result.hits.filter((h) => !hits.includes(h)) : []
  const shown = [...hits, ...rest]
  const total = result ? `${formatCount(result.total)}${result.capped ? '+' : ''}` : ''
  const detail = result
    ? result.capped || result.total > shown.length
      ? `${formatCount(shown.length)} of ${total}`
      : total
    : undefined
  const rows: PaletteRow[] = [{ type: 'heading', key: `h:${kind}`, label: title, detail }]
  if (shown.length) rows.push(...shown.map((hit): PaletteRow => ({ type: 'entity', key: `e:${kind}:${hit.id}`, hit })))
  else
    rows.push({
      type: 'note',
      key: `n:${kind}`,
      text: state?.loading || !result ? `Searching ${title.toLowerCase()}…` : `No ${one} matches '${text}'`,
    })
  return rows
}

/** The rows of the palette for `input` (see the module comment). */
export function buildPaletteRows(input: PaletteRowsInput): PaletteRow[] {
  const { query, commands, ctx } = input
  const { text } = query
  switch (query.mode) {
    case 'commands': {
      const ranked = rankCommands(commands, text, ctx)
      return ranked.length
        ? [{ type: 'heading', key: 'h:commands', label: 'Commands' }, ...commandRows(ranked)]
        : [{ type: 'note', key: 'n:commands', text: 'No matching commands' }]
    }
    case 'screens': {
      const ranked = rankItems(SCREENS, text, { keys: ['title', 'path'] })
      return ranked.length
        ? [
            { type: 'heading', key: 'h:screens', label: 'Screens' },
            ...ranked.map((screen): PaletteRow => ({ type: 'screen', key: `s:${screen.id}`, screen })),
          ]
        : [{ type: 'note', key: 'n:screens', text: 'No matching screen' }]
    }
    case 'projects':
    case 'users':
    case 'orders':
    case 'contacts':
      return text
        ? entityRows(query.mode, text, input.entities[query.mode])
        : [{ type: 'note', key: 'n:type', text: `Type to search ${ENTITY_TITLES[query.mode][0].toLowerCase()}` }]
    case 'all': {
      const byId = new Map(commands.map((c) => [c.id, c]))
      const recentCommands = text
        ? []
        : input.recentCommands
            .map((id) => byId.get(id))
            .filter((c): c is Command => !!c)
            .slice(0, RECENT_SHOWN)
      const records = (
        text
          ? rankItems(input.recentRecords, text, { keys: ['label'], threshold: rankings.CONTAINS })
          : input.recentRecords
      ).slice(0, RECENT_SHOWN)
      const rows: PaletteRow[] = []
      if (recentCommands.length || records.length) {
        rows.push(
          { type: 'heading', key: 'h:recent', label: 'Recent' },
          ...commandRows(recentCommands),
          ...records.map((record): PaletteRow => ({ type: 'record', key: `r:${record.kind}:${record.id}`, record })),
        )
      }
      const shownIds = new Set(recentCommands.map((c) => c.id))
      const others = rankCommands(commands, text, ctx, input.recentCommands).filter((c) => !shownIds.has(c.id))
      if (others.length) rows.push({ type: 'heading', key: 'h:commands', label: 'Commands' }, ...commandRows(others))
      for (const kind of entityKindsOf(query)) rows.push(...entityRows(kind, text, input.entities[kind]))
      return rows.length ? rows : [{ type: 'note', key: 'n:none', text: 'No matching commands' }]
    }
  }
}

/** The label of a recent record's kind ('Project'). */
export const recordKindTitle = (kind: RecentRecordKind) => RECORD_KIND_TITLES[kind]
