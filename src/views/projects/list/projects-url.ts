/**
 * The projects list filters in the URL query (bookmarkable): ?search=&status=&verification=
 * &category=&risk=&limit=&page=. Unknown or malformed values fall back to the defaults (page size 20,
 * SPEC.md 9); defaults are left out of the URL.
 */
import type { ProjectListFilters } from '../../../api/projects'
import { RISK_FILTERS, VERIFICATION_STATUSES } from '../../../api/schemas/projects'
import { oneOf, readListPaging, writeListQuery } from '../../../lib/list-url'

export { PAGE_SIZES } from '../../../lib/list-url'
/** SPEC.md 9: built-in categories, merged with the server's and sorted. */
export const BUILT_IN_CATEGORIES = [
  'Web Development',
  'Mobile Development',
  'AI/ML',
  'SaaS',
  'Desktop App',
  'Game Development',
  'Security Tools',
]

/** Parses `location.search` (with or without '?') into filters. */
export function parseListSearch(search: string): ProjectListFilters {
  const q = new URLSearchParams(search)
  const { search: text, limit, page } = readListPaging(q)
  return {
    search: text,
    status: oneOf(q.get('status'), ['active', 'inactive', 'draft'] as const),
    verificationStatus: oneOf(q.get('verification'), VERIFICATION_STATUSES),
    category: q.get('category') ?? '',
    risk: oneOf(q.get('risk'), RISK_FILTERS),
    limit,
    page,
  }
}

/** The query string (without '?') for `filters`, defaults omitted. */
export function toListSearch(filters: ProjectListFilters): string {
  return writeListQuery(filters, [
    ['status', filters.status],
    ['verification', filters.verificationStatus],
    ['category', filters.category],
    ['risk', filters.risk],
  ])
}

/** Built-in and loaded categories, de-duplicated and sorted. */
export function mergeCategories(loaded: readonly string[]): string[] {
  return [...new Set([...BUILT_IN_CATEGORIES, ...loaded.filter(Boolean)])].sort((a, b) =>
    a.localeCompare(b, 'en', { sensitivity: 'base' }),
  )
}
