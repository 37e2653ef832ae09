/**
 * Locks that hold across every server on one database, built on
 * PostgreSQL advisory locks (https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS).
 *
 * - `ClusterMutex.run(key, task)`: per-key mutual exclusion (the commit step of chunked uploads).
 *   Inside one process tasks of a key queue in memory first (KeyedMutex), so a process holds at
 *   most one lock connection per key; across processes `pg_advisory_lock` on a connection of a
 *   small pool of its own serialises them. The lock connections never run the task's queries, so
 *   a task waiting for the main pool cannot deadlock with the locks held.
 * - `ClusterMutex.tryRun(key, task)`: run only when nobody holds the key (background jobs: one
 *   server runs each job per round, the others skip it), answering whether it ran.
 *
 * Keys are (namespace, hashtext(key)) pairs: a hash collision only serialises two unrelated keys.
 * If a lock connection drops mid-task, PostgreSQL releases the lock; the callers' work is
 * idempotent (upload receipts, commit subjects), so a second runner finds it done.
 * On PGlite (one process owns the DATA_DIR, data-dir-lock.ts) the in-process mutex is the lock.
 */
import pg from 'pg'
import type { Database } from '../db/client'
import { KeyedMutex } from './keyed-mutex'

/** Advisory-lock namespaces (the first int4 of the key pair), one per kind of work. */
export const LOCK_NAMESPACE = { upload: 15_001, job: 15_002 } as const
export type LockNamespace = keyof typeof LOCK_NAMESPACE

/** Lock connections a process may hold at once (each lock holder uses one while its task runs). */
const LOCK_POOL_SIZE = 8

export class ClusterMutex {
  private readonly local = new KeyedMutex()
  /** Keys this process is running a tryRun task of. */
  private readonly busy = new Set<string>()
  private readonly pool: pg.Pool | undefined

  /** `database`: PostgreSQL gets a lock pool of its own (same connection string); PGlite none. */
  constructor(
    database: Pick<Database, 'pool'>,
    private readonly namespace: LockNamespace,
  ) {
    const options = database.pool?.options
    if (options) {
      this.pool = new pg.Pool({
        connectionString: options.connectionString,
        max: LOCK_POOL_SIZE,
        idleTimeoutMillis: 10_000,
        connectionTimeoutMillis: 5000,
      })
      this.pool.on('error', () => {})
      this.pool.on('connect', (client) => client.on('error', () => {}))
    }
  }

  /** Run `task` while holding `key` in this process and, on PostgreSQL, in every server. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      if (!this.pool) return task()
      const held = await this.holding(key, 'pg_advisory_lock', task)
      if (!held.ran) throw new Error(`Advisory lock ${key} was not taken`)
      return held.value
    })
  }

  /**
   * Run `task` only if `key` is free everywhere (`pg_try_advisory_lock`); resolves
   * `{ ran: false }` at once when another task, here or on another server, holds it.
   */
  async tryRun<T>(key: string, task: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    if (this.busy.has(key)) return { ran: false }
    this.busy.add(key)
    try {
      if (!this.pool) return { ran: true, value: await task() }
      return await this.holding(key, 'pg_try_advisory_lock', task)
    } finally {
      this.busy.delete(key)
    }
  }

  /**
   * On a lock connection: take `key` with `lock` (waiting, or trying once), run `task` if taken,
   * unlock. A connection whose lock or unlock statement failed may still hold the lock: it is
   * destroyed, not returned to the pool, so PostgreSQL frees the lock with its session.
   */
  private async holding<T>(
    key: string,
    lock: 'pg_advisory_lock' | 'pg_try_advisory_lock',
    task: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }> {
    const client = await this.pool!.connect()
    const args = [LOCK_NAMESPACE[this.namespace], key]
    // Destroyed instead of returned when the lock or unlock statement failed (not when the task did).
    let broken = true
    try {
      const { rows } = await client.query<{ locked: boolean | string }>(
        `SELECT ${lock}($1, hashtext($2)) AS locked`,
        args,
      )
      // pg_advisory_lock returns void (''), pg_try_advisory_lock whether it took the lock.
      if (rows[0]?.locked === false) {
        broken = false
        return { ran: false }
      }
      try {
        return { ran: true, value: await task() }
      } finally {
        broken = await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', args).then(
          () => false,
          () => true,
        )
      }
    } finally {
      client.release(broken)
    }
  }

  /** Close the lock connections (server stop, test teardown). */
  async close(): Promise<void> {
    await this.pool?.end()
  }
}
