/**
 * Record versions of projects (decision 041): GET /api/projects/{id} answers its ETag; the
 * update, verify and delete take If-Match (a match writes and answers the new ETag, a stale one
 * answers 409 version_conflict with the changes since and changes nothing, none writes as SPEC.md
 * says); versions strictly increase under a frozen clock; two writes from one version: one wins;
 * the bulk routes leave moved rows and report them; a draft published before a stale-draft delete
 * survives it.
 */
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { VersionConflictBodySchema } from '../../src/api/schemas/versions'
import * as v from 'valibot'
import { projects } from '../../server/db/schema'
import { insertProject } from './projects-helpers'
import { describeEachDatabaseFrozen, FROZEN, versionHelpers, versionOfEtag } from './versions-helpers'

describeEachDatabaseFrozen('project versions', (get) => {
  const h = versionHelpers(get)
  const row = async (id: string) => (await get().database.db.select().from(projects).where(eq(projects.id, id)))[0]
  const opened = async (id: string) => {
    const res = await h.send('GET', `/api/projects/${id}`)
    expect(res.status).toBe(200)
    expect(res.etag).toBe(`"${res.body.project.updatedAt}"`)
    return versionOfEtag(res.etag)
  }

  it('answers the ETag of a read; a matching If-Match writes and answers the new one', async () => {
    const p = await insertProject(get(), { title: 'Shop', updatedAt: new Date('2026-03-01T00:00:00.000Z') })
    const version = await opened(p.id)
    expect(version).toBe('2026-03-01T00:00:00.000Z')
    const res = await h.send('PUT', `/api/projects/${p.id}`, { title: 'Shop 2' }, { version })
    expect(res.status).toBe(200)
    expect(res.body.project.title).toBe('Shop 2')
    expect(versionOfEtag(res.etag)).toBe(FROZEN.toISOString())
    expect(res.body.project.updatedAt).toBe(FROZEN.toISOString())
  })

  it('gives each write a new, larger version when the clock does not move (frozen at one millisecond)', async () => {
    const p = await insertProject(get(), { updatedAt: new Date('2026-03-01T00:00:00.000Z') })
    const versions = [await opened(p.id)]
    for (const title of ['One', 'Two', 'Three']) {
      const res = await h.send('PUT', `/api/projects/${p.id}`, { title }, { version: versions.at(-1) })
      expect(res.status).toBe(200)
      versions.push(versionOfEtag(res.etag))
    }
    expect(versions.slice(1)).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-02T09:00:00.001Z',
      '2026-03-02T09:00:00.002Z',
    ])
  })

  it('refuses a stale If-Match with the changes made since, not the write that made that version', async () => {
    const p = await insertProject(get(), {
      title: 'Base',
      description: 'Old',
      updatedAt: new Date('2026-03-01T00:00:00.000Z'),
    })
    const v0 = await opened(p.id)
    const mine = await h.send('PUT', `/api/projects/${p.id}`, { title: 'By admin' }, { version: v0 })
    const v1 = versionOfEtag(mine.etag)
    const theirs = await h.send(
      'PUT',
      `/api/projects/${p.id}`,
      { description: 'By Asha' },
      { version: v1, who: h.asha },
    )
    expect(theirs.status).toBe(200)
    const v2 = versionOfEtag(theirs.etag)
    const before = await row(p.id)

    const stale = await h.send('PUT', `/api/projects/${p.id}`, { title: 'Late' }, { version: v1 })
    expect(stale.status).toBe(409)
    expect(v.is(VersionConflictBodySchema, stale.body)).toBe(true)
    expect(stale.body).toMatchObject({
      success: false,
      code: 'version_conflict',
      message: 'Project was changed by Asha Rao since you opened it',
      version: v2,
    })
    expect(stale.body.changes).toEqual([
      {
        actor: { id: h.asha.id, name: 'Asha Rao' },
        at: v2,
        action: 'project.update',
        fields: ['description'],
        before: { description: 'Old' },
        after: { description: 'By Asha' },
      },
    ])
    expect(await row(p.id)).toEqual(before)

    // From the first version both changes are listed, oldest first.
    const older = await h.send('PUT', `/api/projects/${p.id}`, { title: 'Late' }, { version: v0 })
    expect(older.body.changes.map((c: { fields: string[] }) => c.fields)).toEqual([['title'], ['description']])
    // Without If-Match the write is applied (last write wins).
    const blind = await h.send('PUT', `/api/projects/${p.id}`, { title: 'Blind' })
    expect(blind.status).toBe(200)
    expect((await row(p.id)).title).toBe('Blind')
  })

  it('checks If-Match on verify and on delete', async () => {
    const p = await insertProject(get(), { updatedAt: new Date('2026-03-01T00:00:00.000Z') })
    const v0 = await opened(p.id)
    const verified = await h.send(
      'PUT',
      `/api/projects/${p.id}/verify`,
      { status: 'approved', notes: 'Fine' },
      { version: v0 },
    )
    expect(verified.status).toBe(200)
    const v1 = versionOfEtag(verified.etag)
    expect(v1 > v0).toBe(true)
    const stale = await h.send(
      'PUT',
      `/api/projects/${p.id}/verify`,
      { status: 'rejected', notes: 'No' },
      { version: v0 },
    )
    expect(stale).toMatchObject({ status: 409, body: { code: 'version_conflict', version: v1 } })
    expect(stale.body.changes).toMatchObject([
      { action: 'project.verify', fields: ['verificationNotes', 'verificationStatus'] },
    ])
    expect((await row(p.id)).verificationStatus).toBe('approved')

    const refused = await h.send('DELETE', `/api/projects/${p.id}`, undefined, { version: v0 })
    expect(refused).toMatchObject({ status: 409, body: { code: 'version_conflict' } })
    expect(await row(p.id)).toBeDefined()
    const deleted = await h.send('DELETE', `/api/projects/${p.id}`, undefined, { version: v1 })
    expect(deleted.status).toBe(200)
    expect(await row(p.id)).toBeUndefined()
    // Without If-Match, as SPEC.md says.
    const q = await insertProject(get())
    expect((await h.send('PUT', `/api/projects/${q.id}/verify`, { status: 'approved', notes: 'ok' })).status).toBe(200)
    expect((await h.send('DELETE', `/api/projects/${q.id}`)).status).toBe(200)
  })

  it('lets exactly one of two concurrent writes from one version through; the other answers 409', async () => {
    const p = await insertProject(get(), { updatedAt: new Date('2026-03-01T00:00:00.000Z') })
    const v0 = await opened(p.id)
    const results = await Promise.all([
      h.send('PUT', `/api/projects/${p.id}`, { title: 'From admin' }, { version: v0 }),
      h.send('PUT', `/api/projects/${p.id}`, { title: 'From Asha' }, { version: v0, who: h.asha }),
    ])
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 409])
    const winner = results.find((r) => r.status === 200)!
    const loser = results.find((r) => r.status === 409)!
    expect(loser.body).toMatchObject({ code: 'version_conflict', version: versionOfEtag(winner.etag) })
    expect(loser.body.changes).toHaveLength(1)
    expect((await row(p.id)).title).toBe(winner.body.project.title)
  })

  it('leaves the moved rows of a bulk update and verify unchanged and reports them', async () => {
    const [a, b] = [await insertProject(get(), { isActive: true }), await insertProject(get(), { isActive: true })]
    const versions = { [a.id]: await opened(a.id), [b.id]: await opened(b.id) }
    await h.send('PUT', `/api/projects/${b.id}`, { title: 'Changed by Asha' }, { who: h.asha })
    const res = await h.send('POST', '/api/projects/bulk-update', { ids: [a.id, b.id], isActive: false, versions })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      message: 'Projects deactivated successfully; 1 changed since you loaded it',
      count: 1,
      conflicts: [
        {
          id: b.id,
          version: (await row(b.id)).updatedAt.toISOString(),
          changedBy: { id: h.asha.id, name: 'Asha Rao' },
        },
      ],
    })
    expect([(await row(a.id)).isActive, (await row(b.id)).isActive]).toEqual([false, true])

    const verify = await h.send('POST', '/api/projects/bulk-verify', {
      ids: [a.id, b.id],
      status: 'approved',
      notes: 'ok',
      versions: { [a.id]: versions[a.id], [b.id]: (await row(b.id)).updatedAt.toISOString() },
    })
    expect(verify.body).toMatchObject({ count: 1, conflicts: [{ id: a.id }] })
    expect(verify.body.message).toBe('Project status updated to approved; 1 changed since you loaded it')
    // Without versions: the SPEC answer, no conflicts.
    const plain = await h.send('POST', '/api/projects/bulk-update', { ids: [a.id, b.id], isActive: true })
    expect(plain.body).toEqual({
      success: true,
      message: 'Projects activated successfully',
      count: 2,
      undo: expect.anything(),
    })
  })

  it('keeps a draft published between listing and a stale-draft delete', async () => {
    const [kept, gone] = [await insertProject(get(), { isDraft: true }), await insertProject(get(), { isDraft: true })]
    const drafts = (await h.send('GET', '/api/upload/drafts')).body
    const listed = Object.fromEntries(
      (drafts.drafts as { _id: string; updatedAt: string }[])
        .filter((d) => d._id === kept.id || d._id === gone.id)
        .map((d) => [d._id, d.updatedAt]),
    )
    expect(Object.keys(listed).sort()).toEqual([kept.id, gone.id].sort())
    expect((await h.send('PUT', `/api/projects/${kept.id}`, { isDraft: false }, { who: h.asha })).status).toBe(200)
    const res = await h.send('POST', '/api/projects/bulk-delete', {
      ids: [kept.id, gone.id],
      versions: listed,
      onlyDrafts: true,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      count: 1,
      message: 'Projects deleted successfully; 1 changed since you loaded it',
      conflicts: [{ id: kept.id, changedBy: { name: 'Asha Rao' } }],
    })
    expect(await row(kept.id)).toMatchObject({ isDraft: false })
    expect(await row(gone.id)).toBeUndefined()
  })

  it('deletes only drafts with onlyDrafts, even without versions', async () => {
    const [published, draft] = [
      await insertProject(get(), { isDraft: false }),
      await insertProject(get(), { isDraft: true }),
    ]
    const res = await h.send('POST', '/api/projects/bulk-delete', { ids: [published.id, draft.id], onlyDrafts: true })
    expect(res.body).toMatchObject({ count: 1, conflicts: [{ id: published.id }] })
    expect(await row(published.id)).toBeDefined()
    expect(await row(draft.id)).toBeUndefined()
  })
})
