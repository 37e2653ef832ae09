/**
 * Reading contacts (SPEC.md 2 "Contacts list", "Contact detail", 3 "Contact"): the
 * filtered page-numbered list with its exact total, the stats, and one contact with its related
 * project and the registered user of its e-mail. Writes are in contacts-write.queries.ts.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import {
  CONTACT_EXCERPT_LENGTH,
  CONTACT_STATUSES,
  type ContactDetail,
  type ContactListQuery,
  type ContactStats,
  type ContactSummary,
} from '../../../src/api/schemas/contacts'
import type { Db } from '../client'
import { contactStatusCounts, contacts, projects, users } from '../schema'
import { escapeLike, rawRows } from '../sql'
import { notFound } from '../../http/errors'

export const CONTACT_NOT_FOUND = 'Contact not found'

/** The filters of the list ('' or 'all' = every status). */
export type ContactFilters = Pick<ContactListQuery, 'search' | 'status'>

/**
 * The WHERE of the filters. Search: a case-insensitive literal substring (% and _ match
 * themselves) of contacts.search_text, lower(name, e-mail, subject, message) joined by chr(31)
 * (migration 0021's trigger), served by contacts_search_trgm_idx.
 */
export function contactFilterWhere(filters: ContactFilters): SQL | undefined {
  const conditions: SQL[] = []
  if (filters.search)
    conditions.push(sql`${contacts.searchText} LIKE ${`%${escapeLike(filters.search.toLowerCase())}%`}`)
  if (filters.status && filters.status !== 'all') conditions.push(eq(contacts.status, filters.status))
  return conditions.length ? and(...conditions) : undefined
}

/** The first CONTACT_EXCERPT_LENGTH characters (code points) of the message. */
const excerptOf = () => sql<string>`left(${contacts.message}, ${sql.raw(String(CONTACT_EXCERPT_LENGTH))})`

/**
 * The ids of one page, newest first: with no search an index-only scan of contacts_created_at_idx
 * (created_at, id) or contacts_status_created_idx (status, created_at, id), so the rows skipped by
 * the offset are index entries, not joined and fetched rows (page 2,500 of 100,000 contacts: 8 ms
 * in PostgreSQL instead of 144 ms; BENCHMARKS.md "Contacts").
 */
function pageIds(db: Db, query: ContactListQuery) {
  return db
    .select({ id: contacts.id, createdAt: contacts.createdAt })
    .from(contacts)
    .where(contactFilterWhere(query))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page')
}

/** The columns of a contact summary, flat, with its project, for the contacts of `page` (its ids). */
function summarySelect(db: Db, page: ReturnType<typeof pageIds>) {
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      subject: contacts.subject,
      excerpt: excerptOf(),
      status: contacts.status,
      isRead: contacts.isRead,
      repliedAt: contacts.repliedAt,
      createdAt: contacts.createdAt,
      updatedAt: contacts.updatedAt,
      projectId: projects.id,
      projectTitle: projects.title,
    })
    .from(page)
    .innerJoin(contacts, eq(contacts.id, page.id))
    .leftJoin(projects, eq(projects.id, contacts.projectId))
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summarySelect>['execute']>>[number]

/** A flat row → the contract's ContactSummary (phone '' when none, project null when none or deleted). */
export function toContactSummary(row: SummaryRow): ContactSummary {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? '',
    subject: row.subject,
    excerpt: row.excerpt,
    status: row.status,
    isRead: row.isRead,
    project: row.projectId ? { _id: row.projectId, title: row.projectTitle ?? '' } : null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * The exact number of contacts the filters match: without a search, read from
 * contact_status_counts (migration 0021's triggers), else counted.
 */
export async function countContacts(db: Db, filters: ContactFilters): Promise<number> {
  if (!filters.search) {
    const status = filters.status && filters.status !== 'all' ? filters.status : undefined
    const [row] = await db
      .select({ n: sql<string>`coalesce(sum(${contactStatusCounts.n}), 0)::bigint::text` })
      .from(contactStatusCounts)
      .where(status ? eq(contactStatusCounts.status, status) : undefined)
    return Number(row.n)
  }
  const [row] = await db.select({ n: count() }).from(contacts).where(contactFilterWhere(filters))
  return row.n
}

/**
 * One page of GET /api/contacts: newest first (created_at, id), `limit` rows from
 * (page - 1) × limit, the exact total and the page count (0 pages when nothing matches).
 * `knownTotal`: the total of these filters at the caller's table versions, so it is not counted again.
 */
export async function listContacts(db: Db, query: ContactListQuery, knownTotal?: number) {
  const page = pageIds(db, query)
  const [rows, total] = await Promise.all([
    summarySelect(db, page).orderBy(desc(page.createdAt), desc(page.id)),
    knownTotal ?? countContacts(db, query),
  ])
  return {
    contacts: rows.map(toContactSummary),
    pagination: { currentPage: query.page, totalPages: Math.ceil(total / query.limit), totalContacts: total },
  }
}

/**
 * GET /api/contacts/stats: every contact, unread (= status 'new'), those received since `since`
 * (the 1st of the month, 00:00 IST: domain/user-rules.ts monthStartIst) and the count of each
 * status. One statement (one snapshot): four rows of contact_status_counts and a range of
 * contacts_created_at_idx.
 */
export async function contactStats(db: Db, since: Date): Promise<ContactStats> {
  const [row] = await rawRows<Record<'new' | 'read' | 'replied' | 'archived' | 'this_month', string>>(
    db,
    sql`SELECT
    ${sql.join(
      CONTACT_STATUSES.map(
        (status) => sql`(SELECT coalesce(sum(n), 0)::bigint::text FROM ${contactStatusCounts}
      WHERE status = ${status}) AS ${sql.identifier(status)}`,
      ),
      sql`, `,
    )},
    (SELECT count(*)::bigint::text FROM ${contacts} WHERE created_at >= ${since.toISOString()}::timestamptz) AS this_month`,
  )
  const byStatus = {
    new: Number(row.new),
    read: Number(row.read),
    replied: Number(row.replied),
    archived: Number(row.archived),
  }
  return {
    total: byStatus.new + byStatus.read + byStatus.replied + byStatus.archived,
    unread: byStatus.new,
    thisMonth: Number(row.this_month),
    byStatus,
  }
}

/**
 * GET /api/contacts/{id}: the contact with its whole message, reply, related project and the
 * registered user whose e-mail equals the contact's, case-insensitive (users_email_uq is on
 * lower(email)); 404 'Contact not found'.
 */
export async function findContactDetail(db: Db, id: string): Promise<ContactDetail> {
  const [row] = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      subject: contacts.subject,
      message: contacts.message,
      excerpt: excerptOf(),
      status: contacts.status,
      isRead: contacts.isRead,
      reply: contacts.reply,
      repliedAt: contacts.repliedAt,
      createdAt: contacts.createdAt,
      updatedAt: contacts.updatedAt,
      projectId: projects.id,
      projectTitle: projects.title,
      userId: users.id,
      userName: users.name,
    })
    .from(contacts)
    .leftJoin(projects, eq(projects.id, contacts.projectId))
    .leftJoin(users, sql`lower(${users.email}) = lower(${contacts.email})`)
    .where(eq(contacts.id, id))
    .limit(1)
  if (!row) throw notFound(CONTACT_NOT_FOUND)
  return {
    ...toContactSummary(row),
    message: row.message,
    reply: row.reply,
    user: row.userId ? { _id: row.userId, name: row.userName ?? '' } : null,
  }
}
