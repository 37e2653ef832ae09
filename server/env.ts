/**
 * Server environment, checked by a valibot schema at start (DESIGN.md "Fixed interface
 * conventions"). Throws a readable error naming the bad variable.
 */
import * as v from 'valibot'
import path from 'node:path'
import { DEFAULT_ADMIN_EMAIL } from '../src/api/schemas/runtime-config'

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)), '8080'),
  HOST: v.optional(v.string(), '127.0.0.1'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.url())),
  /** PostgreSQL connections in the pool; default 2 per CPU core (min 4), see BENCHMARKS.md. */
  DATABASE_POOL_SIZE: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(200))),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email()), DEFAULT_ADMIN_EMAIL),
  SMTP_URL: v.optional(v.string()),
  MAIL_FROM: v.optional(v.string(), 'Admin Panel <no-reply@marketplace.local>'),
  /**
   * The contact address replies to inquiries come from and are answered to, with the product name
   * ('Marketplace <contact@shop.example.in>'): From '{admin} via Marketplace', Reply-To this
   * address (server/services/contact-reply.ts). Unset: MAIL_FROM's address, Reply-To the admin.
   */
  CONTACT_REPLY_FROM: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('CONTACT_REPLY_FROM must not be empty'))),
  /**
   * Origins (comma-separated, e.g. `https://shop.example.in`) allowed to POST the public contact
   * form from a browser (CORS on POST /api/contacts only); unset = no CORS headers.
   */
  STOREFRONT_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
      v.everyItem(
        (origin) => URL.canParse(origin) && new URL(origin).origin === origin,
        'STOREFRONT_ORIGINS must be origins like https://shop.example.in, comma-separated',
      ),
    ),
  ),
  /** 32 bytes, base64: the key of bank account numbers at rest (services/data-encryption.ts); else DATA_DIR/data-key. */
  DATA_ENCRYPTION_KEY: v.optional(v.string()),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters'))),
  SEED: v.optional(v.picklist(['demo', 'none']), 'demo'),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url())),
  /**
   * Where the local git host keeps its bare repositories (default DATA_DIR/git). Several servers
   * share one folder (a network volume) to act as one host; unused with GITHUB_TOKEN + GITHUB_ORG.
   * Git's own GIT_DIR is not passed on to the git processes the server runs (git-exec.ts).
   */
  GIT_DIR: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('GIT_DIR must not be empty'))),
  GITHUB_TOKEN: v.optional(v.string()),
  GITHUB_ORG: v.optional(v.string()),
  /** Bucket of images, reports and upload staging; unset = the folder DATA_DIR/files. */
  S3_BUCKET: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('S3_BUCKET must not be empty'))),
  /** Endpoint URL of an S3-compatible server (MinIO, s3rver); unset = AWS S3. */
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('S3_ENDPOINT must be a URL'))),
  S3_REGION: v.optional(v.string(), 'us-east-1'),
  /** '1' addresses the bucket in the path (local S3 servers) instead of the host name. */
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['0', '1']), '0'),
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For: the client IP is
   * the entry the outermost one wrote (http/client-ip.ts); 0 = the header is ignored.
   */
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'TRUST_PROXY must be the number of trusted proxies (0, 1, 2, ...)'),
      v.toNumber(),
    ),
    '0',
  ),
  LOG_LEVEL: v.optional(v.picklist(['silent', 'info', 'debug']), 'info'),
})

export type Env = v.InferOutput<typeof EnvSchema> & { DATA_DIR: string; GIT_DIR: string; PUBLIC_URL: string }

/** Parse `process.env` (or a given record) into a typed Env with absolute DATA_DIR. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = v.safeParse(EnvSchema, source)
  if (!result.success) {
    const issues = result.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${issues}`)
  }
  const env = result.output
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    GIT_DIR: path.resolve(env.GIT_DIR ?? path.join(env.DATA_DIR, 'git')),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`,
  }
}

/**
 * The keys every server on one PostgreSQL database must share: with DATABASE_URL set,
 * JWT_SECRET (access tokens and signed links issued by one server are checked by another) and
 * DATA_ENCRYPTION_KEY (bank details encrypted by one are decrypted by another) must come from the
 * environment, not from each process's own DATA_DIR files. `needs` narrows the check for a tool
 * that uses only one of them (the seed CLI encrypts bank details, it signs nothing). Throws one
 * readable start-up error naming what is missing and how to make it; a no-op for the embedded database.
 */
export function assertSharedKeys(
  env: Pick<Env, 'DATABASE_URL' | 'JWT_SECRET' | 'DATA_ENCRYPTION_KEY'>,
  needs: readonly ('JWT_SECRET' | 'DATA_ENCRYPTION_KEY')[] = ['JWT_SECRET', 'DATA_ENCRYPTION_KEY'],
): void {
  if (!env.DATABASE_URL) return
  const missing = [
    needs.includes('JWT_SECRET') && !env.JWT_SECRET
      ? 'JWT_SECRET (at least 32 characters, e.g. `openssl rand -base64 48`)'
      : null,
    needs.includes('DATA_ENCRYPTION_KEY') && !env.DATA_ENCRYPTION_KEY
      ? 'DATA_ENCRYPTION_KEY (32 bytes in base64, e.g. `openssl rand -base64 32`; ' +
        'the value of DATA_DIR/data-key when the data was made by the embedded database)'
      : null,
  ].filter(Boolean)
  if (missing.length === 0) return
  throw new Error(
    `DATABASE_URL is set, so every server on that database must share its keys: set ${missing.join(' and ')}. ` +
      'See docs/deploy.md.',
  )
}
