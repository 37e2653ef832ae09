import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { auditLog, projectImages, projectReports, projectSearch, projects, repositories } from '../../server/db/schema'
import type { DeletedProjectInfo } from '../../server/services/project-deleted-hooks'
import { call, describeEachDatabase } from './harness'
import { adminSession, insertProject } from './projects-helpers'

describeEachDatabase('projects API', (get) => {
  let token = ''
  beforeAll(async () => {
    ;({ token } = await adminSession(get()))
  })

  const fullBody = {
    title: '  Inventory Manager ',
    description: 'Tracks stock across shops',
    category: 'SaaS',
    price: '1499.50',
    discount: 10,
    technologies: 'React, Node.js, ,PostgreSQL',
    features: ['Reports', ' '],
    tags: 'erp,retail',
    demoUrl: 'demo.example.com',
    difficulty: 'Advanced',
    rating: '4.5',
    isActive: true,
    isFeatured: true,
    isInStock: true,
    stock: '',
    projectOwner: null,
    verificationStatus: 'under_review',
    verificationNotes: 'n',
    submissionMessage: 'hello',
    allowsCustomization: true,
    customizationPrice: 500,
    includesInstallationSupport: true,
    supportDuration: 10,
    hasReport: true,
    reportPrice: 99.99,
  }

  it('requires an admin token', async () => {
    expect((await call(get(), 'GET', '/api/projects')).status).toBe(401)
  })

  it('creates a project with every field, normalised, and returns it in rupees', async () => {
    const res = await call(get(), 'POST', '/api/projects/create', fullBody, token)
    expect(res.status).toBe(201)
    const p = res.body.project
    expect(p).toMatchObject({
      title: 'Inventory Manager',
      category: 'SaaS',
      price: 1499.5,
      discount: 10,
      discountedPrice: 1349.55,
      technologies: ['React', 'Node.js', 'PostgreSQL'],
      features: ['Reports'],
      tags: ['erp', 'retail'],
      demoUrl: 'https://demo.example.com',
      difficulty: 'Advanced',
      rating: 4.5,
      stock: null,
      projectOwner: null,
      verificationStatus: 'under_review',
      customizationPrice: 500,
      supportDuration: 10,
      reportPrice: 99.99,
      images: [],
      githubRepo: null,
    })
    expect(p._id).toMatch(/^[0-9a-f-]{36}$/)
    const [row] = await get().deps.db.select().from(projects).where(eq(projects.id, p._id))
    expect(row.pricePaise).toBe(149950)
    const [search] = await get().deps.db.select().from(projectSearch).where(eq(projectSearch.projectId, p._id))
    expect(search.searchText).toContain('inventory manager')
    const history = await call(get(), 'GET', `/api/projects/${p._id}/verification-history`, undefined, token)
    expect(history.body.verificationHistory).toMatchObject([
      { status: 'under_review', previousStatus: null, notes: 'Project created', verifiedBy: { name: 'Admin' } },
    ])
    const audits = await get().deps.db.select().from(auditLog).where(eq(auditLog.entityId, p._id))
    expect(audits.map((a) => a.action)).toEqual(['project.create'])
  })

  it('applies the defaults of SPEC.md 9 and keeps an empty demo URL empty', async () => {
    const res = await call(get(), 'POST', '/api/projects/create', { title: 'T', description: 'D', demoUrl: '' }, token)
    expect(res.body.project).toMatchObject({
      category: 'Web Development',
      difficulty: 'Intermediate',
      supportDuration: 5,
      verificationStatus: 'pending',
      demoUrl: '',
      isActive: true,
      price: 0,
    })
  })

  it.each([
    [{ title: 'T', description: 'D', colour: 'red' }, 'Unknown field: colour'],
    [{ title: 'T', description: 'D', price: -1 }, 'Price must be at least 0'],
    [{ title: 'T', description: 'x'.repeat(2001) }, 'Description cannot exceed 2000 characters'],
    [{ title: 'T', description: 'D', difficulty: 'Expert' }, 'Difficulty must be one of'],
    [{ title: 'T', description: 'D', rating: 6 }, 'Rating cannot exceed 5'],
    [{ title: 'T', description: 'D', price: 'cheap' }, 'Price must be a number'],
    [{ title: 'T', description: 'D', verificationStatus: 'done' }, 'Invalid status'],
    [{ description: 'D' }, 'Title is required'],
    [{ title: '   ', description: 'D' }, 'Title is required'],
    [{ title: 'T' }, 'Description is required'],
    [{ title: 'T', description: 'D', projectOwner: '0190a0a0-0000-7000-8000-000000000000' }, 'Project owner not found'],
  ])('rejects a bad create body %#', async (body, message) => {
    const res = await call(get(), 'POST', '/api/projects/create', body, token)
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toContain(message)
  })

  it('answers malformed JSON with 400', async () => {
    const res = await get().app.request('/api/projects/create', {
      method: 'POST',
      body: '{"title":',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(400)
  })

  it('gets, updates partially with audit, and 404s/400s unknown or bad ids', async () => {
    const created = (await call(get(), 'POST', '/api/projects/create', { title: 'Old', description: 'D' }, token)).body
      .project
    const { adminId } = await adminSession(get())
    const put = await call(
      get(),
      'PUT',
      `/api/projects/${created._id}`,
      { title: 'New', tags: 'a, b', projectOwner: adminId, price: 10 },
      token,
    )
    expect(put.status).toBe(200)
    expect(put.body.project).toMatchObject({
      title: 'New',
      tags: ['a', 'b'],
      price: 10,
      description: 'D',
      projectOwner: { _id: adminId, name: 'Admin', email: 'admin@example.com' },
    })
    const got = await call(get(), 'GET', `/api/projects/${created._id}`, undefined, token)
    expect(got.body.project.title).toBe('New')
    const [entry] = await get().deps.db.select().from(auditLog).where(eq(auditLog.action, 'project.update'))
    expect(entry.before).toMatchObject({ title: 'Old', tags: [], pricePaise: 0 })
    expect(entry.after).toMatchObject({ title: 'New', tags: ['a', 'b'], pricePaise: 1000 })
    expect((await call(get(), 'PUT', `/api/projects/${created._id}`, { nope: 1 }, token)).body.message).toContain(
      'Unknown field: nope',
    )
    const missing = '0190a0a0-0000-7000-8000-000000000001'
    expect(await call(get(), 'GET', `/api/projects/${missing}`, undefined, token)).toMatchObject({
      status: 404,
      body: { message: 'Project not found' },
    })
    expect((await call(get(), 'PUT', `/api/projects/${missing}`, { title: 'x' }, token)).status).toBe(404)
    expect((await call(get(), 'DELETE', `/api/projects/${missing}`, undefined, token)).status).toBe(404)
    expect(await call(get(), 'GET', '/api/projects/not-a-uuid', undefined, token)).toMatchObject({
      status: 400,
      body: { message: 'Invalid id' },
    })
  })

  it('deletes a project with its images, report and repository, then runs the cleanup hooks', async () => {
    const db = get().deps.db
    const row = await insertProject(get(), { title: 'Doomed' })
    await db.insert(projectImages).values({
      projectId: row.id,
      position: 0,
      filePath: 'p/1.png',
      url: '/f/1.png',
      contentType: 'image/png',
      size: 10,
    })
    await db.insert(projectReports).values({
      projectId: row.id,
      filePath: 'r/1.docx',
      fileName: '1.docx',
      contentType: 'application/msword',
      size: 5,
    })
    await db.insert(repositories).values({ projectId: row.id, name: `repo-${row.id}` })
    const seen: [string, DeletedProjectInfo][] = []
    const hook = async (id: string, info: DeletedProjectInfo) => void seen.push([id, info])
    const { onProjectDeleted } = get().deps
    onProjectDeleted.push(hook)
    try {
      const res = await call(get(), 'DELETE', `/api/projects/${row.id}`, undefined, token)
      expect(res.body).toEqual({ success: true, message: 'Project deleted successfully' })
    } finally {
      onProjectDeleted.splice(onProjectDeleted.indexOf(hook), 1)
    }
    expect(await db.select().from(projects).where(eq(projects.id, row.id))).toEqual([])
    expect(await db.select().from(projectImages).where(eq(projectImages.projectId, row.id))).toEqual([])
    expect(
      await db
        .select()
        .from(repositories)
        .where(eq(repositories.name, `repo-${row.id}`)),
    ).toEqual([])
    expect(seen).toEqual([
      [
        row.id,
        {
          title: 'Doomed',
          imagePaths: ['p/1.png'],
          reportPath: 'r/1.docx',
          repositories: [expect.objectContaining({ name: `repo-${row.id}`, provider: 'local' })],
        },
      ],
    ])
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, row.id))
    expect(audits.map((a) => a.action)).toEqual(['project.delete'])
  })
})
