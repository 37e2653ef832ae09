import { describe, expect, it } from 'vitest'
import { parsePaletteQuery } from '../../../../src/commands/palette-query'
import { roleLabel } from '../../../../src/views/users/list/role-label'
import { parseUsersSearch, toUsersSearch, usersListPath } from '../../../../src/views/users/list/users-url'

describe('users list URL', () => {
  it('parses what it writes, defaults left out', () => {
    const filters = { search: '+91 98765', role: 'agent' as const, status: 'inactive' as const, limit: 50, page: 4 }
    expect(parseUsersSearch(`?${toUsersSearch(filters)}`)).toEqual(filters)
    expect(usersListPath({ search: '', role: '', status: '', limit: 20, page: 1 })).toBe('/users')
  })
  it('falls back to the defaults for unknown or malformed values', () => {
    expect(parseUsersSearch('role=owner&status=gone&limit=7&page=-2')).toEqual({
      search: '',
      role: '',
      status: '',
      limit: 20,
      page: 1,
    })
  })
})

describe('role labels from the flags (SPEC.md 6)', () => {
  it('Admin wins over Agent, else User', () => {
    expect(roleLabel({ isAdmin: true, isAgent: true })).toBe('Admin')
    expect(roleLabel({ isAdmin: false, isAgent: true })).toBe('Agent')
    expect(roleLabel({ isAdmin: false, isAgent: false })).toBe('User')
  })
})

describe("the palette's '@' users search", () => {
  it("'@' and then text is a users query; anything else is not", () => {
    expect(parsePaletteQuery('@ravi ')).toEqual({ mode: 'users', text: 'ravi' })
    expect(parsePaletteQuery(' @98765')).toEqual({ mode: 'users', text: '98765' })
    expect(parsePaletteQuery('@')).toEqual({ mode: 'users', text: '' })
    expect(parsePaletteQuery('ravi').mode).toBe('all')
  })
})
