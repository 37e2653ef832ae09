/**
 * The users list filters in the URL query (bookmarkable, SPEC.md 2 "Users list"):
 * ?search=&role=&status=&limit=&page=. Unknown or malformed values fall back to the defaults
 * (all roles, all statuses, 20 per page, page 1); defaults are left out of the URL.
 */
import type { UserListFilters } from '../../../api/users'
import { USER_ROLES, type UserRole } from '../../../api/schemas/users'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../projects/list-url'

/** The list's address, `/users` plus the query of `filters` (defaults omitted). */
export function usersListPath(filters: UserListFilters): string {
  const query = toUsersSearch(filters)
  return query ? `/users?${query}` : '/users'
}

/** Parses `location.search` (with or without '?') into the users list filters. */
export function parseUsersSearch(search: string): UserListFilters {
  const q = new URLSearchParams(search)
  const role = q.get('role') ?? ''
  const status = q.get('status')
  const limit = Number(q.get('limit'))
  const page = Number(q.get('page'))
  return {
    search: q.get('search') ?? '',
    role: (USER_ROLES as readonly string[]).includes(role) ? (role as UserRole) : '',
    status: status === 'active' || status === 'inactive' ? status : '',
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The query string (without '?') for `filters`, defaults omitted. */
export function toUsersSearch(filters: UserListFilters): string {
  const q = new URLSearchParams()
  if (filters.search) q.set('search', filters.search)
  if (filters.role) q.set('role', filters.role)
  if (filters.status) q.set('status', filters.status)
  if (filters.limit !== DEFAULT_PAGE_SIZE) q.set('limit', String(filters.limit))
  if (filters.page > 1) q.set('page', String(filters.page))
  return q.toString()
}
