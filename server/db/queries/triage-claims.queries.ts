/**
 * Triage claims (decision 043, contract src/api/schemas/live.ts "Claims"): one row per project in
 * triage_claims (migration 0035), holding until `expires_at`. A row whose expiry is not after the
 * app's clock is no claim: every read here filters on it, and the background job sweeps it.
 *
 * Every claim, renewal and release announces itself with `pg_notify('console_events', <ClaimEvent
 * JSON>)` in its own statement, so the event reaches listeners only if the write commits. The
 * statements audit nothing (a claim changes no record of the app), so they are plain statements,
 * not write() (decision 031).
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Claim } from '../../../src/api/schemas/live'
import type { Db } from '../client'
import { projects, triageClaims, users } from '../schema'
import { inQueue } from './triage.queries'

/** The channel the event stream forwards to the browsers (typed by the payload's `type`). */
export const EVENTS_CHANNEL = 'console_events'

/** Who claims: the signed-in moderator's id and name (the name goes into the event). */
export type Moderator = { id: string; name: string }

/** The NOTIFY payload of a project's claim taken, renewed (`claim`) or released (null). */
export const claimEvent = (projectId: string, claim: Claim | null): string =>
  JSON.stringify({ type: 'claim', projectId, claim })

const notify = (payload: string) => sql`pg_notify(${EVENTS_CHANNEL}, ${payload})`

/**
 * Claim `projectId` for `moderator` until `expiresAt`, or renew their own claim: one INSERT … ON
 * CONFLICT DO UPDATE whose WHERE lets it take the row only when the existing claim expired at
 * `now` or is the same moderator's, so of two moderators claiming at once exactly one gets a row
 * back. Only a project waiting in the queue (pending or under review, published) is inserted.
 * Answers the claim, or null when another moderator's live claim holds the project or it is not
 * in the queue (unknown, decided, a draft).
 */
export async function takeClaim(
  db: Db,
  projectId: string,
  moderator: Moderator,
  now: Date,
  expiresAt: Date,
): Promise<Claim | null> {
  const claim: Claim = { projectId, moderator, expiresAt: expiresAt.toISOString() }
  const waiting = db
    .select({
      projectId: projects.id,
      moderatorId: sql<string>`${moderator.id}::uuid`.as('moderator_id'),
      claimedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('claimed_at'),
      expiresAt: sql<Date>`${claim.expiresAt}::timestamptz`.as('expires_at'),
    })
    .from(projects)
    .where(and(eq(projects.id, projectId), inQueue))
  const taken = db.$with('taken').as(
    db
      .insert(triageClaims)
      .select(waiting)
      .onConflictDoUpdate({
        target: triageClaims.projectId,
        set: {
          moderatorId: moderator.id,
          // A renewal keeps when the review began; a claim taken over from an expired one starts now.
          claimedAt: sql`case when ${triageClaims.moderatorId} = excluded.moderator_id
            and ${triageClaims.expiresAt} > ${now} then ${triageClaims.claimedAt} else excluded.claimed_at end`,
          expiresAt,
        },
        setWhere: sql`${triageClaims.expiresAt} <= ${now} or ${triageClaims.moderatorId} = excluded.moderator_id`,
      })
      .returning({ projectId: triageClaims.projectId }),
  )
  const rows = await db
    .with(taken)
    .select({ projectId: taken.projectId, notified: notify(claimEvent(projectId, claim)) })
    .from(taken)
  return rows.length ? claim : null
}

/**
 * Release `moderatorId`'s claim of `projectId` (live or expired). Answers true when a row went;
 * the release is announced in the same statement.
 */
export async function releaseClaim(db: Db, projectId: string, moderatorId: string): Promise<boolean> {
  const released = db.$with('released').as(
    db
      .delete(triageClaims)
      .where(and(eq(triageClaims.projectId, projectId), eq(triageClaims.moderatorId, moderatorId)))
      .returning({ projectId: triageClaims.projectId }),
  )
  const rows = await db
    .with(released)
    .select({ projectId: released.projectId, notified: notify(claimEvent(projectId, null)) })
    .from(released)
  return rows.length > 0
}

const claimColumns = {
  projectId: triageClaims.projectId,
  moderatorId: triageClaims.moderatorId,
  moderatorName: users.name,
  expiresAt: triageClaims.expiresAt,
}

const toClaim = (row: { projectId: string; moderatorId: string; moderatorName: string; expiresAt: Date }): Claim => ({
  projectId: row.projectId,
  moderator: { id: row.moderatorId, name: row.moderatorName },
  expiresAt: row.expiresAt.toISOString(),
})

/** The live claim of `projectId` at `now` with the moderator's name, or null. */
export async function liveClaim(db: Db, projectId: string, now: Date): Promise<Claim | null> {
  const [row] = await db
    .select(claimColumns)
    .from(triageClaims)
    .innerJoin(users, eq(users.id, triageClaims.moderatorId))
    .where(and(eq(triageClaims.projectId, projectId), gt(triageClaims.expiresAt, now)))
  return row ? toClaim(row) : null
}

/** Every live claim at `now`, soonest to expire first. */
export async function liveClaims(db: Db, now: Date): Promise<Claim[]> {
  const rows = await db
    .select(claimColumns)
    .from(triageClaims)
    .innerJoin(users, eq(users.id, triageClaims.moderatorId))
    .where(gt(triageClaims.expiresAt, now))
    .orderBy(triageClaims.expiresAt, triageClaims.projectId)
  return rows.map(toClaim)
}

/** Delete the claims expired at `now` (the background sweep); answers how many went. */
export async function sweepExpiredClaims(db: Pick<Db, 'delete'>, now: Date): Promise<number> {
  const removed = await db
    .delete(triageClaims)
    .where(lte(triageClaims.expiresAt, now))
    .returning({ projectId: triageClaims.projectId })
  return removed.length
}
