/** The projects list's WHERE clause as SQL (db/queries/projects-list.queries.ts), rendered without a database. */
import { PgDialect } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ProjectListQuerySchema } from '../../../../src/api/schemas/projects'
import { projectListWhere } from '../../../../server/db/queries/projects-list.queries'

const dialect = new PgDialect()
const render = (query: Record<string, string>) => {
  const where = projectListWhere(v.parse(ProjectListQuerySchema, query))
  return where ? dialect.sqlToQuery(where) : undefined
}

describe('projects list query builder', () => {
  it('lists only active, published projects by default (the catalogue)', () => {
    expect(render({})).toMatchObject({
      sql: '("projects"."is_active" = $1 and "projects"."is_draft" = $2)',
      params: [true, false],
    })
  })
  it('drops the active filter with includeInactive and lets status override it', () => {
    expect(render({ includeInactive: 'true' })).toBeUndefined()
    expect(render({ includeInactive: 'true', status: 'inactive' })?.params).toEqual([false, false])
    expect(render({ status: 'inactive' })?.params).toEqual([false, false])
  })
  it('lists drafts, active or not, with status=draft', () => {
    expect(render({ includeInactive: 'true', status: 'draft' })).toMatchObject({
      sql: '"projects"."is_draft" = $1',
      params: [true],
    })
  })
  it('combines category, verification status and search with AND', () => {
    const query = render({ category: 'SaaS', verificationStatus: 'approved', search: '  React ' })
    // With a search the filters test project_search's copies of the columns (migration 0029).
    expect(query?.sql).toBe(
      '("project_search"."is_active" = $1 and "project_search"."is_draft" = $2 and "project_search"."category" = $3 and ' +
        '"project_search"."verification_status" = $4 and "project_search"."search_text" LIKE lower($5))',
    )
    expect(query?.params).toEqual([true, false, 'SaaS', 'approved', '%React%'])
  })
  it('escapes LIKE wildcards in the search term', () => {
    expect(render({ search: '100%_a\\b' })?.params).toEqual([true, false, '%100\\%\\_a\\\\b%'])
  })
  it('ignores blank filters', () => {
    expect(render({ search: '   ', category: '', verificationStatus: '', status: '' })?.params).toEqual([true, false])
  })
})
