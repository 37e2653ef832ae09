/**
 * Console preferences storage (table admin_preferences, migration 0024). Each admin has
 * at most one row; reads without a row answer the defaults (domain/preferences.ts).
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../client'
import { adminPreferences } from '../schema'
import type { PreferencesRow } from '../../domain/preferences'

const columns = {
  singleKeyShortcuts: adminPreferences.singleKeyShortcuts,
  reasonTemplates: adminPreferences.reasonTemplates,
  recentCommands: adminPreferences.recentCommands,
  recentRecords: adminPreferences.recentRecords,
}

/** The admin's stored row, undefined when they never changed anything. */
export async function preferencesRow(db: Db, userId: string): Promise<PreferencesRow | undefined> {
  const [row] = await db.select(columns).from(adminPreferences).where(eq(adminPreferences.userId, userId))
  return row
}

/**
 * Read-modify-write of the admin's row in one transaction with the row locked (FOR UPDATE; a
 * missing row is created first), so two tabs writing at once both land. `change` gets the stored
 * row and answers the columns to set. Returns the row as stored.
 */
export async function updatePreferencesRow(
  db: Db,
  userId: string,
  change: (row: PreferencesRow) => Partial<PreferencesRow>,
): Promise<PreferencesRow> {
  return db.transaction(async (tx) => {
    await tx.insert(adminPreferences).values({ userId }).onConflictDoNothing()
    const [row] = await tx
      .select(columns)
      .from(adminPreferences)
      .where(eq(adminPreferences.userId, userId))
      .for('update')
    const [stored] = await tx
      .update(adminPreferences)
      .set({ ...change(row), updatedAt: new Date() })
      .where(eq(adminPreferences.userId, userId))
      .returning(columns)
    return stored
  })
}
