/**
 * Exact list counts cached per table version. `count(*)` with a trigram search is the costly
 * part of the projects list (it must visit every match, not just one page); the version in
 * `table_versions` changes with every write statement on projects, so a cached count is only
 * reused while the data it counted is unchanged. No estimates are ever returned.
 */
export class CountCache {
  private version = -1
  private counts = new Map<string, number>()

  constructor(private readonly maxEntries = 1000) {}

  /** The cached count for `key` at `version`, or undefined. A newer version empties the cache. */
  get(version: number, key: string): number | undefined {
    if (version !== this.version) {
      if (version > this.version) {
        this.version = version
        this.counts.clear()
      }
      return undefined
    }
    return this.counts.get(key)
  }

  /** Remember `count` for `key` when `version` is still the newest seen. */
  set(version: number, key: string, count: number): void {
    if (version !== this.version) return
    if (this.counts.size >= this.maxEntries) this.counts.delete(this.counts.keys().next().value as string)
    this.counts.set(key, count)
  }
}
