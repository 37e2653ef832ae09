/** The projects list's pure rules (domain/projects/list-query.ts): page window and pagination. */
import { describe, expect, it } from 'vitest'
import { pageWindow, pagination } from '../../../../server/domain/projects/list-query'

describe('projects list pagination', () => {
  it('computes the page window and pagination', () => {
    expect(pageWindow(3, 20)).toEqual({ offset: 40, limit: 20 })
    expect(pagination(41, 3, 20)).toEqual({ currentPage: 3, totalPages: 3, totalProjects: 41 })
    expect(pagination(0, 1, 20)).toEqual({ currentPage: 1, totalPages: 0, totalProjects: 0 })
  })
})
