/**
 * `npm run seed -- [--scale N] [--users N] [--reset] [--seed N]`: load the demo data set into the database of
 * the environment (DATA_DIR's PGlite, or DATABASE_URL). Takes the DATA_DIR lock like the server,
 * so it refuses to run beside `npm start` on the same directory. `--reset` empties every data
 * table first (migrations stay) and the stored images; without it the database must hold
 * nothing but the admin. `--users N` sets the number of users alone (10% agents, 4 admins) while
 * the other tables follow `--scale`: `--users 200000` is the users list benchmark's size in ~1 min
 * rather than `--scale 667`'s 1.3 million orders. The newest 400 projects get generated cover images (images.ts).
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { ensureAdmin, lockDataDir } from '../../bootstrap'
import { assertSharedKeys, loadEnv } from '../../env'
import { openDatabase, type Db } from '../client'
import { users } from '../schema'
import { createObjectStorage } from '../../services/storage/storage-for'
import { loadDataKey } from '../../services/data-encryption'
import { seedDemoImages } from './images'
import { seedDemo } from './seed'
import { rawRows } from '../sql'

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    users: { type: 'string' },
    seed: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
})

/**
 * Empty every table of the public schema but table_versions (its rows are set up by migrations)
 * and audit_log, which is append-only (migration 0032 refuses TRUNCATE): a reset is itself history.
 */
async function truncateAll(db: Db): Promise<void> {
  const names = (
    await rawRows<{ tablename: string }>(
      db,
      sql`SELECT tablename FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT IN ('table_versions', 'audit_log') ORDER BY tablename`,
    )
  ).map((r) => `"${r.tablename}"`)
  if (names.length) await db.execute(sql.raw(`TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`))
}

async function main() {
  const scale = Number(args.scale)
  if (!(scale > 0)) throw new Error(`--scale must be a positive number, got '${args.scale}'`)
  const seed = args.seed === undefined ? undefined : Number(args.seed)
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`--seed must be an integer, got '${args.seed}'`)
  const userCount = args.users === undefined ? undefined : Number(args.users)
  if (userCount !== undefined && !(Number.isInteger(userCount) && userCount >= 10)) {
    throw new Error(`--users must be an integer of at least 10, got '${args.users}'`)
  }
  const env = loadEnv()
  // Bank details seeded into a shared database must open with the servers' key, not this DATA_DIR's own.
  assertSharedKeys(env, ['DATA_ENCRYPTION_KEY'])
  const release = await lockDataDir(env.DATA_DIR)
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })
  const storage = createObjectStorage(env)
  try {
    if (args.reset) {
      await truncateAll(database.db)
      await storage.removePrefix('images')
    }
    await ensureAdmin(database.db, env.ADMIN_EMAIL)
    const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users)
    if (n > 1) throw new Error('The database already holds data: run with --reset to replace it.')
    const started = performance.now()
    const counts = await seedDemo(database, {
      scale,
      users: userCount,
      adminEmail: env.ADMIN_EMAIL,
      seed,
      dataKey: loadDataKey(env),
    })
    const images = await seedDemoImages(database.db, storage, { seed })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`Seeded ${database.kind} at scale ${scale} in ${seconds} s:`)
    for (const [table, count] of Object.entries({ ...counts, images })) {
      console.log(`  ${table.padEnd(20)} ${count.toLocaleString('en-IN')}`)
    }
  } finally {
    await database.close()
    await release()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
