/**
 * server/db/write.ts `write` on PGlite and PostgreSQL: a guarded write's UPDATE, inserts and audit
 * rows go as one statement of data-modifying CTEs and all land, with their triggers (the
 * per-group counts of migration 0013, the table version of 0012), and a failure of any one leaves
 * nothing written; a locked write inserts its audit and undo rows in its own transaction, and
 * nothing when its body fails.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { auditLog, projectListCounts, projects, tableVersions, undoActions, users } from '../../../server/db/schema'
import { versionedProjects } from '../../../server/db/queries/projects.queries'
import { write } from '../../../server/db/write'
import { describeEachDatabase } from '../harness'

describeEachDatabase('write', (get) => {
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

  it('runs a guarded update, an insert and the audit rows as one statement, with the triggers of each', async () => {
    const ownerId = await owner()
    const [a, b] = await db()
      .insert(projects)
      .values([project('WT one', ownerId), project('WT two', ownerId)])
      .returning({ id: projects.id })
    const before = { active: await groupCount(true), inactive: await groupCount(false), version: await version() }
    const { result, undo } = await write(db(), {
      rows: versionedProjects,
      ids: [a.id, b.id],
      plan: (rows, _, on) => ({
        result: rows.length,
        change: {
          rows,
          update: (unchanged) => on.update(projects).set({ isActive: false }).where(unchanged),
          inserts: [
            false,
            on.insert(auditLog).values({ action: 'test.write_together', entityType: 'project', entityId: b.id }),
          ],
          audit: [{ actorId: null, action: 'test.write_together', entityType: 'project', entityId: a.id }],
        },
      }),
    })
    expect({ result, undo }).toEqual({ result: 2, undo: null })
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
    let plans = 0
    await expect(
      write(db(), {
        rows: versionedProjects,
        ids: [a.id],
        plan: (rows, _, on) => {
          plans++
          return {
            result: undefined,
            change: {
              rows,
              update: (unchanged) => on.update(projects).set({ title: 'WT three renamed' }).where(unchanged),
              // A project of an owner that does not exist: the foreign key fails the whole statement.
              inserts: [on.insert(projects).values(project('WT orphan', '00000000-0000-4000-8000-000000000000'))],
              audit: [{ actorId: null, action: 'test.write_together_failed', entityType: 'project', entityId: a.id }],
            },
          }
        },
      }),
    ).rejects.toThrow()
    // Not a conflict: not tried again.
    expect(plans).toBe(1)
    const [row] = await db().select({ title: projects.title }).from(projects).where(eq(projects.id, a.id))
    expect(row.title).toBe('WT three')
    expect(await auditCount('test.write_together_failed')).toBe(before)
  })

  it('writes nothing but the read when the plan has no change', async () => {
    const ownerId = await owner()
    const [a] = await db().insert(projects).values(project('WT four', ownerId)).returning({ id: projects.id })
    const before = await version()
    const { result } = await write(db(), {
      rows: versionedProjects,
      ids: [a.id],
      plan: (rows) => ({ result: rows[0].title }),
    })
    expect(result).toBe('WT four')
    expect(await version()).toBe(before)
  })

  it('inserts the audit and undo rows of a locked write in its transaction and answers the ticket', async () => {
    const ownerId = await owner()
    const [a] = await db().insert(projects).values(project('WT five', ownerId)).returning({ id: projects.id })
    const now = new Date()
    const { result, undo } = await write(db(), {
      transaction: async (tx) => {
        await tx.update(projects).set({ isActive: false, updatedAt: now }).where(eq(projects.id, a.id))
        return {
          result: 'done',
          audit: [{ actorId: null, action: 'test.write_locked', entityType: 'project', entityId: a.id }],
          undo: {
            kind: 'project.active',
            actorId: ownerId,
            now,
            records: [{ id: a.id, before: { isActive: true }, after: { isActive: false }, version: now.toISOString() }],
          },
        }
      },
    })
    expect(result).toBe('done')
    expect(undo?.id).toBeTruthy()
    const [stored] = await db().select().from(undoActions).where(eq(undoActions.id, undo!.id))
    expect(stored).toMatchObject({ kind: 'project.active', actorId: ownerId })
    expect(await auditCount('test.write_locked')).toBe(1)
  })

  it('inserts no audit row when the body of a locked write fails, and none of its writes stay', async () => {
    const ownerId = await owner()
    const [a] = await db().insert(projects).values(project('WT six', ownerId)).returning({ id: projects.id })
    await expect(
      write(db(), {
        transaction: async (tx) => {
          await tx.update(projects).set({ title: 'WT six renamed' }).where(eq(projects.id, a.id))
          throw new Error('refused')
        },
      }),
    ).rejects.toThrow('refused')
    const [row] = await db().select({ title: projects.title }).from(projects).where(eq(projects.id, a.id))
    expect(row.title).toBe('WT six')
    const nothing = await write(db(), { transaction: async () => ({ result: 0 }) })
    expect(nothing).toEqual({ result: 0, undo: null })
  })
})
