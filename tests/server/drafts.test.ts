/**
 * Drafts (decision 038): a draft made by Add Project stays out of the catalogue until it is
 * published, the admin list filters it as Draft, its staged upload is answered for a resume, and
 * drafts untouched for STALE_DRAFT_DAYS are marked stale.
 */
import { beforeAll, expect, it } from 'vitest'
import { chunkFingerprint, STALE_DRAFT_DAYS } from '../../src/domain/upload-resume'
import { call, describeEachDatabase } from './harness'
import { adminSession, insertProject } from './projects-helpers'
import { postChunk } from './upload-helpers'

const file = (p: string, text = p) => ({ path: p, data: Buffer.from(text) })

describeEachDatabase('drafts', (get) => {
  let token = ''
  const list = async (query: string) => call(get(), 'GET', `/api/projects?${query}`, undefined, token)
  const titles = (res: { body: { projects: { title: string }[] } }) => res.body.projects.map((p) => p.title)

  beforeAll(async () => {
    ;({ token } = await adminSession(get()))
    await insertProject(get(), { title: 'Live One', createdAt: new Date('2026-01-01T00:00:00Z') })
  })

  const activeOnDashboard = async () =>
    (await call(get(), 'GET', '/api/admin/dashboard/stats', undefined, token)).body.stats.overview
      .activeProjects as number

  it('keeps an active draft out of the catalogue and its totals until it is published', async () => {
    const activeBefore = await activeOnDashboard()
    const created = await call(
      get(),
      'POST',
      '/api/projects/create',
      { title: 'Draft Shop', description: 'Half uploaded', isActive: true, isDraft: true },
      token,
    )
    expect(created.status).toBe(201)
    expect(created.body.project).toMatchObject({ isDraft: true, isActive: true })
    const id = created.body.project._id

    expect(titles(await list(''))).toEqual(['Live One'])
    expect((await list('')).body.pagination.totalProjects).toBe(1)
    expect(titles(await list('search=shop'))).toEqual([])
    expect(titles(await list('includeInactive=true&status=active'))).toEqual(['Live One'])
    expect(titles(await list('includeInactive=true&status=draft'))).toEqual(['Draft Shop'])
    expect(titles(await list('includeInactive=true&status=draft&search=shop'))).toEqual(['Draft Shop'])
    expect((await list('includeInactive=true&status=draft')).body.pagination.totalProjects).toBe(1)
    expect(titles(await list('includeInactive=true'))).toEqual(['Draft Shop', 'Live One'])
    expect(await activeOnDashboard()).toBe(activeBefore)

    const published = await call(get(), 'PUT', `/api/projects/${id}`, { isDraft: false }, token)
    expect(published.status).toBe(200)
    expect(published.body.project.isDraft).toBe(false)
    // The list caches are keyed by the table versions: the publish is seen at once.
    expect(titles(await list(''))).toEqual(['Draft Shop', 'Live One'])
    expect(titles(await list('search=shop'))).toEqual(['Draft Shop'])
    expect(titles(await list('includeInactive=true&status=draft'))).toEqual([])
    expect((await list('includeInactive=true&status=draft')).body.pagination.totalProjects).toBe(0)
    expect(await activeOnDashboard()).toBe(activeBefore + 1)

    const back = await call(get(), 'PUT', `/api/projects/${id}`, { isDraft: true }, token)
    expect(back.status).toBe(400)
    expect(back.body.message).toBe('A published project cannot become a draft again')
  })

  it('keeps a pending draft out of the triage queue and its total until it is published', async () => {
    const queued = async () => {
      const { body } = await call(get(), 'GET', '/api/admin/triage/queue?limit=200', undefined, token)
      return { titles: body.queue.map((p: { title: string }) => p.title) as string[], total: body.total as number }
    }
    const before = await queued()
    const created = await call(
      get(),
      'POST',
      '/api/projects/create',
      { title: 'Unreviewed Draft', description: 'Not yet published', isActive: true, isDraft: true },
      token,
    )
    expect(created.body.project).toMatchObject({ isDraft: true, verificationStatus: 'pending' })
    expect(await queued()).toEqual(before)

    expect(
      (await call(get(), 'PUT', `/api/projects/${created.body.project._id}`, { isDraft: false }, token)).status,
    ).toBe(200)
    const after = await queued()
    expect(after.titles).toContain('Unreviewed Draft')
    expect(after.total).toBe(before.total + 1)
  })

  it('answers the staged chunks of a draft upload with their fingerprints, for a resume', async () => {
    const draft = await insertProject(get(), { title: 'Resumable', isDraft: true })
    const empty = await call(get(), 'GET', `/api/upload/state/${draft.id}`, undefined, token)
    expect(empty).toMatchObject({ status: 200, body: { success: true, upload: null } })

    const first = [file('src/a.ts'), file('src/b.ts', 'bb')]
    const third = [file('src/z.ts', 'zzz')]
    expect((await postChunk(get(), token, draft.id, first, 0, 3, { uploadId: 'up-1' })).status).toBe(200)
    expect((await postChunk(get(), token, draft.id, third, 2, 3, { uploadId: 'up-1' })).status).toBe(200)

    const state = await call(get(), 'GET', `/api/upload/state/${draft.id}`, undefined, token)
    expect(state.status).toBe(200)
    expect(state.body.upload).toMatchObject({
      uploadId: 'up-1',
      totalChunks: 3,
      chunks: [
        {
          index: 0,
          files: 2,
          bytes: 10,
          fingerprint: await chunkFingerprint([
            { path: 'src/a.ts', size: 8 },
            { path: 'src/b.ts', size: 2 },
          ]),
        },
        { index: 2, files: 1, bytes: 3 },
      ],
    })

    const drafts = await call(get(), 'GET', '/api/upload/drafts', undefined, token)
    expect(drafts.status).toBe(200)
    expect(drafts.body.drafts.find((d: { _id: string }) => d._id === draft.id)).toMatchObject({
      title: 'Resumable',
      uploadedFiles: 3,
      uploadedChunks: 2,
      totalChunks: 3,
      stale: false,
    })

    // The missing chunk commits the upload: nothing is left to resume.
    expect((await postChunk(get(), token, draft.id, [file('src/m.ts')], 1, 3, { uploadId: 'up-1' })).status).toBe(200)
    expect((await call(get(), 'GET', `/api/upload/state/${draft.id}`, undefined, token)).body.upload).toBeNull()
  })

  it('answers 404 for an unknown project and 400 for a malformed id', async () => {
    const unknown = await call(get(), 'GET', '/api/upload/state/0190a5a5-0000-7000-8000-000000000000', undefined, token)
    expect(unknown.status).toBe(404)
    expect((await call(get(), 'GET', '/api/upload/state/nope', undefined, token)).status).toBe(400)
    expect((await call(get(), 'GET', '/api/upload/drafts')).status).toBe(401)
  })

  it('marks drafts untouched for the stale period as stale, never the published', async () => {
    const before = await call(get(), 'GET', '/api/upload/drafts', undefined, token)
    expect(before.body.drafts.every((d: { stale: boolean }) => !d.stale)).toBe(true)
    get().advance((STALE_DRAFT_DAYS + 1) * 24 * 60 * 60 * 1000)
    ;({ token } = await adminSession(get()))
    const after = await call(get(), 'GET', '/api/upload/drafts', undefined, token)
    const stale = after.body.drafts.filter((d: { stale: boolean }) => d.stale).map((d: { title: string }) => d.title)
    expect(stale.sort()).toEqual(['Resumable'])
    expect(after.body.drafts.map((d: { title: string }) => d.title)).not.toContain('Draft Shop')
  })
})
