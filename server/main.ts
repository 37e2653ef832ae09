/**
 * Server entry: env → DATA_DIR lock → database + migrations → bootstrap admin → demo seed on a
 * fresh database (unless SEED=none) → serve the SPA and the API on one port.
 */
import path from 'node:path'
import { serve } from '@hono/node-server'
import { loadEnv } from './env'
import { openDatabase } from './db/client'
import { ensureAdmin, isEmpty, loadJwtSecret, lockDataDir } from './bootstrap'
import { createApp } from './app'
import { seedDemoImages } from './db/seed/images'
import { TableVersions } from './services/table-versions'
import { createMailer } from './services/mail'
import { seedDemo } from './db/seed/seed'
import { encryptBankDetailsAtStart } from './services/bank-details-migration'
import { loadDataKey } from './services/data-encryption'

async function main() {
  const env = loadEnv()
  const release = await lockDataDir(env.DATA_DIR)
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
  const fresh = await isEmpty(database.db)
  await ensureAdmin(database.db, env.ADMIN_EMAIL)
  const dataKey = loadDataKey(env)
  await encryptBankDetailsAtStart(database.db, dataKey)
  if (fresh && env.SEED === 'demo') {
    const started = Date.now()
    console.log('Fresh database: seeding the demo data set...')
    await seedDemo(database, { scale: 1, adminEmail: env.ADMIN_EMAIL, dataKey })
    const images = await seedDemoImages(database.db, env.DATA_DIR)
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${images} cover images)`)
  }
  const versions = new TableVersions(database.db)
  await versions.listen(database)
  const app = createApp({
    db: database.db,
    versions,
    env,
    jwtSecret: await loadJwtSecret(env.DATA_DIR, env.JWT_SECRET),
    dataKey,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, from: env.MAIL_FROM }),
    now: () => new Date(),
    spaDir: path.resolve(import.meta.dirname, '..', 'dist'),
  })

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    console.log(`Admin Panel on http://${env.HOST}:${info.port} (database: ${database.kind}, data: ${env.DATA_DIR})`)
  })
  const shutdown = async () => {
    server.close()
    await versions.close()
    await database.close()
    await release()
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
