import { describe, expect, it } from 'vitest'
import { moveFocus, selectRange, toggleId } from '../../src/machines/shared/list-selection.rules'
import { notesOrDefault } from '../../src/machines/projects-list.rules'
import { filterHistory, ownerNoticeText, verifiedByName } from '../../src/views/projects/shared/history-filter'
import { formatDateTime } from '../../src/lib/format'
import { showingRange } from '../../src/lib/list-url'
import { mergeCategories, parseListSearch, toListSearch } from '../../src/views/projects/list/projects-url'
import { initialDraft, sectionBody, sectionInvalid } from '../../src/machines/project-sections.form'
import { makeEntry, makeProject } from '../fixtures/project'

describe('list URL state', () => {
  it('parses with defaults (page size 20) and round-trips without defaults', () => {
    expect(parseListSearch('')).toEqual({
      search: '',
      status: '',
      verificationStatus: '',
      category: '',
      risk: '',
      page: 1,
      limit: 20,
    })
    const f = parseListSearch(
      '?search=shop&status=inactive&verification=under_review&category=AI%2FML&risk=no-licence&limit=50&page=3',
    )
    expect(f).toEqual({
      search: 'shop',
      status: 'inactive',
      verificationStatus: 'under_review',
      category: 'AI/ML',
      risk: 'no-licence',
      page: 3,
      limit: 50,
    })
    expect(parseListSearch(toListSearch(f))).toEqual(f)
    expect(toListSearch(parseListSearch('limit=20&page=1'))).toBe('')
    // The Drafts filter (decision 038) is URL state like the others.
    expect(parseListSearch('?status=draft').status).toBe('draft')
    expect(toListSearch(parseListSearch('?status=draft'))).toBe('status=draft')
    expect(parseListSearch('limit=7&page=-2&status=x&verification=nope&risk=scary')).toMatchObject({
      limit: 20,
      page: 1,
      status: '',
      verificationStatus: '',
      risk: '',
    })
    expect(toListSearch(parseListSearch('?risk=secrets'))).toBe('risk=secrets')
  })
  it('merges categories with the built-ins, sorted, no duplicates', () => {
    const merged = mergeCategories(['SaaS', 'Blockchain', ''])
    expect(merged).toContain('Blockchain')
    expect(merged.filter((c) => c === 'SaaS')).toHaveLength(1)
    expect(merged).toEqual([...merged].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
  })
  it('computes "Showing a to b of n"', () => {
    expect(showingRange(1, 20, 45)).toEqual({ from: 1, to: 20 })
    expect(showingRange(3, 20, 45)).toEqual({ from: 41, to: 45 })
    expect(showingRange(1, 20, 0)).toEqual({ from: 0, to: 0 })
  })
})

describe('selection helpers', () => {
  it('moves, toggles and selects ranges in either direction', () => {
    expect(moveFocus(-1, 1, 3)).toBe(0)
    expect(moveFocus(-1, -1, 3)).toBe(2)
    expect(moveFocus(0, -1, 0)).toBe(-1)
    expect(toggleId(['a'], 'a')).toEqual([])
    expect(selectRange([], ['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['b', 'c', 'd'])
    expect(selectRange([], ['a', 'b'], null, 'b')).toEqual(['b'])
  })
})

describe('section forms (SPEC.md 5, 7)', () => {
  const p = makeProject({ stock: 4, technologies: ['React', 'Node.js'] })
  it('starts from the loaded values and builds the partial PUT', () => {
    expect(initialDraft('technologies', p)).toEqual({ technologies: 'React, Node.js' })
    expect(sectionBody('technologies', { technologies: ' Vue , ,Go ' })).toEqual({ technologies: ['Vue', 'Go'] })
    expect(sectionBody('links', { demoUrl: 'shop.example.com' })).toEqual({ demoUrl: 'https://shop.example.com' })
    expect(sectionBody('links', { demoUrl: '' })).toEqual({ demoUrl: '' })
    expect(sectionBody('status', { ...initialDraft('status', p), stock: '' })).toEqual({
      isActive: true,
      isFeatured: false,
      isInStock: true,
      stock: null,
    })
    expect(
      sectionBody('details', { category: 'SaaS', difficulty: 'Advanced', price: 'abc', discount: '5', rating: '4.5' }),
    ).toEqual({ category: 'SaaS', difficulty: 'Advanced', price: 0, discount: 5, rating: 4.5 })
    expect(sectionBody('owner', { projectOwner: '' })).toEqual({ projectOwner: null })
  })
  it('applies the client-side rules', () => {
    expect(sectionInvalid('description', { title: 'T', description: 'x'.repeat(2001) })).toBe(
      'Description cannot exceed 2000 characters',
    )
    expect(sectionInvalid('description', { title: ' ', description: 'x' })).toBe('Title is required')
    expect(sectionInvalid('details', { rating: '5.1', price: '1' })).toBe('Rating must be between 0 and 5')
    expect(sectionInvalid('description', { title: 'T', description: 'x'.repeat(2000) })).toBeNull()
  })
})

describe('verification helpers', () => {
  it('filters by status and notes, names the owner when verifiedBy is absent', () => {
    const entries = [
      makeEntry(),
      makeEntry({ _id: 'e2', status: 'rejected', notes: 'Missing LICENSE', verifiedBy: null }),
    ]
    expect(filterHistory(entries, 'rejected', '').map((e) => e._id)).toEqual(['e2'])
    expect(filterHistory(entries, '', 'license').map((e) => e._id)).toEqual(['e2'])
    expect(filterHistory(entries, 'approved', 'license')).toEqual([])
    expect(verifiedByName(entries[1])).toBe('Project Owner')
    expect(verifiedByName(entries[0])).toBe('Asha Rao')
    expect(notesOrDefault('approved', '  ')).toBe('Approved')
    expect(notesOrDefault('rejected', ' Bad ')).toBe('Bad')
  })

  it('says whether the owner was told of a decision by e-mail, and nothing while the mail waits', () => {
    const at = '2026-11-28T05:11:00.000Z'
    expect(ownerNoticeText(makeEntry())).toBeNull()
    expect(ownerNoticeText(makeEntry({ ownerNotice: { outcome: 'sent', at } }))).toBe(
      `Owner told by e-mail · ${formatDateTime(at)}`,
    )
    expect(ownerNoticeText(makeEntry({ ownerNotice: { outcome: 'notifications_off', at } }))).toBe(
      'Owner not told: notifications off',
    )
    expect(ownerNoticeText(makeEntry({ ownerNotice: { outcome: 'no_owner', at } }))).toBe(
      'Owner not told: no owner with an e-mail',
    )
    expect(ownerNoticeText(makeEntry({ ownerNotice: { outcome: 'failed', at } }))).toBe(
      'Owner not told: the e-mail could not be sent',
    )
  })
})
