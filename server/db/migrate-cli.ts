/**
 * `npm run db:migrate`: apply the pending migrations to the PostgreSQL database of DATABASE_URL
 * and exit. Run it as the role that owns the tables, before starting servers that connect as a
 * role without ownership (SECURITY.md "Audit"): they find the migrations applied and need no DDL
 * rights. The embedded PGlite migrates when the server starts.
 */
import { loadEnv } from '../env'
import { openDatabase } from './client'

const env = loadEnv()
if (!env.DATABASE_URL) {
  console.error('db:migrate needs DATABASE_URL (the embedded database migrates when the server starts).')
  process.exit(2)
}
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 1 })
await database.close()
console.log('Migrations applied.')
