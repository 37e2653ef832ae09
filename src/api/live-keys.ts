/**
 * Which react-query keys a live event makes stale (decision 044), one pure table: a change of a
 * record → its lists, its detail, its figures and the dashboard's; a claim → the triage queue
 * and claims; presence → that record's viewers; resync → everything. invalidateQueries refetches
 * the active queries (what is on screen) and marks the others stale, so a wide key costs nothing
 * for screens that are not open.
 */
import type { QueryKey } from '@tanstack/react-query'
import type { StreamEvent } from './schemas/live'

// The keys are written out rather than imported from each resource module: the shell loads this
// module, and importing those would pull every screen's client code into the shell's chunk.
// tests/unit/api/live-keys.test.ts checks them against the modules' key factories.

/** Every query (a resync). */
export const ALL_QUERIES = 'all' as const

const DASHBOARD: QueryKey = ['dashboard', 'stats']
/** The triage screen's queries (queue, claims, figures, bundles). */
const TRIAGE: QueryKey = ['triage']

/** What a change of an `entityType` record (the audit log's type) makes stale; `id` is the record's. */
function changeKeys(entityType: string, id: string | null): QueryKey[] {
  /** A resource's lists, figures and the one record's detail (every detail when the id is unknown). */
  const resource = (root: string): QueryKey[] => [
    [root, 'list'],
    [root, 'stats'],
    id ? [root, 'detail', id] : [root, 'detail'],
  ]
  switch (entityType) {
    case 'project':
      return [...resource('projects'), DASHBOARD, TRIAGE]
    case 'verification_history':
      return [['projects', 'list'], ['projects', 'detail'], DASHBOARD, TRIAGE]
    case 'user':
      return [...resource('users'), ['users', 'search'], DASHBOARD]
    case 'order':
    case 'payment':
      return [...resource(`${entityType}s`), DASHBOARD, ['analytics']]
    case 'contact':
      return [...resource('contacts'), DASHBOARD]
    case 'commission':
      return [['commission']]
    default:
      return []
  }
}

/** The keys `event` makes stale, or ALL_QUERIES. */
export function staleKeysOf(event: StreamEvent): QueryKey[] | typeof ALL_QUERIES {
  switch (event.type) {
    case 'change':
      return changeKeys(event.entityType, event.entityId)
    case 'claim':
      return [
        ['triage', 'claims'],
        ['triage', 'queue'],
      ]
    case 'presence':
      return [['presence', event.entityType, event.entityId]]
    case 'report':
      return [['projects', 'list'], ['projects', 'detail', event.projectId], TRIAGE]
    case 'resync':
      return ALL_QUERIES
  }
}

/** Whether query key `key` starts with `prefix` (react-query's partial match, on JSON-equal parts). */
const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]))

/** `keys` without repeats and without keys a shorter one of the set already covers. */
export function coveringKeys(keys: readonly QueryKey[]): QueryKey[] {
  const unique = [...new Map(keys.map((k) => [JSON.stringify(k), k])).values()].sort((a, b) => a.length - b.length)
  return unique.filter((key, i) => !unique.slice(0, i).some((shorter) => startsWith(key, shorter)))
}

/** What the console does with a live event: the keys to invalidate, and who to name on the changed row. */
export type LiveReaction = {
  keys: QueryKey[] | typeof ALL_QUERIES
  /** A change by another admin: mark row `entityId` as changed by `name`. */
  changedBy?: { entityId: string; name: string }
}

/**
 * The reaction to `event` for the signed-in admin `myId`, or null for my own change (its request's
 * answer already updated my screen, and naming me on my own row says nothing).
 */
export function liveReaction(event: StreamEvent, myId: string | null): LiveReaction | null {
  if (event.type !== 'change') return { keys: staleKeysOf(event) }
  if (event.actor && event.actor.id === myId) return null
  const name = event.actor?.name || 'Someone'
  return { keys: staleKeysOf(event), ...(event.entityId ? { changedBy: { entityId: event.entityId, name } } : {}) }
}
