import { PgDialect } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ProjectListQuerySchema } from '../../src/api/schemas/projects'
import { projectListWhere } from '../../server/db/queries/projects-list.queries'
import { countKey, pageWindow, pagination } from '../../server/domain/projects/list-query'
import { CountCache } from '../../server/services/count-cache'

const dialect = new PgDialect()
const render = (query: Record<string, string>) => {
  const where = projectListWhere(v.parse(ProjectListQuerySchema, query))
  return where ? dialect.sqlToQuery(where) : undefined
}

describe('projects list query builder', () => {
  it('lists only active projects by default', () => {
    expect(render({})).toMatchObject({ sql: '"projects"."is_active" = $1', params: [true] })
  })
  it('drops the active filter with includeInactive and lets status override it', () => {
    expect(render({ includeInactive: 'true' })).toBeUndefined()
    expect(render({ includeInactive: 'true', status: 'inactive' })?.params).toEqual([false])
    expect(render({ status: 'inactive' })?.params).toEqual([false])
  })
  it('combines category, verification status and search with AND', () => {
    const query = render({ category: 'SaaS', verificationStatus: 'approved', search: '  React ' })
    expect(query?.sql).toBe('("projects"."is_active" = $1 and "projects"."category" = $2 and '
      + '"projects"."verification_status" = $3 and "projects"."search_text" like lower($4))')
    expect(query?.params).toEqual([true, 'SaaS', 'approved', '%React%'])
  })
  it('escapes LIKE wildcards in the search term', () => {
    expect(render({ search: '100%_a\\b' })?.params).toEqual([true, '%100\\%\\_a\\\\b%'])
  })
  it('ignores blank filters', () => {
    expect(render({ search: '   ', category: '', verificationStatus: '', status: '' })?.params).toEqual([true])
  })
  it('parses page and limit with defaults and bounds', () => {
    expect(v.parse(ProjectListQuerySchema, {})).toMatchObject({ page: 1, limit: 20, includeInactive: false })
    expect(v.parse(ProjectListQuerySchema, { page: '3', limit: '1000' })).toMatchObject({ page: 3, limit: 1000 })
    for (const bad of [{ limit: '0' }, { limit: '1001' }, { page: '0' }, { page: '1.5' }, { limit: 'x' }]) {
      expect(v.safeParse(ProjectListQuerySchema, bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
  it('computes the page window and pagination', () => {
    expect(pageWindow(3, 20)).toEqual({ offset: 40, limit: 20 })
    expect(pagination(41, 3, 20)).toEqual({ currentPage: 3, totalPages: 3, totalProjects: 41 })
    expect(pagination(0, 1, 20)).toEqual({ currentPage: 1, totalPages: 0, totalProjects: 0 })
  })
})

describe('count cache', () => {
  const key = (q: Record<string, string>) => countKey(v.parse(ProjectListQuerySchema, q))
  it('keys on the filters only, not on page, limit or case of the search', () => {
    expect(key({ search: 'React', page: '2' })).toBe(key({ search: ' react', limit: '50' }))
    expect(key({ search: 'react' })).not.toBe(key({ search: 'react', includeInactive: 'true' }))
  })
  it('serves a count only for the version it was counted at', () => {
    const cache = new CountCache(2)
    expect(cache.get(1, 'a')).toBeUndefined()
    cache.set(1, 'a', 10)
    expect(cache.get(1, 'a')).toBe(10)
    expect(cache.get(2, 'a')).toBeUndefined()
    cache.set(1, 'a', 99) // counted at an older version: ignored
    expect(cache.get(2, 'a')).toBeUndefined()
    cache.set(2, 'a', 11)
    cache.set(2, 'b', 12)
    cache.set(2, 'c', 13) // evicts the oldest entry
    expect([cache.get(2, 'a'), cache.get(2, 'b'), cache.get(2, 'c')]).toEqual([undefined, 12, 13])
  })
})
