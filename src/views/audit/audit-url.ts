/**
 * The audit screen's state in the URL query (bookmarkable): ?search=&entityType=
 * &entityId=&actorId=&action=&from=&to=&entry=. The first seven are the list filters (the API's
 * names, src/api/schemas/audit.ts); `entry` is the entry whose diff panel is open. Malformed values
 * fall back to '' (no filter), and empty values are left out of the URL.
 */
import type { AuditFilters } from '../../api/schemas/audit'

/** The filters plus the open entry ('' = no panel). */
export interface AuditUrlState extends AuditFilters {
  entry: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const KEYS = ['search', 'entityType', 'entityId', 'actorId', 'action', 'from', 'to', 'entry'] as const

const matching = (value: string | null, pattern: RegExp) => (value && pattern.test(value) ? value : '')

/** Parses `location.search` (with or without '?'). */
export function parseAuditSearch(search: string): AuditUrlState {
  const q = new URLSearchParams(search)
  return {
    search: q.get('search') ?? '',
    entityType: matching(q.get('entityType'), /^[a-z_]{1,40}(?:,[a-z_]{1,40}){0,4}$/),
    entityId: (q.get('entityId') ?? '').slice(0, 200),
    actorId: matching(q.get('actorId'), UUID),
    action: matching(q.get('action'), /^(?:[a-z_]+\.)*[a-z_]*$/),
    from: matching(q.get('from'), DAY),
    to: matching(q.get('to'), DAY),
    entry: matching(q.get('entry'), /^\d{1,19}$/),
  }
}

/** The query string (without '?'), empty values omitted, in a fixed order. */
export function toAuditSearch(state: Partial<AuditUrlState>): string {
  const q = new URLSearchParams()
  for (const key of KEYS) if (state[key]) q.set(key, state[key])
  return q.toString()
}

/** The audit screen's address for `state`: '/audit' plus its query. */
export function auditPath(state: Partial<AuditUrlState>): string {
  const query = toAuditSearch(state)
  return query ? `/audit?${query}` : '/audit'
}

/** The filters of `state` (without the open entry). */
export function auditFiltersOf(state: AuditUrlState): AuditFilters {
  const { search, entityType, entityId, actorId, action, from, to } = state
  return { search, entityType, entityId, actorId, action, from, to }
}

/** 'project.' → 'project.*'; an exact action as it is. */
export function actionOptionLabel(action: string): string {
  return action.endsWith('.') ? `${action}*` : action
}

/**
 * The options of the action menu for the `actions` in the log: each family as a prefix
 * (`project.`) followed by its actions, families in order.
 */
export function actionOptions(actions: readonly string[]): string[] {
  const families = [...new Set(actions.map((a) => `${a.split('.')[0]}.`))].sort()
  return families.flatMap((family) => [family, ...actions.filter((a) => a.startsWith(family)).sort()])
}
