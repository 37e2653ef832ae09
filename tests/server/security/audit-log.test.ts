/**
 * The audit log, on PGlite and PostgreSQL: append-only in the database (UPDATE, DELETE and
 * TRUNCATE are refused by triggers, whoever asks), and the trigger-written rows for role/flag, commission and
 * payment changes, naming the actor set by setAuditActor.
 */
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ensureAdmin } from '../../../server/bootstrap'
import { audit, setAuditActor } from '../../../server/db/queries/audit.queries'
import { auditLog, commissionConfigs, payments, users } from '../../../server/db/schema'
import { authHelpers } from '../auth-helpers'
import { describeEachDatabase } from '../harness'

/** The database's own message of a refused statement (drizzle wraps it in `cause`). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement
  } catch (error) {
    const { message, cause } = error as Error
    return cause instanceof Error ? cause.message : message
  }
  return 'not refused'
}

describeEachDatabase('audit log', (get) => {
  const { addUser } = authHelpers(get)
  const rowsFor = (entityId: string) =>
    get().database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id)

  it('refuses UPDATE and DELETE of audit rows, also as raw SQL', async () => {
    const { db } = get().database
    await audit(db, { actorId: null, action: 'test.entry', entityType: 'test', entityId: 'append-only' })
    const [row] = await rowsFor('append-only')
    expect(await refusal(db.update(auditLog).set({ action: 'test.rewritten' }).where(eq(auditLog.id, row.id)))).toBe(
      'audit_log is append-only: UPDATE refused',
    )
    expect(await refusal(db.execute(sql`DELETE FROM audit_log WHERE id = ${row.id}`))).toBe(
      'audit_log is append-only: DELETE refused',
    )
    expect(await refusal(db.delete(auditLog))).toBe('audit_log is append-only: DELETE refused')
    expect(await rowsFor('append-only')).toEqual([row])
  })

  it('refuses TRUNCATE of the audit log, alone or with other tables, and keeps every row', async () => {
    const { db } = get().database
    await audit(db, { actorId: null, action: 'test.entry', entityType: 'test', entityId: 'no-truncate' })
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
    expect(before[0].n).toBeGreaterThan(0)
    expect(await refusal(db.execute(sql`TRUNCATE audit_log`))).toBe('audit_log is append-only: TRUNCATE refused')
    expect(await refusal(db.execute(sql`TRUNCATE audit_log RESTART IDENTITY CASCADE`))).toBe(
      'audit_log is append-only: TRUNCATE refused',
    )
    expect(await refusal(db.execute(sql`TRUNCATE contacts, audit_log`))).toBe(
      'audit_log is append-only: TRUNCATE refused',
    )
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual(before)
    expect(await rowsFor('no-truncate')).toHaveLength(1)
  })

  it('keeps the rows of an actor whose user is deleted', async () => {
    const { db } = get().database
    const actor = await addUser()
    await audit(db, { actorId: actor.id, action: 'test.entry', entityType: 'test', entityId: `gone-${actor.id}` })
    await db.delete(users).where(eq(users.id, actor.id))
    expect((await rowsFor(`gone-${actor.id}`)).map((r) => r.actorId)).toEqual([actor.id])
  })

  it('records role and flag changes with the actor and IP of the transaction', async () => {
    const { db } = get().database
    const admin = await addUser({ isAdmin: true })
    const user = await addUser()
    await db.transaction(async (tx) => {
      await setAuditActor(tx, { actorId: admin.id, ip: '10.9.9.9' })
      await tx.update(users).set({ isAdmin: true, name: 'Promoted' }).where(eq(users.id, user.id))
    })
    // Outside any API transaction: recorded too, without an actor.
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id))
    // Unrelated columns and unchanged flags write nothing.
    await db.update(users).set({ name: 'Renamed', isActive: false }).where(eq(users.id, user.id))
    const rows = await rowsFor(user.id)
    expect(rows.map((r) => [r.action, r.entityType, r.actorId, r.ip])).toEqual([
      ['user.role_change', 'users', admin.id, '10.9.9.9'],
      ['user.role_change', 'users', null, null],
    ])
    expect(rows[0].before).toMatchObject({ is_admin: false, is_active: true })
    expect(rows[0].after).toMatchObject({ is_admin: true, is_active: true })
    expect(rows[1].after).toMatchObject({ is_admin: true, is_active: false })
    expect(JSON.stringify(rows)).not.toContain('Promoted')
  })

  it('records the promotion of an existing user to bootstrap admin (ADMIN_EMAIL), once', async () => {
    const { db } = get().database
    const user = await addUser({ isActive: false })
    await ensureAdmin(db, user.email)
    await ensureAdmin(db, user.email)
    const rows = await rowsFor(user.id)
    expect(rows.map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      [
        'user.role_change',
        null,
        { id: user.id, is_admin: false, is_active: false, is_agent: false, agent_status: null },
        { id: user.id, is_admin: true, is_active: true, is_agent: false, agent_status: null },
      ],
    ])
  })

  it('records commission configuration and payment changes', async () => {
    const { db } = get().database
    const admin = await addUser({ isAdmin: true })
    const [config] = await db.insert(commissionConfigs).values({ notes: 'audit test' }).returning()
    await db.transaction(async (tx) => {
      await setAuditActor(tx, { actorId: admin.id })
      // The five rates must still total 10,000 bps (CHECK of migration 0022).
      await tx
        .update(commissionConfigs)
        .set({ projectOwnerRateBps: 4500, platformOwnerRateBps: 3500 })
        .where(eq(commissionConfigs.id, config.id))
    })
    await db.delete(commissionConfigs).where(eq(commissionConfigs.id, config.id))
    const commission = await rowsFor(config.id)
    expect(commission.map((r) => [r.action, r.actorId])).toEqual([
      ['commission.insert', null],
      ['commission.update', admin.id],
      ['commission.delete', null],
    ])
    expect(commission[1].before).toMatchObject({ platform_owner_rate_bps: 3000 })
    expect(commission[1].after).toMatchObject({ platform_owner_rate_bps: 3500 })

    const [payment] = await db
      .insert(payments)
      .values({ paymentId: `pay_audit_${config.id}`, amountPaise: 100, method: 'UPI' })
      .returning()
    await db.transaction(async (tx) => {
      await setAuditActor(tx, { actorId: admin.id, ip: '10.0.0.7' })
      await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id))
    })
    const paid = await rowsFor(payment.id)
    expect(paid.map((r) => [r.action, r.actorId, r.ip])).toEqual([['payment.update', admin.id, '10.0.0.7']])
    expect([paid[0].before, paid[0].after]).toMatchObject([{ status: 'pending' }, { status: 'refunded' }])
  })
})
