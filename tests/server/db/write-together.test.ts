/**
 * writeTogether (server/db/sql.ts) on PGlite and PostgreSQL: independent writes sent as one
 * statement of data-modifying CTEs all land, with their triggers (the per-group counts of
 * migration 0013, the table version of 0012), and a failure of any one leaves nothing written.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { auditLog, projectListCounts, projects, tableVersions, users } from '../../../server/db/schema'
import { auditInsert } from '../../../server/db/queries/audit.queries'
import { writeTogether } from '../../../server/db/sql'
import { describeEachDatabase } from '../harness'

describeEachDatabase('writeTogether', (get) => {
  const db = () => get().deps.db
  const project = (title: string, ownerId: string) => ({
    title,
    description: `${title} description`,
    category: 'Web',
    pricePaise: 100_000,
    projectOwnerId: ownerId,
  })
  const owner = async () => (await db().select({ id: users.id }).from(users).limit(1))[0].id
  const auditCount = async (action: string) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.action, action))
    )[0].n
  const groupCount = async (isActive: boolean) =>
    (
      await db()
        .select({ n: sql<number>`coalesce(sum(${projectListCounts.n}), 0)::int` })
        .from(projectListCounts)
        .where(eq(projectListCounts.isActive, isActive))
    )[0].n
  const version = async () =>
    (await db().select().from(tableVersions).where(eq(tableVersions.name, 'projects')))[0].version

  it('runs an update and two inserts as one statement, with the triggers of each', async () => {
    const ownerId = await owner()
    const [a, b] = await db()
      .insert(projects)
      .values([project('WT one', ownerId), project('WT two', ownerId)])
      .returning({ id: projects.id })
    const before = { active: await groupCount(true), inactive: await groupCount(false), version: await version() }
    await db().transaction(async (tx) => {
      await writeTogether(tx, [
        tx
          .update(projects)
          .set({ isActive: false })
          .where(inArray(projects.id, [a.id, b.id])),
        auditInsert(tx, [{ actorId: null, action: 'test.write_together', entityType: 'project', entityId: a.id }]),
        false,
        auditInsert(tx, []),
        tx.insert(auditLog).values({ action: 'test.write_together', entityType: 'project', entityId: b.id }),
      ])
    })
    const rows = await db()
      .select({ isActive: projects.isActive })
      .from(projects)
      .where(inArray(projects.id, [a.id, b.id]))
    expect(rows.map((r) => r.isActive)).toEqual([false, false])
    expect(await auditCount('test.write_together')).toBe(2)
    expect(await groupCount(true)).toBe(before.active - 2)
    expect(await groupCount(false)).toBe(before.inactive + 2)
    expect(await version()).toBeGreaterThan(before.version)
  })

  it('writes nothing when one of the writes fails', async () => {
    const ownerId = await owner()
    const [a] = await db().insert(projects).values(project('WT three', ownerId)).returning({ id: projects.id })
    const before = await auditCount('test.write_together_failed')
    await expect(
      writeTogether(db(), [
        db().update(projects).set({ title: 'WT three renamed' }).where(eq(projects.id, a.id)),
        auditInsert(db(), [
          { actorId: null, action: 'test.write_together_failed', entityType: 'project', entityId: a.id },
        ]),
        // A project of an owner that does not exist: the foreign key fails the whole statement.
        db().insert(projects).values(project('WT orphan', '00000000-0000-4000-8000-000000000000')),
      ]),
    ).rejects.toThrow()
    const [row] = await db().select({ title: projects.title }).from(projects).where(eq(projects.id, a.id))
    expect(row.title).toBe('WT three')
    expect(await auditCount('test.write_together_failed')).toBe(before)
  })

  it('runs a single write as itself and nothing for no write', async () => {
    const before = await auditCount('test.write_together_single')
    await writeTogether(db(), [
      auditInsert(db(), [{ actorId: null, action: 'test.write_together_single', entityType: 'x' }]),
    ])
    await writeTogether(db(), [undefined, false, null])
    expect(await auditCount('test.write_together_single')).toBe(before + 1)
  })
})
