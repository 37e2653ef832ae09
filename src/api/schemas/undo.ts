/**
 * Undo contract ("Every decision and every bulk action can be undone for 10 seconds";
 * docs/decisions/014-undo.md). An undoable write answers `undo: { id, expiresAt }` (or null when
 * it changed nothing); `POST /api/admin/undo/{id}` puts the previous state back, once, for the
 * admin who made the change, before `expiresAt` plus UNDO_GRACE_MS (network latency). Covered:
 * PUT /api/projects/{id}/verify, POST /api/projects/bulk-verify and bulk-update, PUT
 * /api/users/bulk-update, PUT /api/orders/bulk-update, PUT /api/contacts/bulk-update. Bulk delete
 * has no undo (it asks for confirmation first).
 */
import * as v from 'valibot'
import { IsoDateSchema } from './common'

/** How long a change can be undone, ms (the toast's countdown). */
export const UNDO_WINDOW_MS = 10_000
/** Extra time the server still accepts an undo after `expiresAt`, ms: the request may be in flight. */
export const UNDO_GRACE_MS = 3_000

/** What an undo puts back; `undo.<kind>` is its audit action. */
export const UNDO_KINDS = ['project.verify', 'project.active', 'user.active', 'order.status', 'contact.status'] as const
export type UndoKind = (typeof UNDO_KINDS)[number]

/** The handle an undoable write answers: the undo's id and when it lapses (ISO, server clock). */
export const UndoTicketSchema = v.object({ id: v.string(), expiresAt: IsoDateSchema })
export type UndoTicket = v.InferOutput<typeof UndoTicketSchema>

/** The optional `undo` entry of an undoable write's response (absent or null: nothing to undo). */
export const undoEntry = { undo: v.optional(v.nullable(UndoTicketSchema)) }

/** POST /api/admin/undo/{id} answers what was undone and how many records it restored. */
export const UndoResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  kind: v.picklist(UNDO_KINDS),
  restored: v.number(),
})
export type UndoResponse = v.InferOutput<typeof UndoResponseSchema>

/** Refusals of POST /api/admin/undo/{id} (the server's message texts). */
export const UNDO_MESSAGES = {
  notFound: 'Undo not found',
  notYours: 'Only the admin who made this change can undo it',
  alreadyUndone: 'Already undone',
  expired: 'Too late to undo: the 10 seconds have passed',
  changed: 'Cannot undo: changed by someone else since',
} as const
