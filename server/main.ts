/**
 * Server entry: env (with DATABASE_URL, the shared keys are required) → DATA_DIR lock → database
 * + migrations → bootstrap admin → demo seed on a fresh database (unless SEED=none) → background
 * jobs (one server at a time, services/background-jobs.ts) → serve the SPA and the API on one
 * port. SIGTERM/SIGINT end the event streams, drain the requests in flight, then stop the jobs,
 * close the database and release the lock (drainOnSignal).
 */
import type { Server } from 'node:http'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { assertSharedKeys, loadEnv } from './env'
import { openDatabase } from './db/client'
import { ensureAdmin, isEmpty, loadJwtSecret, lockDataDir } from './bootstrap'
import { createApp } from './app'
import { closeWhenBodyUnread } from './http/keep-alive'
import { seedDemoImages } from './db/seed/images'
import { TableVersions } from './services/table-versions'
import { LiveEvents } from './services/live-events'
import { createMailer } from './services/mail'
import { seedDemo } from './db/seed/seed'
import { encryptBankDetailsAtStart } from './services/bank-details-migration'
import { loadDataKey } from './services/data-encryption'
import { createObjectStorage } from './services/storage/storage-for'
import { ClusterMutex } from './services/cluster-locks'
import { consoleJobs, describeOutcome, startBackgroundJobs } from './services/background-jobs'
import { describeJobOutcome, JobWorker } from './services/job-queue'
import { SOURCE_REPORT_JOB, sourceReportHandler } from './services/source-report/job'
import { DECISION_MAIL_JOB } from './domain/decision-mail'
import { decisionMailHandler } from './services/decision-mail'

async function main() {
  const env = loadEnv()
  assertSharedKeys(env)
  const release = await lockDataDir(env.DATA_DIR)
  const database = await openDatabase({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
  })
  const fresh = await isEmpty(database.db)
  await ensureAdmin(database.db, env.ADMIN_EMAIL)
  const dataKey = loadDataKey(env)
  await encryptBankDetailsAtStart(database.db, dataKey)
  const storage = createObjectStorage(env)
  if (fresh && env.SEED === 'demo') {
    const started = Date.now()
    console.log('Fresh database: seeding the demo data set...')
    await seedDemo(database, { scale: 1, adminEmail: env.ADMIN_EMAIL, dataKey })
    const images = await seedDemoImages(database.db, storage)
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${images} cover images)`)
  }
  const versions = new TableVersions(database.db)
  await versions.listen(database)
  const liveEvents = new LiveEvents()
  await liveEvents.listen(database)
  // Advisory locks on PostgreSQL: the servers sharing the database serialise uploads and jobs together.
  const uploadLocks = new ClusterMutex(database, 'upload')
  const jobLocks = new ClusterMutex(database, 'job')
  const app = createApp({
    uploadLocks,
    db: database.db,
    versions,
    liveEvents,
    env,
    jwtSecret: await loadJwtSecret(env.DATA_DIR, env.JWT_SECRET),
    dataKey,
    storage,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, from: env.MAIL_FROM }),
    now: () => new Date(),
    spaDir: path.resolve(import.meta.dirname, '..', 'dist'),
  })

  // The durable queue's worker: source reports of new commits, made outside the upload's request,
  // and the owners' mails of verification decisions, sent once their undo window has passed.
  const worker = new JobWorker({
    database,
    handlers: {
      [SOURCE_REPORT_JOB]: sourceReportHandler(app.deps),
      [DECISION_MAIL_JOB]: decisionMailHandler(app.deps),
    },
    now: () => new Date(),
    log: (outcome) => {
      if (env.LOG_LEVEL === 'silent') return
      ;(outcome.outcome === 'done' ? console.log : console.error)(describeJobOutcome(outcome))
    },
  })
  await worker.start()

  const jobs = startBackgroundJobs(consoleJobs({ db: database.db, staging: app.deps.staging }), {
    locks: jobLocks,
    now: () => new Date(),
    log: (outcome) => {
      if (env.LOG_LEVEL === 'silent' || (outcome.outcome === 'skipped' && env.LOG_LEVEL !== 'debug')) return
      ;(outcome.outcome === 'failed' ? console.error : console.log)(describeOutcome(outcome))
    },
  })

  // An answer that leaves an opened request body unread closes its connection rather than keep one
  // @hono/node-server cannot drain and will cut under the client's next request (http/keep-alive.ts).
  const server = serve({ fetch: closeWhenBodyUnread(app.fetch), port: env.PORT, hostname: env.HOST }, (info) => {
    console.log(`Admin Panel on http://${env.HOST}:${info.port} (database: ${database.kind}, data: ${env.DATA_DIR})`)
  })
  // Open event streams never finish by themselves: they are ended first (the consoles reconnect
  // to another server or to this one restarted), then the other requests drain.
  const stop = drainOnSignal(
    server,
    () => liveEvents.close(),
    async () => {
      await Promise.all([jobs.stop(), worker.stop()])
      await Promise.all([uploadLocks.close(), jobLocks.close()])
      await versions.close()
      await database.close()
      await release()
    },
  )
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

/** How long in-flight requests may take to finish after SIGTERM before their connections are cut. */
const DRAIN_MS = 25_000

/**
 * Graceful stop on the first SIGTERM/SIGINT: stop listening at once (new connections are
 * refused), end the long-lived responses (`endStreams`: the event streams), let the requests in
 * flight finish (idle keep-alive connections are closed as they become idle; after DRAIN_MS the
 * rest are cut), then `closeResources()` (the database: PGlite
 * writes a shutdown checkpoint, so the next start needs no recovery) and exit 0. A second signal
 * exits at once with 1.
 */
function drainOnSignal(
  server: ReturnType<typeof serve>,
  endStreams: () => Promise<void>,
  closeResources: () => Promise<void>,
) {
  let stopping = false
  return () => {
    if (stopping) process.exit(1)
    stopping = true
    console.log('Stopping: finishing the requests in flight...')
    const http = server as Server
    const closeIdle = setInterval(() => http.closeIdleConnections(), 100)
    const cut = setTimeout(() => http.closeAllConnections(), DRAIN_MS)
    void endStreams().catch(() => {})
    server.close(() => {
      clearInterval(closeIdle)
      clearTimeout(cut)
      closeResources().then(
        () => {
          console.log('Stopped.')
          process.exit(0)
        },
        (error: unknown) => {
          console.error('Error while stopping:', error instanceof Error ? error.message : error)
          process.exit(1)
        },
      )
    })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
