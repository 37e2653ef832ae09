/**
 * Undo transport (contract src/api/schemas/undo.ts): POST /api/admin/undo/{id} puts the
 * state before an undoable change back. Refusals arrive as ApiError: 403 another admin's, 409
 * already undone or changed since, 410 too late.
 */
import { api } from './client'
import { UndoResponseSchema, type UndoResponse } from './schemas/undo'

/** POST /api/admin/undo/{id} → what was undone ('Undone: 3 projects restored'). */
export function undoChange(id: string): Promise<UndoResponse> {
  return api.post(`/api/admin/undo/${id}`, undefined, UndoResponseSchema)
}
