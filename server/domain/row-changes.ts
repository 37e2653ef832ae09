/**
 * What a write changed, and which cached lists it can reach (docs/decisions/054, migration 0042).
 * A version's change list names each changed row by its state before and after (created_at in
 * microseconds since the epoch, status; a side is absent for an insert or a delete) and whether
 * its search text changed. A cached page or total the list cannot reach is still the answer at
 * the new version; anything the list does not describe ('*', or a version without a list)
 * reaches everything. Pure: no I/O.
 */

/** One side of a changed row: created_at (µs since the epoch, UTC) and status. */
export type RowState = { at: number; status: string }
/** One changed row: its state before (absent: inserted) and after (absent: deleted). */
export type RowChange = { before?: RowState; after?: RowState; searchChanged: boolean }
/** The rows one version changed, or 'all' when they are not described. */
export type TableChanges = readonly RowChange[] | 'all'

const ENTRY = /^(\d{1,17}):([a-z_]*):([a-z_]*)(:s)?$/

/**
 * The change list of a NOTIFY payload's tail (migration 0042: comma-separated
 * '<µs>:<before>:<after>[:s]' entries, or '*'); 'all' for '*', an empty list or any malformed entry.
 */
export function parseTableChanges(text: string): TableChanges {
  if (!text || text === '*') return 'all'
  const changes: RowChange[] = []
  for (const entry of text.split(',')) {
    const match = ENTRY.exec(entry)
    if (!match) return 'all'
    const at = Number(match[1])
    const [before, after] = [match[2], match[3]]
    if (!before && !after) return 'all'
    changes.push({
      before: before ? { at, status: before } : undefined,
      after: after ? { at, status: after } : undefined,
      searchChanged: match[4] !== undefined,
    })
  }
  return changes
}

/** created_at as stored ('YYYY-MM-DDTHH:MM:SS.ffffffZ', a list cursor's time) → µs since the epoch. */
export function isoMicros(iso: string): number {
  const seconds = Date.parse(`${iso.slice(0, 19)}Z`)
  const fraction = /\.(\d{1,6})Z$/.exec(iso)?.[1] ?? ''
  return (seconds / 1000) * 1_000_000 + Number(fraction.padEnd(6, '0'))
}

/**
 * A filtered list ordered by created_at (newest first): its status filter (undefined: every
 * status), its created_at range in µs (`from` inclusive, `to` exclusive), and whether it has a
 * search (a search is not in the change list, so every row is taken as possibly matching).
 */
export type ListFilter = { status?: string; from?: number; to?: number; search: boolean }
/** The created_at span of one page, µs, both ends inclusive (undefined: unbounded on that side). */
export type PageWindow = { newest?: number; oldest?: number }

/** Whether `state` passes the filter's status and date range (the parts a change list can tell). */
function passes(filter: ListFilter, state: RowState | undefined): boolean {
  if (!state) return false
  if (filter.status !== undefined && state.status !== filter.status) return false
  if (filter.from !== undefined && state.at < filter.from) return false
  return filter.to === undefined || state.at < filter.to
}

/**
 * Whether `change` can change how many rows `filter` matches: a row entering or leaving its
 * status and date range, or, for a search, a row in that range whose search text changed.
 */
export function reachesTotal(filter: ListFilter, change: RowChange): boolean {
  const before = passes(filter, change.before)
  const after = passes(filter, change.after)
  if (filter.search && change.searchChanged) return before || after
  return before !== after
}

/**
 * Whether `change` can change a page of `filter` spanning `window`: its total, or a row of the
 * filter (before or after) inside the window, which is where a keyset page's rows come from.
 */
export function reachesPage(filter: ListFilter, window: PageWindow, change: RowChange): boolean {
  if (reachesTotal(filter, change)) return true
  return [change.before, change.after].some(
    (state) =>
      state !== undefined &&
      passes(filter, state) &&
      (window.newest === undefined || state.at <= window.newest) &&
      (window.oldest === undefined || state.at >= window.oldest),
  )
}

/** Whether `change` moves a row between statuses (per-status counts), inserts or deletes one. */
export function reachesStatusCounts(change: RowChange): boolean {
  return change.before?.status !== change.after?.status
}
