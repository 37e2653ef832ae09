/** The projects list query in the contract (ProjectListQuerySchema): defaults and bounds of page and limit. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ProjectListQuerySchema } from '../../../../src/api/schemas/projects'

describe('ProjectListQuerySchema', () => {
  it('parses page and limit with defaults and bounds', () => {
    expect(v.parse(ProjectListQuerySchema, {})).toMatchObject({ page: 1, limit: 20, includeInactive: false })
    expect(v.parse(ProjectListQuerySchema, { page: '3', limit: '1000' })).toMatchObject({ page: 3, limit: 1000 })
    for (const bad of [{ limit: '0' }, { limit: '1001' }, { page: '0' }, { page: '1.5' }, { limit: 'x' }]) {
      expect(v.safeParse(ProjectListQuerySchema, bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})
