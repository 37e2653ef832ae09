import { beforeAll, expect, it } from 'vitest'
import { call, describeEachDatabase } from './harness'
import { adminSession, insertProject } from './projects-helpers'

describeEachDatabase('projects list', (get) => {
  let token = ''
  const list = async (query: string) => call(get(), 'GET', `/api/projects?${query}`, undefined, token)
  const titles = (body: { projects: { title: string }[] }) => body.projects.map((p) => p.title)

  beforeAll(async () => {
    ;({ token } = await adminSession(get()))
    const base = Date.parse('2026-01-01T00:00:00Z')
    const at = (minutes: number) => new Date(base + minutes * 60_000)
    await insertProject(get(), {
      title: 'Shop Front',
      description: 'An e-commerce storefront',
      category: 'Web Development',
      technologies: ['React', 'Stripe'],
      tags: ['shop'],
      verificationStatus: 'approved',
      createdAt: at(1),
    })
    await insertProject(get(), {
      title: 'Chat Bot',
      description: 'Answers questions 100% of the time',
      category: 'AI/ML',
      technologies: ['Python', 'PyTorch'],
      tags: ['nlp', 'assistant'],
      verificationStatus: 'pending',
      createdAt: at(2),
    })
    await insertProject(get(), {
      title: 'Old Game',
      description: 'A snake_game clone',
      category: 'Game Development',
      technologies: ['Unity'],
      tags: ['retro'],
      isActive: false,
      verificationStatus: 'rejected',
      createdAt: at(3),
    })
    await insertProject(get(), {
      title: 'Fitness App',
      description: 'Tracks workouts',
      category: 'Mobile Development',
      technologies: ['React Native'],
      tags: ['health'],
      verificationStatus: 'approved',
      createdAt: at(4),
    })
  })

  it('lists active projects newest first with pagination', async () => {
    const res = await list('')
    expect(res.status).toBe(200)
    expect(titles(res.body)).toEqual(['Fitness App', 'Chat Bot', 'Shop Front'])
    expect(res.body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalProjects: 3 })
  })

  it('includes inactive projects on request and filters by status', async () => {
    expect(titles((await list('includeInactive=true')).body)).toEqual([
      'Fitness App',
      'Old Game',
      'Chat Bot',
      'Shop Front',
    ])
    expect(titles((await list('includeInactive=true&status=inactive')).body)).toEqual(['Old Game'])
    expect(titles((await list('includeInactive=true&status=active')).body)).toHaveLength(3)
  })

  it('pages with limit and page', async () => {
    const second = await list('includeInactive=true&limit=3&page=2')
    expect(titles(second.body)).toEqual(['Shop Front'])
    expect(second.body.pagination).toEqual({ currentPage: 2, totalPages: 2, totalProjects: 4 })
    expect(titles((await list('includeInactive=true&limit=1000')).body)).toHaveLength(4)
  })

  it('reports the exact total on a page past the end and on an empty first page', async () => {
    const past = await list('includeInactive=true&limit=3&page=5')
    expect(titles(past.body)).toEqual([])
    expect(past.body.pagination).toEqual({ currentPage: 5, totalPages: 2, totalProjects: 4 })
    const full = await list('includeInactive=true&limit=2&page=2')
    expect(full.body.pagination).toEqual({ currentPage: 2, totalPages: 2, totalProjects: 4 })
    const none = await list('search=no-such-project')
    expect(none.body.pagination).toEqual({ currentPage: 1, totalPages: 0, totalProjects: 0 })
  })

  it('filters by category and verification status together', async () => {
    expect(titles((await list('verificationStatus=approved')).body)).toEqual(['Fitness App', 'Shop Front'])
    expect(titles((await list('verificationStatus=approved&category=Web%20Development')).body)).toEqual(['Shop Front'])
    expect(titles((await list('category=Nope')).body)).toEqual([])
  })

  it('searches title, description, technologies and tags case-insensitively', async () => {
    expect(titles((await list('search=chat')).body)).toEqual(['Chat Bot'])
    expect(titles((await list('search=STOREFRONT')).body)).toEqual(['Shop Front'])
    expect(titles((await list('search=pytorch')).body)).toEqual(['Chat Bot'])
    expect(titles((await list('search=assistant')).body)).toEqual(['Chat Bot'])
    expect(titles((await list('search=react')).body)).toEqual(['Fitness App', 'Shop Front'])
    expect(titles((await list('search=react&verificationStatus=approved&category=Mobile%20Development')).body)).toEqual(
      ['Fitness App'],
    )
    expect((await list('search=react&limit=1')).body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalProjects: 2,
    })
  })

  it('treats % and _ in a search literally', async () => {
    expect(titles((await list('search=100%25')).body)).toEqual(['Chat Bot'])
    expect(titles((await list('search=%25')).body)).toEqual(['Chat Bot'])
    expect(titles((await list('includeInactive=true&search=snake_game')).body)).toEqual(['Old Game'])
    expect(titles((await list('includeInactive=true&search=_')).body)).toEqual(['Old Game'])
  })

  it('rejects bad query values with 400', async () => {
    for (const query of [
      'limit=0',
      'limit=1001',
      'page=0',
      'page=abc',
      'verificationStatus=done',
      'status=gone',
      'includeInactive=maybe',
    ]) {
      const res = await list(query)
      expect(res.status, query).toBe(400)
      expect(res.body.success).toBe(false)
    }
  })

  it('keeps the total exact after writes (no stale cached count)', async () => {
    expect((await list('search=fitness')).body.pagination.totalProjects).toBe(1)
    const extra = await insertProject(get(), { title: 'Fitness Coach', technologies: ['Zig'] })
    expect((await list('search=fitness')).body.pagination.totalProjects).toBe(2)
    const del = await call(get(), 'DELETE', `/api/projects/${extra.id}`, undefined, token)
    expect(del.status).toBe(200)
    expect((await list('search=fitness')).body.pagination.totalProjects).toBe(1)
  })

  it('lists categories and technologies from the data, sorted', async () => {
    expect((await call(get(), 'GET', '/api/projects/categories', undefined, token)).body).toEqual({
      success: true,
      categories: ['AI/ML', 'Game Development', 'Mobile Development', 'Web Development'],
    })
    expect((await call(get(), 'GET', '/api/projects/technologies', undefined, token)).body).toEqual({
      success: true,
      technologies: ['Python', 'PyTorch', 'React', 'React Native', 'Stripe', 'Unity'],
    })
  })
})
