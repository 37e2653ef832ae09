/**
 * Verification of one project (SPEC.md 4, 5 "Verification", 7): change the status with notes,
 * read the history newest first, edit or delete one entry. Mounted under /api/projects; the
 * queries are in db/queries/verification.queries.ts, stamped with the app's clock.
 */
import { Hono } from 'hono'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  HistoryEntryParamSchema,
  ProjectMessageResponseSchema,
  VerificationEntryResponseSchema,
  VerificationHistoryResponseSchema,
  VerifyProjectSchema,
} from '../../src/api/schemas/projects'
import { changeVerificationStatus, deleteEntry, listHistory, updateEntry } from '../db/queries/verification.queries'
import type { AppDeps, AppEnv } from '../deps'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { ifMatchOf, setEtag } from '../http/versions'
import { findProject } from '../db/queries/projects.queries'
import { reviewCommitOf } from '../services/triage'

export function verificationRoutes(deps: AppDeps) {
  const { db, now } = deps
  const app = new Hono<AppEnv>()

  app.put('/:id/verify', validate('param', IdParamSchema), validate('json', VerifyProjectSchema), async (c) => {
    const { status, notes } = c.req.valid('json')
    const { id } = c.req.valid('param')
    // The repository's head as the moderator saw it, for triage's "changed since the last review":
    // looked up while the change reads the project (one round trip less).
    const reviewCommits = reviewCommitOf(deps, id).then((commit) => (commit ? new Map([[id, commit]]) : undefined))
    const { undo } = await changeVerificationStatus(db, {
      ids: [id],
      status,
      notes,
      actorId: c.get('admin').id,
      at: now(),
      reviewCommits,
      version: ifMatchOf(c),
    })
    setEtag(c, (await findProject(db, id)).updatedAt)
    return ok(c, ProjectMessageResponseSchema, {
      success: true,
      message: `Project status updated to ${status.replace(/_/g, ' ')}`,
      undo,
    })
  })

  app.get('/:id/verification-history', validate('param', IdParamSchema), async (c) => {
    const verificationHistory = await listHistory(db, c.req.valid('param').id)
    return ok(c, VerificationHistoryResponseSchema, {
      success: true,
      verificationHistory,
      message: verificationHistory.length ? 'Verification history retrieved' : 'No verification history yet',
    })
  })

  app.put(
    '/:id/verification-history/:entryId',
    validate('param', HistoryEntryParamSchema),
    validate('json', VerifyProjectSchema),
    async (c) => {
      const { id, entryId } = c.req.valid('param')
      const entry = await updateEntry(db, id, entryId, c.req.valid('json'), c.get('admin').id)
      return ok(c, VerificationEntryResponseSchema, {
        success: true,
        message: 'Verification history entry updated successfully',
        entry,
      })
    },
  )

  app.delete('/:id/verification-history/:entryId', validate('param', HistoryEntryParamSchema), async (c) => {
    const { id, entryId } = c.req.valid('param')
    await deleteEntry(db, id, entryId, c.get('admin').id)
    return ok(c, ProjectMessageResponseSchema, {
      success: true,
      message: 'Verification history entry deleted successfully',
    })
  })
  return app
}
