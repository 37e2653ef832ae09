/**
 * The commission screen's state in the URL query (bookmarkable; SPEC.md 2 "Commission Management"):
 * ?tab=configs|default|stats and the Configurations tab's search, isActive (true |
 * false; All Status is absent) and page. Unknown or malformed values fall back to the defaults
 * (Configurations, no search, All Status, page 1), and defaults are left out of the URL.
 */
import type { CommissionConfigFilters } from '../../api/commission'
import { oneOf } from '../../lib/list-url'

export const COMMISSION_TABS = ['configs', 'default', 'stats'] as const
export type CommissionTab = (typeof COMMISSION_TABS)[number]
/** SPEC.md 2: the tab labels, in order. */
export const COMMISSION_TAB_LABELS: Readonly<Record<CommissionTab, string>> = {
  configs: 'Configurations',
  default: 'Default Config',
  stats: 'Statistics',
}

export interface CommissionUrlState extends CommissionConfigFilters {
  tab: CommissionTab
}

/** Parses `location.search` (with or without '?'). */
export function parseCommissionSearch(search: string): CommissionUrlState {
  const q = new URLSearchParams(search)
  const page = Number(q.get('page'))
  return {
    tab: oneOf(q.get('tab'), COMMISSION_TABS) || 'configs',
    search: q.get('search') ?? '',
    isActive: oneOf(q.get('isActive'), ['true', 'false'] as const),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The query string (without '?'), defaults omitted. */
export function toCommissionSearch(state: CommissionUrlState): string {
  const q = new URLSearchParams()
  if (state.tab !== 'configs') q.set('tab', state.tab)
  if (state.search) q.set('search', state.search)
  if (state.isActive) q.set('isActive', state.isActive)
  if (state.page > 1) q.set('page', String(state.page))
  return q.toString()
}

/** The screen's address for `state`: '/commission' plus its query. */
export function commissionPath(state: CommissionUrlState): string {
  const query = toCommissionSearch(state)
  return query ? `/commission?${query}` : '/commission'
}
