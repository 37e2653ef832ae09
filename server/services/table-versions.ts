/**
 * Table versions (migrations 0007, 0012; orders and payments 0019; contacts 0021; commission_configs 0022; source_reports 0041): `table_versions.version` of projects, project_images, users, orders, payments, contacts, commission_configs and source_reports
 * goes up once per write statement, inside the writing transaction, and the trigger announces it
 * with `NOTIFY table_versions 'name:version'` on commit. Caches key their entries by these
 * versions, so an entry is only reused while the rows it was built from are unchanged
 * (docs/decisions/004). A write to orders also announces what it changed,
 * `'orders:version|<change list>'` (migration 0042, domain/row-changes.ts): kept per version in a
 * bounded log, so a cache can keep an entry the changes since its version cannot reach
 * (docs/decisions/054).
 *
 * `current()` answers from memory while a LISTEN connection is up and no request of this process
 * has written since the last read; otherwise it reads the versions with one SELECT. Writes of
 * this process call `invalidate()` before their response leaves (see createApp), so a client
 * always reads its own writes; writes of another server process become visible here when their
 * notification arrives (milliseconds after their commit).
 */
import { inArray } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import { listenChannel } from '../db/listen'
import { tableVersions } from '../db/schema'
import { preparedPer } from '../db/sql'
import { parseTableChanges, type RowChange, type TableChanges } from '../domain/row-changes'

/** The versioned tables: those a projects list page is built from, then orders and payments (migration 0019), contacts (0021), commission_configs (0022), source_reports (0041). */
export const LIST_TABLES = [
  'projects',
  'project_images',
  'users',
  'orders',
  'payments',
  'contacts',
  'commission_configs',
  'source_reports',
] as const
/** The tables a projects list page is built from (its cache key); source_reports gives its risk column and filter (0041). */
export const PROJECT_LIST_TABLES = ['projects', 'project_images', 'users', 'source_reports'] as const
export type VersionedTable = (typeof LIST_TABLES)[number]
/** Version per table; only ever increases. */
export type Versions = Readonly<Record<VersionedTable, number>>

/** The rows of the versioned tables (prepared: read once per local write under load). */
const readVersions = preparedPer('table_versions_read', (db, name) =>
  db
    .select()
    .from(tableVersions)
    .where(inArray(tableVersions.name, [...LIST_TABLES]))
    .prepare(name),
)

const CHANNEL = 'table_versions'
/** How many versions of each table the change log keeps (older gaps read as not described); at most 80 rows each, ~8 MB at worst. */
const CHANGE_LOG_SIZE = 1024

/**
 * `'projects:12'` → `['projects', 12]`; `'orders:13|<change list>'` → `['orders', 13, changes]`
 * (domain/row-changes.ts); undefined for a payload of another shape.
 */
export function parseVersionPayload(
  payload: string,
): [VersionedTable, number] | [VersionedTable, number, TableChanges] | undefined {
  const bar = payload.indexOf('|')
  const [name, raw, ...rest] = (bar < 0 ? payload : payload.slice(0, bar)).split(':')
  const version = Number(raw)
  if (rest.length || !(LIST_TABLES as readonly string[]).includes(name) || !raw || !Number.isSafeInteger(version)) {
    return undefined
  }
  if (bar < 0) return [name as VersionedTable, version]
  return [name as VersionedTable, version, parseTableChanges(payload.slice(bar + 1))]
}

/** A stable string for the versions of `tables` (by default a projects list page's), usable as part of a cache key. */
export function versionsKey(
  versions: Partial<Versions>,
  tables: readonly VersionedTable[] = PROJECT_LIST_TABLES,
): string {
  return tables.map((t) => versions[t]).join('.')
}

