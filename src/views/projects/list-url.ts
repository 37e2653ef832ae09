/**
 * The projects list filters in the URL query (bookmarkable): ?search=&status=&verification=
 * &category=&limit=&page=. Unknown or malformed values fall back to the defaults (page size 20,
 * SPEC.md 9); defaults are left out of the URL.
 */
import type { ProjectListFilters } from '../../api/projects'
import { VERIFICATION_STATUSES, type VerificationStatus } from '../../api/schemas/projects'

export const PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 20
/** SPEC.md 9: built-in categories, merged with the server's and sorted. */
export const BUILT_IN_CATEGORIES = ['Web Development', 'Mobile Development', 'AI/ML', 'SaaS', 'Desktop App', 'Game Development', 'Security Tools']

/** Parses `location.search` (with or without '?') into filters. */
export function parseListSearch(search: string): ProjectListFilters {
  const q = new URLSearchParams(search)
  const status = q.get('status')
  const verification = q.get('verification') ?? ''
  const limit = Number(q.get('limit'))
  const page = Number(q.get('page'))
  return {
    search: q.get('search') ?? '',
    status: status === 'active' || status === 'inactive' ? status : '',
    verificationStatus: (VERIFICATION_STATUSES as readonly string[]).includes(verification) ? (verification as VerificationStatus) : '',
    category: q.get('category') ?? '',
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The query string (without '?') for `filters`, defaults omitted. */
export function toListSearch(filters: ProjectListFilters): string {
  const q = new URLSearchParams()
  if (filters.search) q.set('search', filters.search)
  if (filters.status) q.set('status', filters.status)
  if (filters.verificationStatus) q.set('verification', filters.verificationStatus)
  if (filters.category) q.set('category', filters.category)
  if (filters.limit !== DEFAULT_PAGE_SIZE) q.set('limit', String(filters.limit))
  if (filters.page > 1) q.set('page', String(filters.page))
  return q.toString()
}

/** Built-in and loaded categories, de-duplicated and sorted. */
export function mergeCategories(loaded: readonly string[]): string[] {
  return [...new Set([...BUILT_IN_CATEGORIES, ...loaded.filter(Boolean)])].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
}

/** 'Showing a to b of n results' numbers for a page (1-based, inclusive). */
export function showingRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 }
  return { from: (page - 1) * limit + 1, to: Math.min(page * limit, total) }
}
