/**
 * JSON responses cached per table versions (docs/decisions/004), for the orders and payments lists
 * and stats (BENCHMARKS.md "Orders and payments"): an entry is reused only while none of
 * the tables it was built from has changed, kept as JSON text (a string in V8's heap, not bytes in
 * an ArrayBuffer, whose churn starts full GCs: project-list-pages.ts); identical concurrent misses
 * build once.
 *
 * Keys use the versions read *before* the build's statements run. A version in memory comes from
 * a NOTIFY sent at its commit (or from a read of table_versions), so the statements' snapshot
 * holds at least that version: an entry is never stored under versions newer than its data, and a
 * reader never gets a response older than the versions it knows (its own writes included: the
 * app's writes call `versions.invalidate()`). Exact totals stay exact: each entry is one built
 * response of that version. One instance per route group.
 */
import { createSingleFlightCache, type CacheOutcome } from './single-flight-cache'
import { cacheKey } from './cache-key'
import { versionsKey, type TableVersions, type VersionedTable } from './table-versions'

/** A response as JSON text and where it came from: the cache, a new build, or a concurrent build. */
export type CachedJson = { body: string; cache: CacheOutcome }

/**
 * A cache of JSON responses keyed by cacheKey(versions of `tables`, key) (cache-key.ts); `maxChars` bounds the stored
 * characters (LRU; ≈ bytes, the JSON being almost all ASCII). `get(key, build)` answers from the cache or runs `build` once per key and version;
 * `build` receives the versions part of the key (for caches of its own, such as the totals of a filter).
 */
export function createVersionedJsonCache(versions: TableVersions, tables: readonly VersionedTable[], maxChars: number) {
  const bodies = createSingleFlightCache<string>({ maxSize: maxChars, sizeCalculation: (body) => body.length })

  return async function get(key: string, build: (versionKey: string) => Promise<unknown>): Promise<CachedJson> {
    const current = await versions.current()
    const { value, cache } = await bodies(cacheKey(current, tables, key), async () =>
      JSON.stringify(await build(versionsKey(current, tables))),
    )
    return { body: value, cache }
  }
}

/** The JSON response of a cached entry, with its `x-cache` header. */
export function jsonResponse({ body, cache }: CachedJson): Response {
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=UTF-8', 'x-cache': cache },
  })
}
