/**
 * What a move to /contacts/:id fetches before the detail screen has rendered: the inquiry, with
 * the key `useContact` reads, so the screen draws once, complete (src/routes.tsx).
 */
import { contactKeys, fetchContact } from '../../../api/contacts'
import { firstQuery, loadUncached } from '../../../api/query-client'

/** Starts loading contact `id` unless cached; settles once answered, or undefined when cached (the screen refreshes it behind). */
export function prefetchContactDetail(id: string): Promise<unknown> | undefined {
  return loadUncached([firstQuery(contactKeys.detail(id), ({ signal }) => fetchContact(id, signal))])
}
