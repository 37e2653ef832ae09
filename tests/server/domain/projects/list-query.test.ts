/** The projects list's pure rules (domain/projects/list-query.ts): page window, pagination, count key. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ProjectListQuerySchema } from '../../../../src/api/schemas/projects'
import { countKey, pageWindow, pagination } from '../../../../server/domain/projects/list-query'

describe('projects list pagination', () => {
  it('computes the page window and pagination', () => {
    expect(pageWindow(3, 20)).toEqual({ offset: 40, limit: 20 })
    expect(pagination(41, 3, 20)).toEqual({ currentPage: 3, totalPages: 3, totalProjects: 41 })
    expect(pagination(0, 1, 20)).toEqual({ currentPage: 1, totalPages: 0, totalProjects: 0 })
  })
})

describe('count key', () => {
  const key = (q: Record<string, string>) => countKey(v.parse(ProjectListQuerySchema, q))
  it('keys on the filters only, not on page, limit or case of the search', () => {
    expect(key({ search: 'React', page: '2' })).toBe(key({ search: ' react', limit: '50' }))
    expect(key({ search: 'react' })).not.toBe(key({ search: 'react', includeInactive: 'true' }))
  })
})
