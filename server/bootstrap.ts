/**
 * First-start duties: the JWT secret kept in DATA_DIR when JWT_SECRET is unset, the bootstrap
 * admin (ADMIN_EMAIL, active, isAdmin), and (re-exported) the single-owner lock on DATA_DIR.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from './db/client'
import { users } from './db/schema'
import { v7 as uuidv7 } from 'uuid'

/** Read `DATA_DIR/jwt-secret` or create it (32 random bytes, mode 0600). */
export async function loadJwtSecret(dataDir: string, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv)
  const file = path.join(dataDir, 'jwt-secret')
  try {
    return new Uint8Array(Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64url'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    const secret = crypto.randomBytes(32)
    await fs.writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' })
    return new Uint8Array(secret)
  }
}

/** Create the bootstrap admin if missing, or make sure it is an active admin. */
export async function ensureAdmin(db: Db, email: string): Promise<void> {
  // The unique index is on lower(email), which drizzle's onConflict target cannot name.
  await db.execute(sql`
    INSERT INTO ${users} (id, name, email, is_admin, is_active, is_email_verified)
    VALUES (${uuidv7()}, 'Admin', ${email}, true, true, true)
    ON CONFLICT (lower(email)) DO UPDATE SET is_admin = true, is_active = true`)
}

/** True when the database holds no user yet (a fresh DATA_DIR or an empty PostgreSQL). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  return row.n === 0
}

/** The single-owner lock on DATA_DIR (taken over at once from a dead owner): see data-dir-lock.ts. */
export { lockDataDir } from './data-dir-lock'
