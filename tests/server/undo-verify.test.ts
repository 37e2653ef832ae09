/**
 * Undo of verification decisions (docs/decisions/014-undo.md): PUT /api/projects/{id}/verify
 * and POST /api/projects/bulk-verify answer a ticket; POST /api/admin/undo/{id} restores status and
 * notes exactly, deletes the history entries the decision wrote, audits `undo.project.verify`, and
 * refuses another admin (403), a second use (409), a late one (410) and a project edited since (409).
 */
import crypto from 'node:crypto'
import { expect, it } from 'vitest'
import { UNDO_MESSAGES } from '../../src/api/schemas/undo'
import { describeEachDatabase } from './harness'
import { undoHelpers } from './undo-helpers'

describeEachDatabase('undo of verification decisions', (get) => {
  const h = undoHelpers(get)
  const decide = (id: string, status: string, notes: string, token = h.admin.token) =>
    h.send('PUT', `/api/projects/${id}/verify`, { status, notes }, token)

  it('answers a ticket expiring in 10 s; undo restores status and notes, removes the entry, audits', async () => {
    const project = await h.addProject({ verificationStatus: 'under_review', verificationNotes: 'Looking' })
    const before = await h.project(project.id)
    const earlier = await decide(project.id, 'needs_changes', 'Add a README')
    expect(earlier.status).toBe(200)
    await h.undo(earlier.body.undo.id)
    const res = await decide(project.id, 'approved', 'Good')
    expect(res.status).toBe(200)
    const { id, expiresAt } = res.body.undo
    expect(Date.parse(expiresAt) - get().deps.now().getTime()).toBeGreaterThan(9_000)
    expect(Date.parse(expiresAt) - get().deps.now().getTime()).toBeLessThanOrEqual(10_000)
    expect((await h.historyOf(project.id)).map((e) => e.status)).toEqual(['approved'])

    const undone = await h.undo(id)
    expect(undone).toMatchObject({
      status: 200,
      body: { success: true, kind: 'project.verify', restored: 1, message: 'Undone: 1 project restored' },
    })
    const after = await h.project(project.id)
    expect({ status: after.verificationStatus, notes: after.verificationNotes }).toEqual({
      status: before.verificationStatus,
      notes: before.verificationNotes,
    })
    expect(await h.historyOf(project.id)).toEqual([])
    const audits = await h.auditOf(project.id, 'undo.project.verify')
    expect(audits).toHaveLength(2)
    expect(audits[1]).toMatchObject({
      actorId: h.admin.id,
      entityType: 'project',
      before: { verificationStatus: 'approved', verificationNotes: 'Good' },
      after: { verificationStatus: 'under_review', verificationNotes: 'Looking' },
    })
    expect(await h.undo(id)).toMatchObject({ status: 409, body: { message: UNDO_MESSAGES.alreadyUndone } })
  })

  it('keeps the project lists current: a cached page shows the restored status', async () => {
    const project = await h.addProject({ title: `Cached ${crypto.randomUUID()}` })
    const list = async () =>
      (
        await h.send('GET', `/api/projects?includeInactive=true&search=${encodeURIComponent(project.title)}`, undefined)
      ).body.projects.map((p: { verificationStatus: string }) => p.verificationStatus)
    expect(await list()).toEqual(['pending'])
    const { body } = await decide(project.id, 'rejected', 'Spam')
    expect(await list()).toEqual(['rejected'])
    await h.undo(body.undo.id)
    expect(await list()).toEqual(['pending'])
  })

  it('refuses another admin (403), an unknown id (404), a bad id (400)', async () => {
    const project = await h.addProject()
    const { body } = await decide(project.id, 'approved', 'Fine')
    expect(await h.undo(body.undo.id, h.other.token)).toMatchObject({
      status: 403,
      body: { message: UNDO_MESSAGES.notYours },
    })
    expect(await h.undo(crypto.randomUUID())).toMatchObject({ status: 404, body: { message: UNDO_MESSAGES.notFound } })
    expect((await h.undo('nope')).status).toBe(400)
    expect((await h.project(project.id)).verificationStatus).toBe('approved')
    expect((await h.undo(body.undo.id)).status).toBe(200)
  })

  it('still undoes within the grace after 10 s, and answers 410 after it', async () => {
    const late = await h.addProject()
    const lateTicket = (await decide(late.id, 'approved', 'Fine')).body.undo.id
    const graced = await h.addProject()
    get().advance(2_000)
    const gracedTicket = (await decide(graced.id, 'approved', 'Fine')).body.undo.id
    get().advance(11_500)
    expect((await h.undo(gracedTicket)).status).toBe(200)
    expect(await h.undo(lateTicket)).toMatchObject({ status: 410, body: { message: UNDO_MESSAGES.expired } })
    expect((await h.project(late.id)).verificationStatus).toBe('approved')
    expect(await h.historyOf(late.id)).toHaveLength(1)
  })

  it('refuses (409) when someone changed the project since, and changes nothing', async () => {
    const project = await h.addProject()
    const { body } = await decide(project.id, 'approved', 'Fine')
    get().advance(5)
    await decide(project.id, 'rejected', 'On second thoughts', h.other.token)
    expect(await h.undo(body.undo.id)).toMatchObject({ status: 409, body: { message: UNDO_MESSAGES.changed } })
    expect((await h.project(project.id)).verificationStatus).toBe('rejected')
    expect((await h.historyOf(project.id)).map((e) => e.status)).toEqual(['approved', 'rejected'])
    expect(await h.auditOf(project.id, 'undo.project.verify')).toEqual([])
    const edited = await h.addProject()
    const ticket = (await decide(edited.id, 'approved', 'Fine')).body.undo.id
    get().advance(5)
    expect((await h.send('PUT', `/api/projects/${edited.id}`, { title: 'Renamed' })).status).toBe(200)
    expect((await h.undo(ticket)).status).toBe(409)
  })

  it('bulk verify: restores each project to its own previous state and deletes only the new entries', async () => {
    const a = await h.addProject({ verificationStatus: 'pending' })
    const b = await h.addProject({ verificationStatus: 'rejected', verificationNotes: 'Copied code' })
    const c = await h.addProject({ verificationStatus: 'under_review', verificationNotes: 'Checking' })
    const kept = (await decide(c.id, 'under_review', 'Checking')).body.undo
    expect(kept).toMatchObject({ id: expect.any(String) })
    const res = await h.send('POST', '/api/projects/bulk-verify', {
      ids: [a.id, b.id, c.id],
      status: 'approved',
      notes: 'Batch',
    })
    expect(res.body).toMatchObject({ success: true, count: 3, undo: { id: expect.any(String) } })
    expect((await h.undo(res.body.undo.id)).body).toMatchObject({ restored: 3, message: 'Undone: 3 projects restored' })
    const states = await Promise.all(
      [a, b, c].map(async (p) => {
        const row = await h.project(p.id)
        return [row.verificationStatus, row.verificationNotes]
      }),
    )
    expect(states).toEqual([
      ['pending', ''],
      ['rejected', 'Copied code'],
      ['under_review', 'Checking'],
    ])
    expect((await h.historyOf(c.id)).map((e) => [e.status, e.notes])).toEqual([['under_review', 'Checking']])
    expect(await h.historyOf(a.id)).toEqual([])
    expect(await h.auditOf(b.id, 'undo.project.verify')).toHaveLength(1)
  })
})
