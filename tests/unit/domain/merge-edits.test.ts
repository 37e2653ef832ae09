import { describe, expect, it } from 'vitest'
import type { VersionChange } from '../../../src/api/schemas/versions'
import {
  authorsOf,
  changeOf,
  fieldWords,
  listInWords,
  mergedText,
  mergeEdits,
  takeTheirs,
} from '../../../src/domain/merge-edits'

const change = (name: string | null, fields: string[], at = '2026-11-27T10:00:00.000Z'): VersionChange => ({
  actor: name ? { id: name, name } : null,
  at,
  action: 'project.update',
  fields,
  before: {},
  after: {},
})
const label = (f: string) => ({ title: 'Title', description: 'Description', tags: 'Tags' })[f] ?? fieldWords(f)

describe('three-way merge of a section', () => {
  const base = { title: 'Shop', description: 'A shop', tags: 'a, b' }

  it('only I changed → mine; only they changed → theirs; no conflict', () => {
    const merge = mergeEdits(base, { ...base, title: 'Shop 2' }, { ...base, description: 'Better' })
    expect(merge).toEqual({
      values: { title: 'Shop 2', description: 'Better', tags: 'a, b' },
      conflicts: [],
      theirsTaken: ['title'],
      mineChanged: ['description'],
    })
    expect(mergedText(merge, [change('Asha', ['title'])], label)).toBe("Merged with Asha's change to Title")
  })

  it('both changed a field differently → a conflict holding base, theirs and mine (mine in the values until settled)', () => {
    const merge = mergeEdits(base, { ...base, title: 'Theirs' }, { ...base, title: 'Mine', tags: 'c' })
    expect(merge.conflicts).toEqual([{ field: 'title', base: 'Shop', theirs: 'Theirs', mine: 'Mine' }])
    expect(merge.values).toEqual({ title: 'Mine', description: 'A shop', tags: 'c' })
    expect(takeTheirs(merge)).toEqual({ title: 'Theirs', description: 'A shop', tags: 'c' })
  })

  it('both changed a field to the same value → no conflict; yes/no fields and blanks compare as the form holds them', () => {
    const merge = mergeEdits({ a: true, b: '' }, { a: false, b: undefined }, { a: false, b: '' })
    expect(merge.conflicts).toEqual([])
    expect(merge.values).toEqual({ a: false, b: undefined })
  })

  it('names who changed what: the last change naming the field, else the last change', () => {
    const changes = [change('Asha', ['title']), change('Ravi', ['tags']), change(null, ['price'])]
    expect(changeOf('title', changes)?.actor?.name).toBe('Asha')
    expect(changeOf('stock', changes)?.actor).toBeNull()
    expect(authorsOf(['title', 'tags', 'price'], changes)).toEqual(['Asha', 'Ravi', 'someone'])
    expect(listInWords(['Title', 'Tags', 'Price'])).toBe('Title, Tags and Price')
    const merge = mergeEdits(base, { ...base, title: 'T', tags: 'x' }, base)
    expect(mergedText(merge, changes, label)).toBe("Merged with Asha's and Ravi's changes to Title and Tags")
    const elsewhere = mergeEdits(base, base, { ...base, title: 'Mine' })
    expect(mergedText(elsewhere, [change('Asha', ['isFeatured'])], label)).toBe(
      "Merged with Asha's change to Is featured",
    )
  })
})