export class TableVersions {
  private versions: Versions = {
    projects: -1,
    project_images: -1,
    users: -1,
    orders: -1,
    payments: -1,
    contacts: -1,
    commission_configs: -1,
    source_reports: -1,
  }
  /** True while memory equals the database (listener up, read since the last local write). */
  private known = false
  private listening = false
  /** Bumped by every invalidate() and listener loss: a read that started earlier cannot set `known`. */
  private epoch = 0
  /** The SELECT in flight and the epoch it started in. */
  private reading: { epoch: number; promise: Promise<Versions> } | undefined
  private stopListening: (() => Promise<void>) | undefined
  private stopped = false
  /** Per table, the change list of each version announced with one (insertion order ≈ version order). */
  private readonly changeLog = new Map<VersionedTable, Map<number, TableChanges>>()

  constructor(private readonly db: Db) {}

  /**
   * The versions now; one SELECT unless memory is known to be current. Callers that arrive while
   * a SELECT started since the last `invalidate()` is running share it (single-flight per epoch):
   * it began after every write this process had answered, so it sees them. Under a steady write
   * load this is one SELECT per write instead of one per request (BENCHMARKS.md "Load").
   */
  async current(): Promise<Versions> {
    if (this.known) return this.versions
    if (this.reading?.epoch === this.epoch) return this.reading.promise
    const epoch = this.epoch
    const promise = this.read(epoch)
    this.reading = { epoch, promise }
    try {
      return await promise
    } finally {
      if (this.reading?.promise === promise) this.reading = undefined
    }
  }

  private async read(epoch: number): Promise<Versions> {
    const wasListening = this.listening
    const rows = await readVersions(this.db).execute()
    for (const row of rows) this.observe(row.name as VersionedTable, row.version)
    if (wasListening && this.listening && epoch === this.epoch) this.known = true
    return this.versions
  }

  /** A write happened in this process: the next `current()` reads the database. */
  invalidate(): void {
    this.known = false
    this.epoch++
  }

  /**
   * Merge a version seen elsewhere (a notification, a statement's own read). Never goes back.
   * `changes`, from a notification, is what that version changed (kept even when a read has
   * already moved past the version).
   */
  observe(table: VersionedTable, version: number, changes?: TableChanges): void {
    if (changes !== undefined) {
      let log = this.changeLog.get(table)
      if (!log) this.changeLog.set(table, (log = new Map()))
      log.set(version, changes)
      if (log.size > CHANGE_LOG_SIZE) log.delete(log.keys().next().value as number)
    }
    if (version > this.versions[table]) this.versions = { ...this.versions, [table]: version }
  }

  /**
   * The rows `table` changed after version `from` up to and including `to`, or undefined when a
   * version in between was not announced with a change list (not heard, too old, or 'all').
   */
  changesBetween(table: VersionedTable, from: number, to: number): RowChange[] | undefined {
    if (to <= from) return []
    if (to - from > CHANGE_LOG_SIZE) return undefined
    const log = this.changeLog.get(table)
    if (!log) return undefined
    const changes: RowChange[] = []
    for (let version = from + 1; version <= to; version++) {
      const listed = log.get(version)
      if (listed === undefined || listed === 'all') return undefined
      changes.push(...listed)
    }
    return changes
  }

  /** Whether `current()` is answering from memory (for tests and the health of the listener). */
  get fromMemory(): boolean {
    return this.known
  }

  /**
   * Listen for version notifications (db/listen.ts: PGlite in process, PostgreSQL on a dedicated
   * client re-opened when it drops). Without a listener `current()` reads the database every time.
   */
  async listen(database: Database): Promise<void> {
    this.stopListening = await listenChannel(database, CHANNEL, {
      onPayload: (payload) => {
        const parsed = parseVersionPayload(payload)
        if (parsed) this.observe(parsed[0], parsed[1], parsed[2])
      },
      onUp: () => {
        if (!this.stopped) this.listening = true
      },
      onDown: () => {
        this.listening = false
        this.invalidate()
      },
    })
    if (this.stopped) await this.stopListening()
  }

  /** Stop listening; `current()` goes back to reading the database. */
  async close(): Promise<void> {
    this.stopped = true
    this.listening = false
    this.invalidate()
    await this.stopListening?.()
  }
}
