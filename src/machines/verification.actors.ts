/**
 * The verification machine's I/O actors (verification.machine.ts): load the history, submit a
 * status, update or delete an entry. Each calls src/api and rejects with its ApiError; tests
 * replace them with `.provide()`.
 */
import { fromPromise } from 'xstate'
import type { VerificationEntry } from '../api/schemas/projects'
import {
  deleteVerificationEntry,
  fetchVerificationHistory,
  updateVerificationEntry,
  verifyProject,
} from '../api/verification'
import type { Change } from './verification.rules'

/** The machine's named I/O actors, keyed as verification.machine.ts invokes them. */
export const verificationActors = {
  // No abort signal: React StrictMode stops and rehydrates the actor once, which would abort it.
  fetchHistory: fromPromise<VerificationEntry[], { projectId: string }>(({ input }) =>
    fetchVerificationHistory(input.projectId),
  ),
  submitStatus: fromPromise<unknown, Change & { projectId: string }>(({ input }) =>
    verifyProject(input.projectId, input.status, input.notes),
  ),
  updateEntry: fromPromise<void, Change & { projectId: string; entryId: string }>(
    async ({ input }) =>
      void (await updateVerificationEntry(input.projectId, input.entryId, input.status, input.notes)),
  ),
  deleteEntry: fromPromise<void, { projectId: string; entryId: string }>(({ input }) =>
    deleteVerificationEntry(input.projectId, input.entryId),
  ),
}
