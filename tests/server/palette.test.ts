/**
 * The palette's project search (GET /api/admin/palette/projects) through the real app,
 * on PGlite and PostgreSQL: lean rows newest first (inactive ones too), matching title,
 * description and tags case-insensitively and literally ('%' is no wildcard), the count capped at
 * 1,000 with `capped`, the limit, validation and the token.
 */
import { expect, it } from 'vitest'
import { PALETTE_COUNT_CAP } from '../../src/api/schemas/palette'
import { projects } from '../../server/db/schema'
import { call, describeEachDatabase } from './harness'
import { adminSession, insertProject } from './projects-helpers'

describeEachDatabase('palette project search', (get) => {
  const search = async (query: string) =>
    call(get(), 'GET', `/api/admin/palette/projects?${query}`, undefined, (await adminSession(get())).token)
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000)

  it('lists the matching projects newest first with lean fields, inactive ones too; title, description and tags match', async () => {
    const older = await insertProject(get(), { title: 'Quokka Shop', category: 'SaaS', createdAt: at(30) })
    const newer = await insertProject(get(), {
      title: 'Zeta',
      description: 'a QUOKKA tracker',
      isActive: false,
      createdAt: at(10),
      verificationStatus: 'approved',
    })
    const tagged = await insertProject(get(), { title: 'Tagged', tags: ['quokka-kit'], createdAt: at(20) })
    await insertProject(get(), { title: 'Unrelated', createdAt: at(5) })
    const { status, body } = await search('search=quokka')
    expect(status).toBe(200)
    expect(body).toEqual({
      success: true,
      total: 3,
      capped: false,
      projects: [
        { _id: newer.id, title: 'Zeta', category: newer.category, verificationStatus: 'approved', isActive: false },
        { _id: tagged.id, title: 'Tagged', category: tagged.category, verificationStatus: 'pending', isActive: true },
        { _id: older.id, title: 'Quokka Shop', category: 'SaaS', verificationStatus: 'pending', isActive: true },
      ],
    })
  })

  it("matches literally: '%' and '_' are no wildcards", async () => {
    await insertProject(get(), { title: 'Discount 50% pack' })
    await insertProject(get(), { title: 'Discount 500 pack' })
    const { body } = await search(`search=${encodeURIComponent('count 50%')}`)
    expect(body.projects.map((p: { title: string }) => p.title)).toEqual(['Discount 50% pack'])
    expect((await search('search=__nothing__')).body).toEqual({ success: true, projects: [], total: 0, capped: false })
  })

  it('answers at most `limit` rows; the count stops at 1,000 and says capped', async () => {
    await get()
      .deps.db.insert(projects)
      .values(
        Array.from({ length: PALETTE_COUNT_CAP + 2 }, (_, i) => ({
          title: `Wombat ${i}`,
          description: 'bulk',
          createdAt: at(i + 100),
        })),
      )
    const { status, body } = await search('search=wombat&limit=5')
    expect(status).toBe(200)
    expect(body.projects.map((p: { title: string }) => p.title)).toEqual([
      'Wombat 0',
      'Wombat 1',
      'Wombat 2',
      'Wombat 3',
      'Wombat 4',
    ])
    expect(body).toMatchObject({ total: PALETTE_COUNT_CAP, capped: true })
    expect((await search('search=wombat')).body.projects).toHaveLength(50)
    expect((await search('search=wombat 99')).body).toMatchObject({ total: 11, capped: false })
  })

  it('refuses a missing or blank search, a bad limit and no token', async () => {
    expect(await search('')).toMatchObject({
      status: 400,
      body: { success: false, message: expect.stringMatching(/Search is required/) },
    })
    expect(await search('search=%20%20')).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/Search is required/) },
    })
    expect(await search('search=a&limit=101')).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/Limit cannot exceed 100/) },
    })
    expect(await search('search=a&limit=0')).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/Limit must be at least 1/) },
    })
    expect((await call(get(), 'GET', '/api/admin/palette/projects?search=a')).status).toBe(401)
  })
})
