import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { auditLog, projects, verificationHistory } from '../../server/db/schema'
import { changeVerificationStatus } from '../../server/db/queries/verification.queries'
import { call, describeEachDatabase } from './harness'
import { adminSession, insertProject } from './projects-helpers'

describeEachDatabase('verification API', (get) => {
  let token = ''
  let adminId = ''
  beforeAll(async () => {
    ;({ token, adminId } = await adminSession(get()))
  })
  const statusOf = async (id: string) =>
    (await get().deps.db.select().from(projects).where(eq(projects.id, id)))[0].verificationStatus

  it('sets the status and writes the history entry with previousStatus and verifiedBy', async () => {
    const row = await insertProject(get())
    const res = await call(
      get(),
      'PUT',
      `/api/projects/${row.id}/verify`,
      { status: 'under_review', notes: ' Looking ' },
      token,
    )
    expect(res.body).toEqual({
      success: true,
      message: 'Project status updated to under review',
      undo: { id: expect.any(String), expiresAt: expect.any(String) },
    })
    await call(get(), 'PUT', `/api/projects/${row.id}/verify`, { status: 'approved', notes: 'Good' }, token)
    const [project] = await get().deps.db.select().from(projects).where(eq(projects.id, row.id))
    expect(project).toMatchObject({ verificationStatus: 'approved', verificationNotes: 'Good' })
    const history = await call(get(), 'GET', `/api/projects/${row.id}/verification-history`, undefined, token)
    expect(history.body.success).toBe(true)
    expect(history.body.verificationHistory).toMatchObject([
      {
        status: 'approved',
        previousStatus: 'under_review',
        notes: 'Good',
        verifiedBy: { name: 'Admin', email: 'admin@example.com' },
      },
      { status: 'under_review', previousStatus: 'pending', notes: 'Looking' },
    ])
    const audits = await get().deps.db.select().from(auditLog).where(eq(auditLog.entityId, row.id))
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ['project.verify', adminId],
      ['project.verify', adminId],
    ])
    expect(audits[1].before).toMatchObject({ verificationStatus: 'under_review' })
  })

  it.each([
    [{ notes: 'x' }, 'Status is required'],
    [{ status: '', notes: 'x' }, 'Status is required'],
    [{ status: 'done', notes: 'x' }, 'Invalid status'],
    [{ status: 'approved' }, 'Notes are required'],
    [{ status: 'approved', notes: '   ' }, 'Notes are required'],
    [{ status: 'approved', notes: 'x', extra: 1 }, 'Unknown field: extra'],
  ])('rejects a bad verify body %#', async (body, message) => {
    const row = await insertProject(get())
    const res = await call(get(), 'PUT', `/api/projects/${row.id}/verify`, body, token)
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(message)
    expect(await statusOf(row.id)).toBe('pending')
  })

  it('answers an empty history for a project never verified', async () => {
    const row = await insertProject(get())
    const history = await call(get(), 'GET', `/api/projects/${row.id}/verification-history`, undefined, token)
    expect(history).toMatchObject({
      status: 200,
      body: { success: true, verificationHistory: [], message: 'No verification history yet' },
    })
  })

  it('404s an unknown project and 400s a bad id', async () => {
    const missing = crypto.randomUUID()
    expect(
      await call(get(), 'PUT', `/api/projects/${missing}/verify`, { status: 'approved', notes: 'x' }, token),
    ).toMatchObject({ status: 404, body: { message: 'Project not found' } })
    expect((await call(get(), 'GET', `/api/projects/${missing}/verification-history`, undefined, token)).status).toBe(
      404,
    )
    expect(
      (await call(get(), 'PUT', '/api/projects/abc/verify', { status: 'approved', notes: 'x' }, token)).status,
    ).toBe(400)
  })

  it('leaves the status unchanged when the history insert fails inside the transaction', async () => {
    const row = await insertProject(get())
    // verifiedBy references users: an id of no user makes the history insert fail after the update.
    await expect(
      changeVerificationStatus(get().deps.db, {
        ids: [row.id],
        status: 'approved',
        notes: 'x',
        actorId: crypto.randomUUID(),
        at: new Date(),
      }),
    ).rejects.toThrow()
    expect(await statusOf(row.id)).toBe('pending')
    expect(
      await get().deps.db.select().from(verificationHistory).where(eq(verificationHistory.projectId, row.id)),
    ).toEqual([])
  })

  it("edits and deletes one history entry, 404 for another project's entry", async () => {
    const row = await insertProject(get())
    const other = await insertProject(get())
    await call(get(), 'PUT', `/api/projects/${row.id}/verify`, { status: 'rejected', notes: 'Bad' }, token)
    const [entry] = (await call(get(), 'GET', `/api/projects/${row.id}/verification-history`, undefined, token)).body
      .verificationHistory
    const url = `/api/projects/${row.id}/verification-history/${entry._id}`
    expect((await call(get(), 'PUT', url, { status: 'needs_changes' }, token)).body.message).toContain(
      'Notes are required',
    )
    const edited = await call(get(), 'PUT', url, { status: 'needs_changes', notes: 'Fix README' }, token)
    expect(edited.body).toMatchObject({
      success: true,
      message: 'Verification history entry updated successfully',
      entry: { _id: entry._id, status: 'needs_changes', notes: 'Fix README', previousStatus: 'pending' },
    })
    const foreign = `/api/projects/${other.id}/verification-history/${entry._id}`
    expect((await call(get(), 'PUT', foreign, { status: 'approved', notes: 'x' }, token)).status).toBe(404)
    expect((await call(get(), 'DELETE', foreign, undefined, token)).status).toBe(404)
    expect((await call(get(), 'DELETE', url, undefined, token)).body).toEqual({
      success: true,
      message: 'Verification history entry deleted successfully',
    })
    expect((await call(get(), 'DELETE', url, undefined, token)).status).toBe(404)
    const history = await call(get(), 'GET', `/api/projects/${row.id}/verification-history`, undefined, token)
    expect(history.body.verificationHistory).toEqual([])
    const actions = (await get().deps.db.select().from(auditLog).where(eq(auditLog.entityId, entry._id))).map(
      (a) => a.action,
    )
    expect(actions).toEqual(['verification_history.update', 'verification_history.delete'])
  })

  it('bulk-verifies all or nothing', async () => {
    const a = await insertProject(get())
    const b = await insertProject(get())
    const missing = crypto.randomUUID()
    const failed = await call(
      get(),
      'POST',
      '/api/projects/bulk-verify',
      { ids: [a.id, missing, b.id], status: 'approved', notes: 'ok' },
      token,
    )
    expect(failed).toMatchObject({ status: 404, body: { message: `Project not found: ${missing}` } })
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['pending', 'pending'])
    const ok = await call(
      get(),
      'POST',
      '/api/projects/bulk-verify',
      { ids: [a.id, b.id], status: 'approved', notes: 'ok' },
      token,
    )
    expect(ok.body).toEqual({
      success: true,
      message: 'Project status updated to approved',
      count: 2,
      undo: { id: expect.any(String), expiresAt: expect.any(String) },
    })
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['approved', 'approved'])
    const entries = await get()
      .deps.db.select()
      .from(verificationHistory)
      .where(eq(verificationHistory.projectId, b.id))
    expect(entries).toMatchObject([{ status: 'approved', previousStatus: 'pending', verifiedBy: adminId }])
  })

  it('bulk-deletes and bulk-updates all or nothing', async () => {
    const a = await insertProject(get())
    const b = await insertProject(get())
    const missing = crypto.randomUUID()
    expect((await call(get(), 'POST', '/api/projects/bulk-delete', { ids: [a.id, missing] }, token)).status).toBe(404)
    expect(
      (await call(get(), 'POST', '/api/projects/bulk-update', { ids: [a.id, missing], isActive: false }, token)).status,
    ).toBe(404)
    expect((await call(get(), 'POST', '/api/projects/bulk-delete', { ids: [] }, token)).body.message).toContain(
      'Please select projects',
    )
    expect((await call(get(), 'POST', '/api/projects/bulk-delete', { ids: ['x'] }, token)).status).toBe(400)
    const off = await call(get(), 'POST', '/api/projects/bulk-update', { ids: [a.id, b.id], isActive: false }, token)
    expect(off.body).toEqual({
      success: true,
      message: 'Projects deactivated successfully',
      count: 2,
      undo: { id: expect.any(String), expiresAt: expect.any(String) },
    })
    const rows = await get().deps.db.select().from(projects).where(eq(projects.id, a.id))
    expect(rows[0].isActive).toBe(false)
    const del = await call(get(), 'POST', '/api/projects/bulk-delete', { ids: [a.id, b.id] }, token)
    expect(del.body).toEqual({ success: true, message: 'Projects deleted successfully', count: 2 })
    expect(await get().deps.db.select().from(projects).where(eq(projects.id, b.id))).toEqual([])
    const actions = (await get().deps.db.select().from(auditLog).where(eq(auditLog.entityId, a.id))).map(
      (x) => x.action,
    )
    expect(actions).toEqual(['project.update', 'project.delete'])
  })
})
