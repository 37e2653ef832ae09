/**
 * Shared URL query helpers for the admin lists (projects, users, orders and payments):
 * filters live in the query so a list is bookmarkable (SPEC.md 2, 9). Every list carries
 * `search`, `limit` (page size, one of PAGE_SIZES, default 20) and `page` (1-based); its own
 * filters are read with `oneOf` and written in order with `writeListQuery`. Unknown or malformed
 * values fall back to the defaults, and defaults are left out of the URL.
 */

/** SPEC.md 9: the page sizes offered and the default. */
export const PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 20

/** The part every list's filters share. */
export interface ListPaging {
  search: string
  limit: number
  page: number
}

/** `value` when it is one of `allowed`, else '' (the 'all' filter). */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : ''
}

/** Reads search, limit and page from a parsed query; a bad limit or page falls back to 20 / 1. */
export function readListPaging(q: URLSearchParams): ListPaging {
  const limit = Number(q.get('limit'))
  const page = Number(q.get('page'))
  return {
    search: q.get('search') ?? '',
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/**
 * The query string (without '?'): `search`, then the list's own `filters` in the given order
 * (empty values omitted), then `limit` and `page` unless they are the defaults.
 */
export function writeListQuery(paging: ListPaging, filters: ReadonlyArray<readonly [string, string]>): string {
  const q = new URLSearchParams()
  if (paging.search) q.set('search', paging.search)
  for (const [key, value] of filters) if (value) q.set(key, value)
  if (paging.limit !== DEFAULT_PAGE_SIZE) q.set('limit', String(paging.limit))
  if (paging.page > 1) q.set('page', String(paging.page))
  return q.toString()
}

/** 'Showing a to b of n results' numbers for a page (1-based, inclusive). */
export function showingRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 }
  return { from: (page - 1) * limit + 1, to: Math.min(page * limit, total) }
}
