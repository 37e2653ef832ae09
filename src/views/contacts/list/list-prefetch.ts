/**
 * What a cold load of /contacts fetches before the list screen has run: its first page and the
 * stats, with the keys and query functions `useContactList` / `useContactStats` use, so the
 * screen finds them in the cache. Started by the route table (src/routes.tsx) alongside the
 * session restore.
 */
import { contactKeys, fetchContacts, fetchContactStats } from '../../../api/contacts'
import { queryClient } from '../../../api/query-client'
import { parseContactsSearch } from './contacts-url'

/** Starts loading the page `search` (location.search) asks for and the stats; failures are left to the screen. */
export function prefetchContactsList(search: string): Promise<unknown> {
  const filters = parseContactsSearch(search)
  return Promise.all([
    queryClient.prefetchQuery({
      queryKey: contactKeys.list(filters),
      queryFn: ({ signal }) => fetchContacts(filters, signal),
    }),
    queryClient.prefetchQuery({ queryKey: contactKeys.stats, queryFn: ({ signal }) => fetchContactStats(signal) }),
  ])
}
