/** The database's readiness probe (GET /api/ready, routes/health.routes.ts). */
import { sql } from 'drizzle-orm'
import type { Db } from '../client'

/** Resolves once the database answers `SELECT 1`; rejects when it cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`)
}
