/**
 * Writing contacts (SPEC.md 4 "Contact status", 7 "Contacts"): a status change, the
 * all-or-nothing bulk update, the three steps of a reply (claim, record, release: the mail is sent
 * between them with no transaction open) and the public form's insert with its per-IP count.
 * Status changes and replies are audited (`contact.status`, `contact.reply`) with the admin as
 * actor; is_read follows the status in the database (migration 0021).
 */
import { and, asc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { ContactBulkAction, ContactCreateInput, ContactStatus } from '../../../src/api/schemas/contacts'
import { CONTACT_BULK_ACTIONS } from '../../../src/api/schemas/contacts'
import type { Db } from '../client'
import { contacts, projects } from '../schema'
import { badRequest, conflict, notFound, tooManyRequests } from '../../http/errors'
import {
  ALREADY_REPLIED,
  CONTACT_FORM_WINDOW_MS,
  REPLY_CLAIM_STALE_MS,
  REPLY_IN_FLIGHT,
  bulkMessage,
  rateLimitMessage,
} from '../../domain/contacts'
import type { Tx } from './projects.queries'
import { assertUnchanged, type UndoActor } from './undo.queries'
import { write } from '../write'
import { groupByBefore, undoRecord, type UndoRecord } from '../../domain/undo'
import { CONTACT_NOT_FOUND } from './contacts.queries'
import { assertVersion, nextVersion, splitByVersion, withMovedCount } from '../../domain/versions'
import { nextVersionSql, rowConflicts } from './versions.queries'

/** Who acts, from where (audit). */
export type Actor = { actorId: string; ip: string | null }

/** replied_at when a contact becomes `status`: set on the first move to replied, kept otherwise. */
const repliedAtFor = (status: ContactStatus, now: Date) =>
  status === 'replied'
    ? sql`coalesce(${contacts.repliedAt}, ${now.toISOString()}::timestamptz)`
    : sql`${contacts.repliedAt}`

/**
 * PUT /api/contacts/{id} {status} (no reply): any status from any other (SPEC.md 4). Moving to
 * replied sets repliedAt if it was null; the reply stays as it is. Audited when the status
 * changes. 404 'Contact not found'; with `version` (If-Match, decision 041) 409 version_conflict
 * unless the contact is that version.
 */
export async function setContactStatus(
  db: Db,
  id: string,
  status: ContactStatus,
  actor: Actor,
  now: Date,
  version: string | null = null,
): Promise<void> {
  await write(db, {
    transaction: async (tx) => {
      const [contact] = await tx
        .select({ id: contacts.id, status: contacts.status, updatedAt: contacts.updatedAt })
        .from(contacts)
        .where(eq(contacts.id, id))
        .for('update')
      if (!contact) throw notFound(CONTACT_NOT_FOUND)
      assertVersion('contact', contact, version)
      const at = nextVersion(contact.updatedAt, now)
      await tx
        .update(contacts)
        .set({ status, repliedAt: repliedAtFor(status, now), updatedAt: at })
        .where(eq(contacts.id, id))
      const entry = {
        actorId: actor.actorId,
        action: 'contact.status',
        entityType: 'contact',
        entityId: id,
        before: { status: contact.status },
        after: { status },
        ip: actor.ip,
        at,
      }
      return { result: undefined, audit: contact.status !== status ? [entry] : [] }
    },
  })
}

/**
 * PUT /api/contacts/bulk-update: in one transaction, lock the contacts in id order; an unknown id
 * → 404 'Contact not found: {id}' and nothing changes; else every contact gets the action's status
 * (repliedAt as in setContactStatus) and each change is audited. Duplicated ids count once. The
 * contacts whose status changed can be undone (kind 'contact.status'; `undo` null when none did).
 * A contact not at its version in `versions` is left unchanged and reported (decision 041).
 */
export async function bulkSetContactStatus(
  db: Db,
  ids: readonly string[],
  action: ContactBulkAction,
  actor: Actor,
  now: Date,
  versions?: Readonly<Record<string, string>>,
) {
  const status = CONTACT_BULK_ACTIONS[action]
  const unique = [...new Set(ids)]
  const { result, undo } = await write(db, {
    transaction: async (tx) => {
      const read = await tx
        .select({
          id: contacts.id,
          status: contacts.status,
          repliedAt: contacts.repliedAt,
          updatedAt: contacts.updatedAt,
        })
        .from(contacts)
        .where(inArray(contacts.id, unique))
        .orderBy(asc(contacts.id))
        .for('update')
      const found = new Set(read.map((c) => c.id))
      const missing = unique.find((id) => !found.has(id))
      if (missing) throw notFound(`${CONTACT_NOT_FOUND}: ${missing}`)
      const { current: locked, moved } = splitByVersion(read, versions)
      if (!locked.length) return { result: { count: 0, moved } }
      const updated = await tx
        .update(contacts)
        .set({ status, repliedAt: repliedAtFor(status, now), updatedAt: nextVersionSql(contacts.updatedAt, now) })
        .where(
          inArray(
            contacts.id,
            locked.map((c) => c.id),
          ),
        )
        .returning({ id: contacts.id, updatedAt: contacts.updatedAt, repliedAt: contacts.repliedAt })
      const changed = locked.filter((c) => c.status !== status)
      const after = new Map(updated.map((u) => [u.id, u]))
      return {
        result: { count: locked.length, moved },
        audit: changed.map((c) => ({
          actorId: actor.actorId,
          action: 'contact.status',
          entityType: 'contact',
          entityId: c.id,
          before: { status: c.status },
          after: { status },
          ip: actor.ip,
          at: after.get(c.id)!.updatedAt,
        })),
        undo: {
          kind: 'contact.status',
          actorId: actor.actorId,
          now,
          records: changed.map((c) =>
            undoRecord(c.id, c, { status, repliedAt: after.get(c.id)!.repliedAt }, after.get(c.id)!.updatedAt),
          ),
        },
      }
    },
  })
  const conflicts = await rowConflicts(db, 'contact', result.moved)
  return {
    success: true as const,
    message: withMovedCount(bulkMessage(result.count), conflicts.length),
    updated: result.count,
    undo,
    ...(versions ? { conflicts } : {}),
  }
}

/** Undo of 'contact.status' (undo-restore.queries.ts): status and repliedAt back; 409 when a contact changed since. */
export async function restoreContactStatuses(
  tx: Tx,
  records: UndoRecord[],
  _actor: UndoActor,
  now: Date,
): Promise<void> {
  const rows = await tx
    .select()
    .from(contacts)
    .where(
      inArray(
        contacts.id,
        records.map((r) => r.id),
      ),
    )
    .orderBy(asc(contacts.id))
    .for('update')
  assertUnchanged(rows, records)
  for (const { before, ids } of groupByBefore(records)) {
    const repliedAt = typeof before.repliedAt === 'string' ? new Date(before.repliedAt) : null
    await tx
      .update(contacts)
      .set({ status: before.status as ContactStatus, repliedAt, updatedAt: nextVersionSql(contacts.updatedAt, now) })
      .where(inArray(contacts.id, ids))
  }
}

/** What a reply needs of the contact it answers. */
export type ReplyTarget = { name: string; email: string; subject: string; message: string; createdAt: Date }

/**
 * Claim contact `id` for a reply at `now` in one statement: only when it is not replied and no
 * other reply holds a claim younger than REPLY_CLAIM_STALE_MS. updated_at is left as it was (a
 * claim is no change of the contact). Refused: 404 'Contact not found', 409 ALREADY_REPLIED, 409
 * REPLY_IN_FLIGHT.
 */
export async function claimReply(db: Db, id: string, now: Date): Promise<ReplyTarget> {
  const stale = new Date(now.getTime() - REPLY_CLAIM_STALE_MS).toISOString()
  const [claimed] = await db
    .update(contacts)
    .set({ replyClaimedAt: now, updatedAt: sql`${contacts.updatedAt}` })
    .where(
      and(
        eq(contacts.id, id),
        ne(contacts.status, 'replied'),
        or(isNull(contacts.replyClaimedAt), lt(contacts.replyClaimedAt, sql`${stale}::timestamptz`)),
      ),
    )
    .returning({
      name: contacts.name,
      email: contacts.email,
      subject: contacts.subject,
      message: contacts.message,
      createdAt: contacts.createdAt,
    })
  if (claimed) return claimed
  const [contact] = await db.select({ status: contacts.status }).from(contacts).where(eq(contacts.id, id))
  if (!contact) throw notFound(CONTACT_NOT_FOUND)
  throw conflict(contact.status === 'replied' ? ALREADY_REPLIED : REPLY_IN_FLIGHT)
}

/** The mail was sent: the contact is replied with `reply` and repliedAt `now`, the claim cleared; audited. */
export async function recordReply(db: Db, id: string, reply: string, actor: Actor, now: Date): Promise<void> {
  await write(db, {
    transaction: async (tx) => {
      const [before] = await tx
        .select({ status: contacts.status })
        .from(contacts)
        .where(eq(contacts.id, id))
        .for('update')
      if (!before) throw notFound(CONTACT_NOT_FOUND)
      await tx
        .update(contacts)
        .set({ status: 'replied', reply, repliedAt: now, replyClaimedAt: null, updatedAt: now })
        .where(eq(contacts.id, id))
      const entry = {
        actorId: actor.actorId,
        action: 'contact.reply',
        entityType: 'contact',
        entityId: id,
        before: { status: before.status },
        after: { status: 'replied', reply, repliedAt: now.toISOString() },
        ip: actor.ip,
      }
      return { result: undefined, audit: [entry] }
    },
  })
}

/** The mail failed: drop the claim made at `claimedAt` (if still ours); nothing else changes. */
export async function releaseReplyClaim(db: Db, id: string, claimedAt: Date): Promise<void> {
  await db
    .update(contacts)
    .set({ replyClaimedAt: null, updatedAt: sql`${contacts.updatedAt}` })
    .where(and(eq(contacts.id, id), eq(contacts.replyClaimedAt, claimedAt)))
}

/**
 * POST /api/contacts: store the form as a new contact from `ip` at `now`. In one transaction
 * holding an advisory lock on the IP (so two racing posts cannot both pass the count): 429 'Too
 * many messages…' when the IP sent CONTACT_FORM_MAX_PER_IP in the last 15 minutes (counted from
 * the rows, so every server on the database agrees), 400 'Project not found' for an unknown
 * projectId. Answers the new id.
 */
export async function createPublicContact(db: Db, input: ContactCreateInput, ip: string, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`contact-form:${ip}`}))`)
    const since = new Date(now.getTime() - CONTACT_FORM_WINDOW_MS)
    const [usage] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        oldestMs: sql<number | null>`(extract(epoch FROM min(${contacts.createdAt})) * 1000)::float8`,
      })
      .from(contacts)
      .where(and(eq(contacts.clientIp, ip), gte(contacts.createdAt, since)))
    const refusal = rateLimitMessage(
      Number(usage.n),
      usage.oldestMs === null ? null : new Date(Number(usage.oldestMs)),
      now,
    )
    if (refusal) throw tooManyRequests(refusal)
    if (input.projectId) {
      const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, input.projectId))
      if (!project) throw badRequest('Project not found', ['projectId: Project not found'])
    }
    const [row] = await tx
      .insert(contacts)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        subject: input.subject,
        message: input.message,
        projectId: input.projectId || null,
        status: 'new',
        clientIp: ip,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: contacts.id })
    return row.id
  })
}
