/**
 * Values cached per table versions (docs/decisions/004), for the orders, payments, contacts,
 * commission and analytics routes (BENCHMARKS.md "Orders and payments"): an entry is reused while
 * none of the tables it was built from has changed, or, for a table whose writes announce what
 * they changed (orders, migration 0042), while none of the changes since its version can reach it
 * (its `reach`, docs/decisions/054). JSON responses are kept as text (a string in V8's heap, not
 * bytes in an ArrayBuffer, whose churn starts full GCs: project-list-pages.ts); identical
 * concurrent misses build once.
 *
 * Entries carry the versions read *before* the build's statements run. A version in memory comes
 * from a NOTIFY sent at its commit (or from a read of table_versions), so the statements' snapshot
 * holds at least that version: an entry is never stored under versions newer than its data, and a
 * reader never gets a response older than the versions it knows (its own writes included: the
 * app's writes call `versions.invalidate()`). A reached entry is only moved to the newer versions
 * after checking every change in between. Exact totals stay exact: each entry is one built
 * response of that version. One instance per route group.
 */
import { LRUCache } from 'lru-cache'
import type { CacheOutcome } from './single-flight-cache'
import { cacheKey } from './cache-key'
import type { RowChange } from '../domain/row-changes'
import { versionsKey, type TableVersions, type VersionedTable, type Versions } from './table-versions'

/** A response as JSON text and where it came from: the cache, a new build, or a concurrent build. */
export type CachedJson = { body: string; cache: CacheOutcome }

/**
 * Per table with a change log, whether one changed row can alter the cached value; a table not
 * named here keeps the value only while its version is unchanged.
 */
export type CacheReach = Partial<Record<VersionedTable, (change: RowChange) => boolean>>

type Entry<V> = { value: V; versions: Versions; reach: CacheReach | undefined }

/** Whether `entry` is still the value at `current`, moving its versions up when the changes between cannot reach it. */
function stillCurrent<V>(
  entry: Entry<V>,
  current: Versions,
  tables: readonly VersionedTable[],
  log: TableVersions,
): boolean {
  for (const table of tables) {
    const at = entry.versions[table]
    if (at >= current[table]) continue
    const reaches = entry.reach?.[table]
    if (!reaches) return false
    const changes = log.changesBetween(table, at, current[table])
    if (!changes || changes.some(reaches)) return false
  }
  const moved = { ...entry.versions }
  for (const table of tables) moved[table] = Math.max(entry.versions[table], current[table])
  entry.versions = moved
  return true
}

/**
 * A cache of values built from `tables`, keyed by the caller's key; `options` bound it (LRU:
 * `max` entries, or `maxSize` with `sizeCalculation`). `get(key, build, reach?)` answers the
 * stored value while it is current (see the module comment), else runs `build` once per key and
 * versions and stores its value with `reach(value)`. `build` receives the versions part of a
 * cache key (cache-key.ts), for caches of its own.
 */
export function createVersionedCache<V extends object | number | string>(
  versions: TableVersions,
  tables: readonly VersionedTable[],
  options: LRUCache.Options<string, Entry<V>, unknown>,
) {
  const entries = new LRUCache<string, Entry<V>>(options)
  const building = new Map<string, Promise<V>>()

  return async function get(
    key: string,
    build: (versionKey: string) => Promise<V>,
    reach?: (value: V) => CacheReach,
  ): Promise<{ value: V; cache: CacheOutcome }> {
    const current = await versions.current()
    const entry = entries.get(key)
    if (entry && stillCurrent(entry, current, tables, versions)) return { value: entry.value, cache: 'hit' }
    const flight = cacheKey(current, tables, key)
    const inFlight = building.get(flight)
    if (inFlight) return { value: await inFlight, cache: 'shared' }
    const pending = build(versionsKey(current, tables)).then((value) => {
      const stored = entries.peek(key)
      // A build that started earlier and finished later does not replace a newer entry.
      if (!stored || tables.some((t) => stored.versions[t] < current[t])) {
        entries.set(key, { value, versions: current, reach: reach?.(value) })
      }
      return value
    })
    building.set(flight, pending)
    try {
      return { value: await pending, cache: 'miss' }
    } finally {
      building.delete(flight)
    }
  }
}

/**
 * A cache of JSON responses (createVersionedCache over their text); `maxChars` bounds the stored
 * characters (≈ bytes, the JSON being almost all ASCII). `get(key, build, reach?)`: `reach`
 * receives the built response.
 */
export function createVersionedJsonCache(versions: TableVersions, tables: readonly VersionedTable[], maxChars: number) {
  const bodies = createVersionedCache<{ body: string; reach: CacheReach | undefined }>(versions, tables, {
    maxSize: maxChars,
    sizeCalculation: (entry) => Math.max(1, entry.value.body.length),
  })

  return async function get<T>(
    key: string,
    build: (versionKey: string) => Promise<T>,
    reach?: (response: T) => CacheReach,
  ): Promise<CachedJson> {
    const { value, cache } = await bodies(
      key,
      async (versionKey) => {
        const response = await build(versionKey)
        return { body: JSON.stringify(response), reach: reach?.(response) }
      },
      (built) => built.reach ?? {},
    )
    return { body: value.body, cache }
  }
}

/** The JSON response of a cached entry, with its `x-cache` header. */
export function jsonResponse({ body, cache }: CachedJson): Response {
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=UTF-8', 'x-cache': cache },
  })
}
