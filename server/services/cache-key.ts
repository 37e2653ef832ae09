/**
 * The one keying scheme of the read caches (decision 031): `cacheKey(versions, tables, query)` is
 * `'<version of each table, dot-joined>|<query>'`, e.g. `'12.3.40|{"page":1,"limit":20}'`. Every
 * cache belongs to one route (one instance per route group), so the route is the cache, not a
 * part of the key. `tables` are the tables the cached value is built from, in a fixed order per
 * cache; `query` is the request's query after validation (a valibot output, whose keys come in
 * the schema's order, so equal queries serialise equally) or a string the caller already made
 * from it (a filter, a month); objects are JSON-serialised. A value is stored under the versions
 * its statements saw (or read before them), never newer ones (decision 004).
 */
import { versionsKey, type VersionedTable, type Versions } from './table-versions'

/** The key of the value built for `query` from `tables` at `versions` (see the module comment). */
export function cacheKey(versions: Partial<Versions>, tables: readonly VersionedTable[], query: unknown): string {
  return `${versionsKey(versions, tables)}|${typeof query === 'string' ? query : JSON.stringify(query)}`
}
