/**
 * What every route factory receives: the database, the parsed env and the services. Tests build
 * their own (in-memory PGlite, a recording mailer) and pass them to `createApp`.
 */
import type { Db } from './db/client'
import type { Env } from './env'
import type { Mailer } from './services/mail'
import type { TableVersions } from './services/table-versions'
import type { users } from './db/schema'

export type AppDeps = {
  db: Db
  env: Env
  /** HMAC key for access tokens (HS256). */
  jwtSecret: Uint8Array
  mailer: Mailer
  /** Injected clock so expiry rules are testable; defaults to `() => new Date()`. */
  now: () => Date
  /**
   * Table versions for the list caches (services/table-versions.ts), listening when main.ts
   * starts it; createApp makes a non-listening one (reads the database per request) if absent.
   */
  versions?: TableVersions
}

/** The signed-in admin, set on the context by `requireAdmin`. */
export type AdminUser = typeof users.$inferSelect

/** Hono environment: context variables available to handlers. */
export type AppEnv = { Variables: { admin: AdminUser; requestId: string } }
