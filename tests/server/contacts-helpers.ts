/**
 * Helpers for the contacts API suites: contacts and projects inserted directly (with an
 * explicit created_at when given), the bootstrap admin and its token, GET/PUT/POST calls (POST
 * without a token, from a chosen client IP), a contact's row and its audit rows, and the .eml files
 * of a folder parsed with mailparser.
 */
import fs from 'node:fs'
import path from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import { simpleParser, type ParsedMail } from 'mailparser'
import { auditLog, contacts, projects, users } from '../../server/db/schema'
import { sessionToken } from './session-token'
import { ADMIN_EMAIL, call, type TestContext } from './harness'

export function contactsHelpers(get: () => TestContext) {
  let counter = 0
  const uniq = () => `${++counter}${Math.random().toString(36).slice(2, 8)}`
  const db = () => get().database.db
  /** A contact; status 'new' unless given; `createdAt` as a Date or ISO text. */
  const addContact = async (
    values: Partial<Omit<typeof contacts.$inferInsert, 'createdAt'>> & { createdAt?: Date } = {},
  ) => {
    const tag = uniq()
    const [row] = await db()
      .insert(contacts)
      .values({
        name: `Person ${tag}`,
        email: `p${tag}@example.in`,
        subject: `Subject ${tag}`,
        message: `Message ${tag}`,
        ...values,
      })
      .returning()
    return row
  }
  const addProject = async (title = `Project ${uniq()}`) =>
    (await db().insert(projects).values({ title, description: 'd' }).returning())[0]
  const admin = async () => (await db().select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]
  const token = async () => sessionToken(get(), (await admin()).id)
  return {
    db,
    uniq,
    addContact,
    addProject,
    admin,
    token,
    row: async (id: string) => (await db().select().from(contacts).where(eq(contacts.id, id)))[0],
    auditOf: (id: string) =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'contact'), eq(auditLog.entityId, id)))
        .orderBy(asc(auditLog.id)),
    get: async (url: string) => call(get(), 'GET', url, undefined, await token()),
    put: async (url: string, body: unknown) => call(get(), 'PUT', url, body, await token()),
    /** The public form, as the storefront posts it (no token), from `ip`. */
    post: (body: unknown, ip = '203.0.113.7', headers: Record<string, string> = {}) =>
      call(get(), 'POST', '/api/contacts', body, undefined, { 'x-forwarded-for': ip, ...headers }),
  }
}

/** Every .eml file of `dir` (oldest name first), parsed. */
export async function parsedMails(dir: string): Promise<ParsedMail[]> {
  if (!fs.existsSync(dir)) return []
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))))
}

/** The single address of a parsed To/From/Reply-To header. */
export function addressOf(header: ParsedMail['to'] | ParsedMail['from'] | ParsedMail['replyTo']): string {
  const value = Array.isArray(header) ? header[0] : header
  return value?.value[0]?.address ?? ''
}
