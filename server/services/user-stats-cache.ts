/**
 * GET /api/users/stats cached per users table version (decision 004) and month: the counts scan
 * every user (200,000 in the benchmark seed), so they are computed once per users write instead
 * of once per request. The version is read before the query, so a stored entry is never older
 * than its key; the month start (IST) is part of the key so the new-this-month count rolls over
 * on the 1st without a write. One instance per app.
 */
import type { UserStats } from '../../src/api/schemas/users'
import type { Db } from '../db/client'
import { userStats } from '../db/queries/users-detail.queries'
import { monthStartIst } from '../domain/user-rules'
import { cacheKey } from './cache-key'
import type { TableVersions } from './table-versions'

/** The stats of the users of `db` at `now`, reused while the users version and the IST month are unchanged. */
export function createUserStatsCache(db: Db, versions: TableVersions) {
  let cached: { key: string; stats: UserStats } | undefined
  return async function stats(now: Date): Promise<{ stats: UserStats; cache: 'hit' | 'miss' }> {
    const key = cacheKey(await versions.current(), ['users'], monthStartIst(now).toISOString())
    if (cached?.key === key) return { stats: cached.stats, cache: 'hit' }
    const fresh = await userStats(db, now)
    cached = { key, stats: fresh }
    return { stats: fresh, cache: 'miss' }
  }
}
