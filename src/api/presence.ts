/**
 * Presence transport (contract src/api/schemas/live.ts "Presence"; decision 045): the heartbeat
 * that says this admin has a record open (and which section they edit), the read of the others
 * there, and the leave; with the react-query hook of the others, under the key the event stream
 * invalidates on a PresenceEvent: `['presence', entityType, entityId]`.
 */
import { useQuery } from '@tanstack/react-query'
import { api } from './client'
import {
  PresenceLeftResponseSchema,
  PresenceResponseSchema,
  type PresenceTarget,
  type PresenceUpdate,
  type Viewer,
} from './schemas/live'

export const presenceKeys = {
  all: ['presence'] as const,
  /** The other viewers of one record. */
  of: (target: PresenceTarget) => ['presence', target.entityType, target.entityId] as const,
}

/** PUT /api/presence: this admin is on the record (editing `section`, or only viewing) → the other viewers. */
export async function sendHeartbeat(update: PresenceUpdate, signal?: AbortSignal): Promise<Viewer[]> {
  return (await api.put('/api/presence', update, PresenceResponseSchema, { signal })).viewers
}

/** GET /api/presence → the other viewers of the record, earliest arrival first. */
export async function fetchViewers(target: PresenceTarget, signal?: AbortSignal): Promise<Viewer[]> {
  return (await api.get('/api/presence', PresenceResponseSchema, { query: target, signal })).viewers
}

/**
 * DELETE /api/presence: this admin left the record. A keepalive request, so it is still sent when
 * the page is going away (pagehide, a navigation).
 */
export async function leavePresence(target: PresenceTarget): Promise<void> {
  await api.del('/api/presence', PresenceLeftResponseSchema, { query: target, keepalive: true })
}

/**
 * The other viewers of a record (none until `enabled`; empty while loading or when presence cannot be read: a missing
 * avatar is harmless). Always stale, so a refocused window reads them again; the event stream
 * invalidates the key when they change, and each heartbeat's answer replaces it.
 */
export function useViewers(target: PresenceTarget, enabled = true): Viewer[] {
  const { data } = useQuery({
    queryKey: presenceKeys.of(target),
    enabled,
    queryFn: ({ signal }) => fetchViewers(target, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  })
  return data ?? EMPTY
}

const EMPTY: Viewer[] = []
