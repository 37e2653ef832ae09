import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES, fillTemplate } from '../../../src/api/schemas/preferences'
import { pushRecent, toPreferences } from '../../../server/domain/preferences'

describe('preferences rules', () => {
  it('reads null columns as the defaults and no row as all defaults', () => {
    expect(toPreferences(undefined)).toEqual(DEFAULT_PREFERENCES)
    expect(
      toPreferences({ singleKeyShortcuts: null, reasonTemplates: null, recentCommands: ['a'], recentRecords: [] }),
    ).toEqual({ ...DEFAULT_PREFERENCES, recentCommands: ['a'] })
    expect(
      toPreferences({ singleKeyShortcuts: false, reasonTemplates: [], recentCommands: [], recentRecords: [] }),
    ).toMatchObject({ singleKeyShortcuts: false, reasonTemplates: [] })
  })

  it('puts a recent item first, drops its older copy and keeps 20', () => {
    expect(pushRecent(['b', 'a', 'c'], 'a', (x) => x)).toEqual(['a', 'b', 'c'])
    const full = Array.from({ length: 20 }, (_, i) => `c${i}`)
    expect(pushRecent(full, 'new', (x) => x)).toEqual(['new', ...full.slice(0, 19)])
  })

  it('fills {title}, {owner} and {category}; leaves unknown variables as written', () => {
    expect(
      fillTemplate('Hi {owner}, "{title}" in {category} {unknown}', { title: 'Shop', owner: 'Asha', category: 'Web' }),
    ).toBe('Hi Asha, "Shop" in Web {unknown}')
    expect(fillTemplate('Hi {owner}: {category}', { title: 'Shop', owner: null })).toBe('Hi there: its category')
  })
})
