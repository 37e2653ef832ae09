/**
 * The contacts list filters in the URL query (bookmarkable, SPEC.md 2 "Contacts list"):
 * ?search=&status=&limit=&page=, status one of new (Unread), read, replied, archived. Unknown or
 * malformed values fall back to the defaults (all statuses, 20 per page, page 1); defaults are
 * left out of the URL.
 */
import type { ContactListFilters } from '../../../api/contacts'
import { CONTACT_STATUSES } from '../../../api/schemas/contacts'
import { oneOf, readListPaging, writeListQuery } from '../../../lib/list-url'

/** The list's address, `/contacts` plus the query of `filters` (defaults omitted). */
export function contactsListPath(filters: ContactListFilters): string {
  const query = toContactsSearch(filters)
  return query ? `/contacts?${query}` : '/contacts'
}

/** Parses `location.search` (with or without '?') into the contacts list filters. */
export function parseContactsSearch(search: string): ContactListFilters {
  const q = new URLSearchParams(search)
  const { search: text, limit, page } = readListPaging(q)
  return { search: text, status: oneOf(q.get('status'), CONTACT_STATUSES), limit, page }
}

/** The query string (without '?') for `filters`, defaults omitted. */
export function toContactsSearch(filters: ContactListFilters): string {
  return writeListQuery(filters, [['status', filters.status]])
}
