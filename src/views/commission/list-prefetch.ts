/**
 * What a cold load of /commission fetches before the screen has run: the configurations page of
 * the URL's filters and the default configuration, with the keys and query functions
 * `useCommissionConfigs` / `useDefaultCommissionConfig` use, so the screen finds them in the cache.
 * Started by the route table (src/routes.tsx) alongside the session restore.
 */
import { commissionKeys, fetchCommissionConfigs, fetchDefaultCommissionConfig } from '../../api/commission'
import { firstQuery, loadUncached } from '../../api/query-client'
import { parseCommissionSearch } from './commission-url'

/** Starts loading what `search` (location.search) shows where the cache lacks it, settling once answered (undefined: all cached); failures are left to the screen. */
export function prefetchCommission(search: string): Promise<unknown> | undefined {
  const { search: text, isActive, page } = parseCommissionSearch(search)
  const filters = { search: text, isActive, page }
  return loadUncached([
    firstQuery(commissionKeys.configs(filters), ({ signal }) => fetchCommissionConfigs(filters, signal)),
    firstQuery(commissionKeys.default, ({ signal }) => fetchDefaultCommissionConfig(signal)),
  ])
}
