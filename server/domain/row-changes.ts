/**
 * What a write changed, and which cached lists it can reach (docs/decisions/054, migration 0042).
 * A version's change list names each changed row by its id, its state before and after (created_at
 * in microseconds since the epoch, status; a side is absent for an insert or a delete) and whether
 * its search text changed. A cached page or total the list cannot reach is still the answer at
 * the new version; anything the list does not describe ('*', or a version without a list)
 * reaches everything. Pure: no I/O.
 */

/** One side of a changed row: created_at (µs since the epoch, UTC) and status. */
export type RowState = { at: number; status: string }
/** One changed row: its id, its state before (absent: inserted) and after (absent: deleted). */
export type RowChange = { id: string; before?: RowState; after?: RowState; searchChanged: boolean }
/** The rows one version changed, or 'all' when they are not described. */
export type TableChanges = readonly RowChange[] | 'all'

const ENTRY = /^([0-9a-f-]{36}):(\d{1,17}):([a-z_]*):([a-z_]*)(:s)?$/

/**
 * The change list of a NOTIFY payload's tail (migration 0042: comma-separated
 * '<id>:<µs>:<before>:<after>[:s]' entries, or '*'); 'all' for '*', an empty list or any
 * malformed entry.
 */
export function parseTableChanges(text: string): TableChanges {
  if (!text || text === '*') return 'all'
  const changes: RowChange[] = []
  for (const entry of text.split(',')) {
    const match = ENTRY.exec(entry)
    if (!match) return 'all'
    const at = Number(match[2])
    const [before, after] = [match[3], match[4]]
    if (!before && !after) return 'all'
    changes.push({
      id: match[1],
      before: before ? { at, status: before } : undefined,
      after: after ? { at, status: after } : undefined,
      searchChanged: match[5] !== undefined,
    })
  }
  return changes
}

/**
 * A filtered list: its status filter (undefined: every status), its created_at range in µs
 * (`from` inclusive, `to` exclusive), and whether it has a search (a search is not in the change
 * list, so a row whose search text changed is taken as possibly matching).
 */
export type ListFilter = { status?: string; from?: number; to?: number; search: boolean }

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
 * Whether `change` can change a page of `filter` showing the rows `shown` (ids): its total, or a
 * row it shows. A keyset page's rows are ordered by created_at and id, which a change list never
 * moves in place (a moved created_at or id is a delete and an insert): the page gains or loses a
 * row only when the filter does, and a row that stays in the filter keeps its place, on this page
 * or off it.
 */
export function reachesPage(filter: ListFilter, shown: ReadonlySet<string>, change: RowChange): boolean {
  return reachesTotal(filter, change) || shown.has(change.id)
}

/** Whether `change` moves a row between statuses (per-status counts), inserts or deletes one. */
export function reachesStatusCounts(change: RowChange): boolean {
  return change.before?.status !== change.after?.status
}
