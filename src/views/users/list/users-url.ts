/**
 * The users list filters in the URL query (bookmarkable, SPEC.md 2 "Users list"):
 * ?search=&role=&status=&limit=&page=. Unknown or malformed values fall back to the defaults
 * (all roles, all statuses, 20 per page, page 1); defaults are left out of the URL.
 */
import type { UserListFilters } from '../../../api/users'
import { USER_ROLES } from '../../../api/schemas/users'
import { oneOf, readListPaging, writeListQuery } from '../../../lib/list-url'

/** The list's address, `/users` plus the query of `filters` (defaults omitted). */
export function usersListPath(filters: UserListFilters): string {
  const query = toUsersSearch(filters)
  return query ? `/users?${query}` : '/users'
}

/** Parses `location.search` (with or without '?') into the users list filters. */
export function parseUsersSearch(search: string): UserListFilters {
  const q = new URLSearchParams(search)
  const { search: text, limit, page } = readListPaging(q)
  return {
    search: text,
    role: oneOf(q.get('role'), USER_ROLES),
    status: oneOf(q.get('status'), ['active', 'inactive'] as const),
    limit,
    page,
  }
}

/** The query string (without '?') for `filters`, defaults omitted. */
export function toUsersSearch(filters: UserListFilters): string {
  return writeListQuery(filters, [
    ['role', filters.role],
    ['status', filters.status],
  ])
}
