/**
 * Taking and releasing triage claims (decision 043, contract src/api/schemas/live.ts "Claims"):
 * the statements are in db/queries/triage-claims.queries.ts, the clock is the app's
 * (`deps.now`), and a claim lasts CLAIM_TTL_MS from its last renewal.
 */
import { CLAIM_TTL_MS, type Claim } from '../../src/api/schemas/live'
import { liveClaim, releaseClaim, takeClaim, type Moderator } from '../db/queries/triage-claims.queries'
import { isInQueue } from '../db/queries/triage.queries'
import { assertProjectExists } from '../db/queries/verification.queries'
import type { AppDeps } from '../deps'
import { claimedMessage, claimExpiry } from '../domain/triage'
import { conflict, forbidden } from '../http/errors'

type Deps = Pick<AppDeps, 'db' | 'now'>

/** A claim taken or renewed, the other moderator's live claim that holds the project, or a project not in the queue. */
export type ClaimOutcome = { claim: Claim } | { heldBy: Claim } | { notInQueue: true }

// Between a lost claim and the read of the winner's, that claim may have ended: claim again, a few times at most.
const ATTEMPTS = 3

/**
 * Claim (or renew) `projectId` for `moderator`: `{ claim }`; `{ heldBy }` when another moderator's
 * live claim holds it; `{ notInQueue }` when it no longer waits for a decision (decided, a
 * draft). 404 'Project not found' for an unknown project.
 */
export async function claimProject(deps: Deps, projectId: string, moderator: Moderator): Promise<ClaimOutcome> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const now = deps.now()
    const claim = await takeClaim(deps.db, projectId, moderator, now, claimExpiry(now, CLAIM_TTL_MS))
    if (claim) return { claim }
    const heldBy = await liveClaim(deps.db, projectId, now)
    if (heldBy) return { heldBy }
    if (!(await isInQueue(deps.db, projectId))) return { notInQueue: true }
  }
  throw conflict('The claim of this project keeps changing hands; try again')
}

/**
 * Release `moderatorId`'s claim of `projectId`; answers whether there was one. 403 when another
 * moderator's live claim holds it (a moderator releases only their own), 404 for an unknown project.
 */
export async function releaseProject(deps: Deps, projectId: string, moderatorId: string): Promise<boolean> {
  if (await releaseClaim(deps.db, projectId, moderatorId)) return true
  const other = await liveClaim(deps.db, projectId, deps.now())
  if (other) throw forbidden(`${claimedMessage(other.moderator.name)}; only they can release the claim`)
  await assertProjectExists(deps.db, projectId)
  return false
}
