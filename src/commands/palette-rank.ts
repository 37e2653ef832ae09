/**
 * Ranking of the palette, on match-sorter's tiers instead of cmdk's scorer:
 * equal > starts-with > word-starts-with > contains > acronym > fuzzy. A title match of the first
 * four tiers ("strong") always ranks above an acronym or scattered fuzzy match; within the same
 * strength, items the caller boosts (commands that apply to the focused record, the selection or
 * the current screen) come first, then the better tier, then the more recently used (when the
 * caller says), then the caller's order (registry order). Pure; the palette and its tests share it.
 */
import { matchSorter, rankings, type KeyOption } from 'match-sorter'
import type { Command, CommandContext } from './registry'

export { rankings }

export interface RankOptions<T> {
  /** What to match: match-sorter keys (getters or { key, maxRanking }), best first. */
  keys: ReadonlyArray<KeyOption<T>>
  /** Items that apply to what the admin is working on; ranked first within the same strength. */
  boost?: (item: T) => boolean
  /** How recently the admin used an item: 0 = newest, larger = older, undefined = never; breaks ties within a tier. */
  recency?: (item: T) => number | undefined
  /** The weakest tier kept (match-sorter's `threshold`), e.g. rankings.CONTAINS for strong matches only. */
  threshold?: (typeof rankings)[keyof typeof rankings]
}

/** `items` that match `text`, best first (see the module comment); all of them, boosted first, for empty text. */
export function rankItems<T>(
  items: readonly T[],
  text: string,
  { keys, boost, recency, threshold }: RankOptions<T>,
): T[] {
  const query = text.trim()
  const boosted = (item: T) => (boost?.(item) ? 1 : 0)
  const age = (item: T) => recency?.(item) ?? Number.POSITIVE_INFINITY
  if (!query) {
    return items
      .map((item, index) => ({ item, index }))
      .sort((a, b) => boosted(b.item) - boosted(a.item) || a.index - b.index)
      .map((x) => x.item)
  }
  return matchSorter(items, query, {
    keys,
    ...(threshold === undefined ? {} : { threshold }),
    sorter: (matched) =>
      [...matched].sort((a, b) => {
        const strong = (r: number) => (r >= rankings.CONTAINS ? 1 : 0)
        return (
          strong(b.rank) - strong(a.rank) ||
          boosted(b.item) - boosted(a.item) ||
          b.rank - a.rank ||
          (age(a.item) === age(b.item) ? 0 : age(a.item) < age(b.item) ? -1 : 1) ||
          a.keyIndex - b.keyIndex ||
          a.index - b.index
        )
      }),
  })
}

/** The record kinds of ViewCommandContext.focused and the command id namespace acting on them. */
const NAMESPACE_OF_KIND: Record<string, string> = {
  project: 'projects',
  user: 'users',
  order: 'orders',
  contact: 'contacts',
}

/**
 * Whether `command` acts on what the admin is working on: its id namespace ('projects.approve' →
 * 'projects') is the focused record's kind, or the current screen's ('/projects/…') when the
 * screen has a selection or shows one record.
 */
export function appliesToTarget(command: Command, ctx: CommandContext): boolean {
  const namespace = command.id.split('.')[0]
  const focusedKind = ctx.view.focused ? NAMESPACE_OF_KIND[ctx.view.focused.kind] : undefined
  if (focusedKind) return namespace === focusedKind
  const screen = ctx.route.split('/')[1] ?? ''
  return !!screen && namespace === screen
}

/**
 * The commands matching `text`, best first, with those that apply to the focus/selection/screen
 * boosted; `recent` (command ids, newest first) breaks ties within a tier.
 */
export function rankCommands(
  commands: readonly Command[],
  text: string,
  ctx: CommandContext,
  recent: readonly string[] = [],
): Command[] {
  const ages = new Map(recent.map((id, index) => [id, index]))
  return rankItems(commands, text, {
    recency: (c) => ages.get(c.id),
    keys: [
      (c) => [c.label?.(ctx) ?? c.title, c.title],
      { key: (c) => [...(c.keywords ?? [])], maxRanking: rankings.WORD_STARTS_WITH },
      { key: (c) => c.group, maxRanking: rankings.CONTAINS },
    ],
    boost: (c) => appliesToTarget(c, ctx),
  })
}
