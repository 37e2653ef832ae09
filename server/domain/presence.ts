/**
 * Presence rules (decision 045; contract src/api/schemas/live.ts "Presence"): which rows still
 * count, and what a notification of a change of viewers says.
 */
import { PRESENCE_TTL_MS, type Viewer } from '../../src/api/schemas/live'

/** The NOTIFY channel of every live event (decision 045): the event stream forwards its payloads to browsers. */
export const CONSOLE_EVENTS_CHANNEL = 'console_events'

/** The oldest `seen_at` that still counts at `now`: a viewer not heard from for PRESENCE_TTL_MS is gone. */
export const presenceCutoff = (now: Date): Date => new Date(now.getTime() - PRESENCE_TTL_MS)

/** A stored presence row joined with its admin, as read. */
export type PresenceRow = { adminId: string; name: string; section: string | null; since: Date }

/** The contract's viewer of a row. */
export const toViewer = (row: PresenceRow): Viewer => ({
  admin: { id: row.adminId, name: row.name },
  section: row.section,
  since: row.since.toISOString(),
})
