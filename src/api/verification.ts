/**
 * Verification transport (SPEC.md 7 "Projects": verify and verification-history calls). The
 * server writes the status and the history entry (with previousStatus and verifiedBy) together.
 */
import { api } from './client'
import {
  ProjectMessageResponseSchema,
  VerificationEntryResponseSchema,
  VerificationHistoryResponseSchema,
  type VerificationEntry,
  type VerificationStatus,
} from './schemas/projects'
import type { UndoTicket } from './schemas/undo'

/**
 * PUT /api/projects/{id}/verify {status, notes} → the undo ticket of the decision (src/api/undo.ts);
 * If-Match `version` (the project's updatedAt) when given.
 */
export async function verifyProject(
  id: string,
  status: VerificationStatus,
  notes: string,
  version?: string,
): Promise<UndoTicket | null> {
  const answer = await api.put(`/api/projects/${id}/verify`, { status, notes }, ProjectMessageResponseSchema, {
    version,
  })
  return answer.undo ?? null
}

/** GET /api/projects/{id}/verification-history → entries, newest first. */
export async function fetchVerificationHistory(id: string, signal?: AbortSignal): Promise<VerificationEntry[]> {
  return (await api.get(`/api/projects/${id}/verification-history`, VerificationHistoryResponseSchema, { signal }))
    .verificationHistory
}

/** PUT /api/projects/{id}/verification-history/{entryId} {status, notes} → the updated entry. */
export async function updateVerificationEntry(
  id: string,
  entryId: string,
  status: VerificationStatus,
  notes: string,
): Promise<VerificationEntry> {
  return (
    await api.put(
      `/api/projects/${id}/verification-history/${entryId}`,
      { status, notes },
      VerificationEntryResponseSchema,
    )
  ).entry
}

/** DELETE /api/projects/{id}/verification-history/{entryId}. */
export async function deleteVerificationEntry(id: string, entryId: string): Promise<void> {
  await api.del(`/api/projects/${id}/verification-history/${entryId}`, ProjectMessageResponseSchema)
}
