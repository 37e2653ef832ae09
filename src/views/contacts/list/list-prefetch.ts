/**
 * What a cold load of /contacts fetches before the list screen has run: its first page and the
 * stats, with the keys and query functions `useContactList` / `useContactStats` use, so the
 * screen finds them in the cache. Started by the route table (src/routes.tsx) alongside the
 * session restore.
 */
import { contactKeys, fetchContacts, fetchContactStats } from '../../../api/contacts'
import { firstQuery, loadUncached } from '../../../api/query-client'
import { parseContactsSearch } from './contacts-url'

/** Starts loading the page `search` (location.search) asks for and the stats where the cache lacks it, settling once answered (undefined: all cached); failures are left to the screen. */
export function prefetchContactsList(search: string): Promise<unknown> | undefined {
  const filters = parseContactsSearch(search)
  return loadUncached([
    firstQuery(contactKeys.list(filters), ({ signal }) => fetchContacts(filters, signal)),
    firstQuery(contactKeys.stats, ({ signal }) => fetchContactStats(signal)),
  ])
}
