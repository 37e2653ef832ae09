/**
 * The dashboard's aggregates (SPEC.md 3 "Dashboard stats") built from four parts, each cached per
 * the versions of the tables it reads (decisions 004, 033): projects (projects version and month),
 * contacts (contacts version and month), admins (users version) and revenue (payments version).
 * Under the load bench only projects are written, so the contacts, admins and revenue statements
 * stop running per request; with every part cached a request costs the versions read alone
 * (memory while TableVersions listens). The month (UTC, `monthStarts`) is in the keys of the parts
 * with month counts, so they roll over at 00:00 UTC on the 1st without a write.
 *
 * Keys use the versions read once per request *before* any statement runs: a statement's snapshot
 * holds at least those versions, so no part is stored under versions newer than its data.
 * Identical concurrent misses of a part build once. One instance per app (the dashboard routes').
 */
import type { Db } from '../db/client'
import {
  activeAdminCount,
  completedRevenuePaise,
  dashboardContacts,
  dashboardProjects,
  type DashboardAggregates,
} from '../db/queries/dashboard.queries'
import { monthStarts, type MonthStarts } from '../domain/dashboard-stats'
import { createSingleFlightCache, type CacheOutcome } from './single-flight-cache'
import { cacheKey } from './cache-key'
import type { TableVersions, VersionedTable, Versions } from './table-versions'

/** The dashboard's parts, in the order of the `x-cache` header. */
export const DASHBOARD_PARTS = ['projects', 'contacts', 'admins', 'revenue'] as const
export type DashboardPart = (typeof DASHBOARD_PARTS)[number]

/** Entries per part: the current key and a few older ones still asked for by requests in flight. */
const ENTRIES_PER_PART = 4

/** One part cached by the versions of `tables` (and, when `monthly`, the month). */
function cachedPart<V extends object | number>(
  tables: readonly VersionedTable[],
  monthly: boolean,
  build: (months: MonthStarts) => Promise<V>,
) {
  const get = createSingleFlightCache<V>({ max: ENTRIES_PER_PART })
  return (versions: Versions, months: MonthStarts) =>
    get(cacheKey(versions, tables, monthly ? months.thisMonth.toISOString() : ''), () => build(months))
}

/**
 * The aggregates of `db` at `now` (the input of `toDashboardStats`) and, per part, whether it came
 * from the cache ('hit'), was built by this call ('miss') or by a concurrent one ('shared').
 */
export function createDashboardCache(db: Db, versions: TableVersions) {
  const projects = cachedPart(['projects'], true, (months) => dashboardProjects(db, months))
  const contacts = cachedPart(['contacts'], true, (months) => dashboardContacts(db, months))
  const admins = cachedPart(['users'], false, () => activeAdminCount(db))
  const revenue = cachedPart(['payments'], false, () => completedRevenuePaise(db))

  return async function aggregates(
    now: Date,
  ): Promise<{ aggregates: DashboardAggregates; cache: Record<DashboardPart, CacheOutcome> }> {
    const months = monthStarts(now)
    const known = await versions.current()
    const [p, c, a, r] = await Promise.all([
      projects(known, months),
      contacts(known, months),
      admins(known, months),
      revenue(known, months),
    ])
    return {
      aggregates: { ...p.value, ...c.value, admins: a.value, revenuePaise: r.value },
      cache: { projects: p.cache, contacts: c.cache, admins: a.cache, revenue: r.cache },
    }
  }
}
