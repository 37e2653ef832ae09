/**
 * Bank account numbers encrypted at rest, on PGlite and PostgreSQL. The raw row never
 * holds the plain number; the data layer reads it back plain; a tampered or moved value and a
 * wrong key are refused; the start-up step encrypts numbers stored before, once; the audit row
 * shows the number masked.
 */
import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { findBankDetails, setBankDetails } from '../../../server/db/queries/users.queries'
import { auditLog, users } from '../../../server/db/schema'
import { encryptBankDetailsAtStart } from '../../../server/services/bank-details-migration'
import { DataDecryptionError } from '../../../server/services/data-encryption'
import { authHelpers } from '../auth-helpers'
import { rawRows } from '../../../server/db/sql'
import { describeEachDatabase } from '../harness'

const DETAILS = {
  accountHolderName: 'Asha Rao',
  accountNumber: '987654321012',
  bankName: 'State Bank of India',
  branchName: 'Pune',
  ifscCode: 'SBIN0001234',
  upiId: 'asha@okaxis',
}

describeEachDatabase('bank details at rest', (get) => {
  const { addUser } = authHelpers(get)
  /** The stored jsonb as the database holds it, read as text. */
  const rawBankDetails = async (id: string) => {
    const [row] = await rawRows<{ raw: string }>(
      get().database.db,
      sql`SELECT bank_details::text AS raw FROM users WHERE id = ${id}`,
    )
    return row.raw
  }

  it('stores the account number encrypted and reads it back plain; the audit shows it masked', async () => {
    const { db, dataKey } = get().deps
    const user = await addUser()
    await setBankDetails(db, dataKey, user.id, DETAILS, new Date(), {
      actorId: null,
      action: 'user.bank_details_update',
      entityType: 'user',
      entityId: user.id,
    })
    const raw = await rawBankDetails(user.id)
    expect(raw).not.toContain('987654321012')
    expect(JSON.parse(raw)).toEqual({ ...DETAILS, accountNumber: expect.stringMatching(/^v1:[\w-]+:[\w-]+:[\w-]+$/) })
    expect(await findBankDetails(db, dataKey, user.id)).toEqual(DETAILS)
    const [row] = await db.select().from(auditLog).where(eq(auditLog.entityId, user.id))
    expect(row.after).toEqual({ ...DETAILS, accountNumber: '••••1012' })
    expect(JSON.stringify(row)).not.toContain('987654321012')
  })

  it('refuses a tampered value, a value copied from another user and a wrong key', async () => {
    const { db, dataKey } = get().deps
    const [owner, other] = [await addUser(), await addUser()]
    const entry = { actorId: null, action: 'user.bank_details_update', entityType: 'user' }
    await setBankDetails(db, dataKey, owner.id, DETAILS, new Date(), entry)
    await expect(findBankDetails(db, crypto.createSecretKey(crypto.randomBytes(32)), owner.id)).rejects.toThrow(
      /DATA_ENCRYPTION_KEY \(or DATA_DIR\/data-key\) is not the key it was encrypted with/,
    )
    const [{ bankDetails }] = await db
      .select({ bankDetails: users.bankDetails })
      .from(users)
      .where(eq(users.id, owner.id))
    await db.update(users).set({ bankDetails }).where(eq(users.id, other.id))
    await expect(findBankDetails(db, dataKey, other.id)).rejects.toThrow(DataDecryptionError)
    const [v, iv, tag, body] = bankDetails.accountNumber!.split(':')
    const tampered = [v, iv, tag, `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`].join(':')
    await db
      .update(users)
      .set({ bankDetails: { ...bankDetails, accountNumber: tampered } })
      .where(eq(users.id, owner.id))
    await expect(findBankDetails(db, dataKey, owner.id)).rejects.toThrow(DataDecryptionError)
    // The start-up key check of another test may sample any row: leave none that cannot be opened.
    await db
      .update(users)
      .set({ bankDetails: {} })
      .where(sql`${users.id} IN (${owner.id}, ${other.id})`)
  })

  it('encrypts numbers stored in plain text at start, once, and stops on a wrong key', async () => {
    const { db, dataKey } = get().deps
    const legacy = await addUser({ bankDetails: DETAILS })
    expect(await rawBankDetails(legacy.id)).toContain('987654321012')
    expect(await encryptBankDetailsAtStart(db, dataKey)).toBeGreaterThanOrEqual(1)
    expect(await rawBankDetails(legacy.id)).not.toContain('987654321012')
    expect(await findBankDetails(db, dataKey, legacy.id)).toEqual(DETAILS)
    expect(await encryptBankDetailsAtStart(db, dataKey)).toBe(0)
    await expect(encryptBankDetailsAtStart(db, crypto.createSecretKey(crypto.randomBytes(32)))).rejects.toThrow(
      'The data key does not open the bank details stored in this database: start with the DATA_ENCRYPTION_KEY ' +
        '(or DATA_DIR/data-key) they were encrypted with.',
    )
  })
})
