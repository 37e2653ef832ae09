/**
 * GET /api/admin/audit and /facets through the real app, on PGlite and
 * PostgreSQL: an approval made through the API found by entity, with actor, label and before/after;
 * every filter (entity, actor, exact action and prefix, IST days); keyset paging without gaps or
 * duplicates while rows arrive; search by action, entity id, actor and entity label; the facets;
 * 401 without a token and 400 on bad input. Each test scopes itself with a fresh admin or entity,
 * since the log is append-only and shared by the suite.
 */
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { SEARCH_IDS_MAX } from '../../server/db/queries/audit.queries'
import { auditLog, users } from '../../server/db/schema'
import { signAccessToken } from '../../server/services/access-token'
import { authHelpers } from './auth-helpers'
import { call, describeEachDatabase } from './harness'
import { adminSession, insertProject } from './projects-helpers'

describeEachDatabase('audit log API', (get) => {
  const { newAdmin, addUser } = authHelpers(get)
  let token = ''
  let adminId = ''
  beforeAll(async () => {
    ;({ token, adminId } = await adminSession(get()))
  })
  const list = (query: Record<string, string>) =>
    call(get(), 'GET', `/api/admin/audit?${new URLSearchParams(query)}`, undefined, token)
  const insertRows = (rows: Array<Partial<typeof auditLog.$inferInsert>>) =>
    get()
      .deps.db.insert(auditLog)
      .values(rows.map((r) => ({ action: 'test.event', entityType: 'test', ...r })))
      .returning()
  /** Every entry of `query`, walking the cursor `limit` at a time. */
  const walk = async (query: Record<string, string>, limit: number, start = '') => {
    const ids: string[] = []
    let cursor = start
    for (let pages = 0; pages < 100; pages++) {
      const res = await list({ ...query, limit: String(limit), cursor })
      expect(res.status).toBe(200)
      ids.push(...res.body.entries.map((e: { id: string }) => e.id))
      cursor = res.body.pagination.nextCursor ?? ''
      if (!cursor) return ids
    }
    throw new Error('the walk did not end')
  }

  it('refuses requests without a token with 401', async () => {
    expect((await call(get(), 'GET', '/api/admin/audit')).status).toBe(401)
    expect((await call(get(), 'GET', '/api/admin/audit/facets')).status).toBe(401)
  })

  it('lists an approval made through the API by its entity, with actor, label, before and after', async () => {
    const project = await insertProject(get(), { title: 'Audited Weather Station' })
    const verified = await call(
      get(),
      'PUT',
      `/api/projects/${project.id}/verify`,
      { status: 'approved', notes: 'Fine' },
      token,
    )
    expect(verified.status).toBe(200)
    const res = await list({ entityType: 'project', entityId: project.id })
    expect(res.status).toBe(200)
    expect(res.body.pagination).toEqual({ nextCursor: null })
    expect(res.body.entries).toHaveLength(1)
    const [entry] = res.body.entries
    expect(entry).toMatchObject({
      action: 'project.verify',
      entityType: 'project',
      entityId: project.id,
      entityLabel: 'Audited Weather Station',
      actor: { id: adminId, name: 'Admin', email: 'admin@example.com' },
      actorId: adminId,
      before: { verificationStatus: 'pending' },
      after: { verificationStatus: 'approved' },
    })
    expect(entry.id).toMatch(/^\d+$/)
    expect(Date.parse(entry.at)).not.toBeNaN()
  })

  it('filters by actor, exact action, action prefix, entity type and IST days', async () => {
    const actor = await newAdmin()
    const entityId = crypto.randomUUID()
    await insertRows([
      // 2026-03-01 23:59 IST is 18:29 UTC that day; 2026-03-02 00:00 IST is 18:30 UTC on 1 March.
      {
        actorId: actor.id,
        action: 'project.verify',
        entityType: 'project',
        entityId,
        createdAt: new Date('2026-03-01T18:29:00Z'),
      },
      {
        actorId: actor.id,
        action: 'project.report.upload',
        entityType: 'project',
        entityId,
        createdAt: new Date('2026-03-01T18:30:00Z'),
      },
      {
        actorId: actor.id,
        action: 'projects.other',
        entityType: 'project',
        entityId,
        createdAt: new Date('2026-03-03T10:00:00Z'),
      },
      {
        actorId: actor.id,
        action: 'user.create',
        entityType: 'user',
        entityId: crypto.randomUUID(),
        createdAt: new Date('2026-03-04T10:00:00Z'),
      },
    ])
    const actions = async (query: Record<string, string>) => {
      const res = await list({ actorId: actor.id, ...query })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.entries.map((e: { action: string }) => e.action)
    }
    expect(await actions({})).toEqual(['user.create', 'projects.other', 'project.report.upload', 'project.verify'])
    expect(await actions({ action: 'project.verify' })).toEqual(['project.verify'])
    expect(await actions({ action: 'project.' })).toEqual(['project.report.upload', 'project.verify'])
    expect(await actions({ action: 'project.report.' })).toEqual(['project.report.upload'])
    expect(await actions({ entityType: 'user' })).toEqual(['user.create'])
    expect(await actions({ entityType: 'user,project' })).toEqual([
      'user.create',
      'projects.other',
      'project.report.upload',
      'project.verify',
    ])
    expect(await actions({ entityType: 'project', entityId })).toEqual([
      'projects.other',
      'project.report.upload',
      'project.verify',
    ])
    expect(await actions({ from: '2026-03-02', to: '2026-03-03' })).toEqual(['projects.other', 'project.report.upload'])
    expect(await actions({ to: '2026-03-01' })).toEqual(['project.verify'])
    expect(await actions({ from: '2026-03-04' })).toEqual(['user.create'])
    const other = await newAdmin()
    expect((await list({ actorId: other.id })).body.entries).toEqual([])
  })

  it('pages newest first without gaps or duplicates, also across equal times and rows arriving meanwhile', async () => {
    const actor = await newAdmin()
    const at = new Date('2026-05-10T06:00:00.123456Z')
    // 45 rows, in groups of three sharing one created_at: the id breaks the ties.
    const rows = await insertRows(
      Array.from({ length: 45 }, (_, i) => ({
        actorId: actor.id,
        entityId: `row-${i}`,
        createdAt: new Date(at.getTime() + Math.floor(i / 3) * 1000),
      })),
    )
    const expected = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((r) => String(r.id))
    expect(await walk({ actorId: actor.id }, 7)).toEqual(expected)
    expect(await walk({ actorId: actor.id }, 200)).toEqual(expected)

    // A row arriving between two pages (newer than every row) neither shifts nor repeats the walk.
    const first = await list({ actorId: actor.id, limit: '10' })
    await insertRows([{ actorId: actor.id, entityId: 'late', createdAt: new Date(at.getTime() + 3_600_000) }])
    const rest = await walk({ actorId: actor.id }, 10, first.body.pagination.nextCursor)
    expect([...first.body.entries.map((e: { id: string }) => e.id), ...rest]).toEqual(expected)
  })

  it("speaks one entity type per kind: a user's trigger-written rows (stored as 'users') are 'user' rows", async () => {
    const user = await addUser({ name: 'Trigger Subject' })
    const off = await call(get(), 'PUT', `/api/users/${user.id}/status`, { status: 'inactive' }, token)
    expect(off.status).toBe(200)
    const stored = await get()
      .deps.db.select({ entityType: auditLog.entityType })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'user.role_change')))
    expect(stored.map((r) => r.entityType)).toEqual(['users'])
    const res = await list({ entityType: 'user', entityId: user.id })
    expect(res.status).toBe(200)
    expect(
      res.body.entries.map((e: { action: string; entityType: string }) => [e.action, e.entityType]),
    ).toContainEqual(['user.role_change', 'user'])
    expect(res.body.entries.every((e: { entityType: string }) => e.entityType === 'user')).toBe(true)
    const facets = await call(get(), 'GET', '/api/admin/audit/facets', undefined, token)
    expect(facets.body.entityTypes).toContain('user')
    expect(facets.body.entityTypes).not.toContain('users')
  })

  it('searches the action, the entity id, the actor and the entity label, case-insensitively', async () => {
    const actor = await newAdmin()
    const tag = crypto.randomBytes(4).toString('hex')
    const project = await insertProject(get(), { title: `Solar Tracker ${tag}` })
    const subject = await newAdmin()
    await insertRows([
      { actorId: actor.id, action: 'project.update', entityType: 'project', entityId: project.id },
      { actorId: actor.id, action: 'user.role_change', entityType: 'users', entityId: subject.id },
      { actorId: actor.id, action: `test.${tag}_marker`, entityType: 'test', entityId: 'x' },
      { actorId: actor.id, action: 'test.other', entityType: 'test', entityId: `ext-${tag}-id` },
    ])
    const found = async (search: string, query: Record<string, string> = { actorId: actor.id }) =>
      (await list({ ...query, search })).body.entries.map((e: { action: string }) => e.action)
    expect(await found(`SOLAR TRACKER ${tag}`)).toEqual(['project.update'])
    expect(await found(subject.email.toUpperCase())).toEqual(['user.role_change'])
    expect(await found(`${tag}_MARK`)).toEqual([`test.${tag}_marker`])
    expect(await found(`ext-${tag}`)).toEqual(['test.other'])
    // The actor's own name or e-mail finds every row they made.
    expect(await found(actor.email, {})).toHaveLength(4)
    // LIKE wildcards are literal.
    expect(await found('%')).toEqual([])
    expect(await found('no such thing at all')).toEqual([])
  })

  it('still finds every match when a term matches more users than it resolves into a list', async () => {
    const tag = crypto.randomBytes(4).toString('hex')
    const many = await get()
      .deps.db.insert(users)
      .values(
        Array.from({ length: SEARCH_IDS_MAX + 5 }, (_, i) => ({
          name: `Crowd ${tag} ${i}`,
          email: `crowd-${tag}-${i}@example.com`,
          isAdmin: true,
        })),
      )
      .returning({ id: users.id })
    await insertRows([
      { actorId: many[0].id, action: 'test.crowd', entityType: 'test', entityId: 'first' },
      { actorId: many.at(-1)!.id, action: 'test.crowd', entityType: 'users', entityId: many[1].id },
    ])
    const res = await list({ search: `crowd ${tag}` })
    expect(res.status).toBe(200)
    expect(res.body.entries.map((e: { entityId: string }) => e.entityId)).toEqual([many[1].id, 'first'])
  })

  it('answers the facets: entity types, actions and admins that occur', async () => {
    const actor = await addUser({ isAdmin: true, name: 'Facet Admin' })
    await insertRows([{ actorId: actor.id, action: 'facet.checked', entityType: 'facet_entity' }])
    const res = await call(get(), 'GET', '/api/admin/audit/facets', undefined, token)
    expect(res.status).toBe(200)
    expect(res.body.entityTypes).toEqual(expect.arrayContaining(['facet_entity', 'project', 'test']))
    expect(res.body.actions).toEqual(expect.arrayContaining(['facet.checked', 'project.verify']))
    expect([...res.body.entityTypes].sort()).toEqual(res.body.entityTypes)
    expect(new Set(res.body.actions).size).toBe(res.body.actions.length)
    expect(res.body.actors).toEqual(
      expect.arrayContaining([
        { id: actor.id, name: actor.name, email: actor.email },
        { id: adminId, name: 'Admin', email: 'admin@example.com' },
      ]),
    )
  })

  it('refuses bad input with 400 and a clear message', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ limit: '0' }, /Limit must be at least 1/],
      [{ limit: '201' }, /Limit cannot exceed 200/],
      [{ limit: 'ten' }, /Limit must be a whole number/],
      [{ cursor: 'not-a-cursor' }, /Invalid cursor/],
      [{ cursor: Buffer.from('2026-01-01T00:00:00.000000Z|abc').toString('base64url') }, /Invalid cursor/],
      [{ from: '2026-03-05', to: '2026-03-01' }, /From must be on or before To/],
      [{ from: '2026-02-30' }, /From must be a date/],
      [{ from: 'yesterday' }, /From must be a date/],
      [{ actorId: 'admin' }, /Actor must be a user id/],
      [{ action: 'Project Verify' }, /Action must be dotted lower-case words/],
      [{ entityType: 'Project;' }, /Entity type must be/],
      [{ entityType: 'a,b,c,d,e,f' }, /at most 5/],
      [{ search: 'x'.repeat(201) }, /Search cannot exceed 200 characters/],
    ]
    for (const [query, message] of cases) {
      const res = await list(query)
      expect(res.status, JSON.stringify(query)).toBe(400)
      expect(res.body.message, JSON.stringify(query)).toMatch(message)
    }
  })

  it('names no actor for a change made without one, and keeps the row readable by any admin', async () => {
    const entityId = crypto.randomUUID()
    await insertRows([{ actorId: null, action: 'user.role_change', entityType: 'users', entityId }])
    const other = await newAdmin()
    const otherToken = await signAccessToken(get().deps.jwtSecret, other.id, get().deps.now())
    const res = await call(get(), 'GET', `/api/admin/audit?entityId=${entityId}`, undefined, otherToken)
    expect(res.body.entries).toMatchObject([{ actor: null, actorId: null, entityLabel: null }])
  })
})
