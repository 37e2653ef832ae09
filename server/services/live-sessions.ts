/**
 * Is an access token's session still signed in? An access token names its
 * refresh-token family as `sid`; once that family is revoked (Settings → Revoke, 'Sign out
 * everywhere else', a password change, sign-out, refresh-token reuse) requireAdmin refuses the
 * token with 401 at once instead of honouring it until it expires (15 minutes).
 *
 * Cost (BENCHMARKS.md "Sessions"): one indexed lookup (refresh_family_idx) per family at most every
 * LIVE_SESSION_RECHECK_MS, answered from memory in between. A revoked family is remembered for good
 * (revocation is final). Revokes made by this process `forget` the family, so they apply to the
 * very next request; a revoke by another server on the same database applies within the recheck
 * interval. A check that began before a `forget` never marks a family live (epoch counter).
 */
import { LRUCache } from 'lru-cache'
import type { Db } from '../db/client'
import { familyIsLive } from '../db/queries/auth.queries'

/** Family ids are UUIDs; a signed `sid` of any other shape names no session (and must not reach a uuid column). */
const FAMILY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** How long a family found live is believed live without asking the database again (ms). */
export const LIVE_SESSION_RECHECK_MS = 2_000

export class LiveSessions {
  /** familyId → when it was last found live (ms, injected clock), or 'revoked'. */
  private readonly known = new LRUCache<string, number | 'revoked'>({ max: 10_000 })
  private epoch = 0

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly recheckMs = LIVE_SESSION_RECHECK_MS,
  ) {}

  /** True when family `familyId` still has an unrevoked refresh token; false for an id that cannot name a family. */
  async isLive(familyId: string): Promise<boolean> {
    if (!FAMILY_ID.test(familyId)) return false
    const at = this.now().getTime()
    const known = this.known.get(familyId)
    if (known === 'revoked') return false
    if (known !== undefined && at - known < this.recheckMs) return true
    const epoch = this.epoch
    const live = await familyIsLive(this.db, familyId)
    if (!live) this.known.set(familyId, 'revoked')
    else if (epoch === this.epoch) this.known.set(familyId, at)
    return live
  }

  /** Families this process has just revoked: their next request is checked against the database. */
  forget(familyIds: readonly string[]): void {
    this.epoch += 1
    for (const id of familyIds) this.known.delete(id)
  }
}
