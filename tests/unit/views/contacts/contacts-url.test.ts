import { describe, expect, it } from 'vitest'
import { parsePaletteQuery } from '../../../../src/commands/palette-query'
import {
  contactsListPath,
  parseContactsSearch,
  toContactsSearch,
} from '../../../../src/views/contacts/list/contacts-url'

describe('contacts list URL', () => {
  it('parses what it writes, defaults left out', () => {
    const filters = { search: 'refund please', status: 'archived' as const, limit: 50, page: 4 }
    expect(parseContactsSearch(`?${toContactsSearch(filters)}`)).toEqual(filters)
    expect(contactsListPath({ search: '', status: '', limit: 20, page: 1 })).toBe('/contacts')
    expect(contactsListPath({ search: '', status: 'new', limit: 20, page: 2 })).toBe('/contacts?status=new&page=2')
  })
  it('falls back to the defaults for unknown or malformed values', () => {
    expect(parseContactsSearch('status=unread&limit=7&page=0')).toEqual({ search: '', status: '', limit: 20, page: 1 })
  })
})

describe("the palette's '!' contacts search", () => {
  it("'!' and then text is a contacts query, not a users one; anything else is not", () => {
    expect(parsePaletteQuery('!refund ')).toEqual({ mode: 'contacts', text: 'refund' })
    expect(parsePaletteQuery(' !asha@example.com')).toEqual({ mode: 'contacts', text: 'asha@example.com' })
    expect(parsePaletteQuery('!')).toEqual({ mode: 'contacts', text: '' })
    expect(parsePaletteQuery('refund').mode).toBe('all')
    expect(parsePaletteQuery('@ravi').mode).toBe('users')
  })
})
