/**
 * What the app is built from and what every route factory receives. `AppConfig` is given by the
 * caller (main.ts; the tests: in-memory PGlite, a recording mailer, a movable clock);
 * `createAppDeps` adds the state one app owns (caches, hooks, locks, the repository host), made
 * fresh for each app so nothing is shared between apps through module-level state (decision 005).
 */
import type { KeyObject } from 'node:crypto'
import type { Db } from './db/client'
import type { Env } from './env'
import type { users } from './db/schema'
import { loadDataKey } from './services/data-encryption'
import { createVerifiedTokens, type AccessClaims, type VerifiedTokens } from './services/access-token'
import { ClusterMutex } from './services/cluster-locks'
import { LiveEvents } from './services/live-events'
import { LiveSessions } from './services/live-sessions'
import type { Mailer } from './services/mail'
import { projectCleanupHook } from './services/project-cleanup'
import type { ProjectDeletedHook } from './services/project-deleted-hooks'
import { createRepoHost } from './services/repo-host/host-for'
import type { RepoHost } from './services/repo-host/repo-host'
import { createObjectStorage, stagingStorageFor } from './services/storage/storage-for'
import type { ObjectStorage } from './services/storage/object-storage'
import { TableVersions } from './services/table-versions'
import { UploadStaging } from './services/upload/staging'

export type AppConfig = {
  db: Db
  env: Env
  /** HMAC key for access tokens (HS256). */
  jwtSecret: Uint8Array
  mailer: Mailer
  /** AES-256-GCM key of fields encrypted at rest (services/data-encryption.ts); loaded from env/DATA_DIR when absent. */
  dataKey?: KeyObject
  /** Injected clock: every rule and timestamp of request handling reads it; `() => new Date()` in main.ts. */
  now: () => Date
  /**
   * Table versions for the list caches (services/table-versions.ts), listening when main.ts
   * starts it; without it the app makes a non-listening one (reads the database per request).
   */
  versions?: TableVersions
  /** Object storage of images, reports and upload staging; from env (S3_BUCKET or DATA_DIR/files) when absent. */
  storage?: ObjectStorage
  /** The built SPA (dist/) to serve at `/` with the runtime configuration injected; none in API-only tests. */
  spaDir?: string
  /**
   * The per-project lock of the upload commit step. main.ts gives one on the database's advisory
   * locks (services/cluster-locks.ts), so servers sharing a PostgreSQL database serialise with each
   * other; without it the app makes an in-process one.
   */
  uploadLocks?: Pick<ClusterMutex, 'run'>
  /**
   * The fan-out of live events to GET /api/events (services/live-events.ts), listening when main.ts
   * starts it; without it the app makes one that hears nothing until a test calls `listen`.
   */
  liveEvents?: LiveEvents
}

export type AppDeps = AppConfig & {
  dataKey: KeyObject
  storage: ObjectStorage
  /** Chunked-upload staging in `storage` (DATA_DIR/uploads with the local driver, services/storage/storage-for.ts). */
  staging: UploadStaging
  versions: TableVersions
  /** GitHub when GITHUB_TOKEN and GITHUB_ORG are set, else local bare repositories; tests may swap it. */
  repoHost: RepoHost
  /** Run after projects are deleted (services/project-deleted-hooks.ts); the app's file cleanup is first. */
  onProjectDeleted: ProjectDeletedHook[]
  /** Serialises the staging and commit steps of chunked uploads per project (across servers on PostgreSQL). */
  uploadLocks: Pick<ClusterMutex, 'run'>
  /** Access tokens whose signature was verified once (services/access-token.ts). */
  verifiedTokens: VerifiedTokens
  /** Which sessions (refresh-token families) are still signed in, for requireAdmin (services/live-sessions.ts). */
  liveSessions: LiveSessions
  liveEvents: LiveEvents
}

/** The deps of one app: `config` plus fresh per-app state (extra fields of `config` are not reused). */
export function createAppDeps(config: AppConfig): AppDeps {
  const { db, env, jwtSecret, mailer, now, spaDir } = config
  const base = { db, env, jwtSecret, mailer, now, spaDir, dataKey: config.dataKey ?? loadDataKey(env) }
  const storage = config.storage ?? createObjectStorage(env)
  const deps: AppDeps = {
    ...base,
    storage,
    staging: new UploadStaging(stagingStorageFor(storage, env)),
    versions: config.versions ?? new TableVersions(db),
    repoHost: createRepoHost(base),
    onProjectDeleted: [],
    uploadLocks: config.uploadLocks ?? new ClusterMutex({}, 'upload'),
    verifiedTokens: createVerifiedTokens(),
    liveSessions: new LiveSessions(db, now),
    liveEvents: config.liveEvents ?? new LiveEvents(),
  }
  deps.onProjectDeleted.push(projectCleanupHook(deps))
  return deps
}

/** The signed-in admin, set on the context by `requireAdmin`. */
export type AdminUser = typeof users.$inferSelect

/** Hono environment: context variables available to handlers. */
export type AppEnv = { Variables: { admin: AdminUser; auth: AccessClaims; requestId: string } }
