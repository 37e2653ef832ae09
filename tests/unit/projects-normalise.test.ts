import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { CreateProjectSchema, UpdateProjectSchema, VerifyProjectSchema } from '../../src/api/schemas/projects'
import { runProjectDeletedHooks } from '../../server/services/project-deleted-hooks'
import { diffColumns, toProjectColumns } from '../../server/domain/projects/fields'
import { coerceNumber, normaliseDemoUrl, splitList } from '../../src/api/schemas/normalise'
import { escapeLike } from '../../server/db/sql'
import { projectSearchText } from '../../server/domain/projects/search-text'
import { discountedPrice, toApiProject, type ProjectRow } from '../../server/domain/projects/serialize'

const messages = (schema: v.GenericSchema, input: unknown) =>
  (v.safeParse(schema, input).issues ?? []).map((issue) => issue.message)

describe('project input normalisers (SPEC.md 5)', () => {
  it('splits comma lists, trims and drops empties', () => {
    expect(splitList('React, Node.js ,, ,Go')).toEqual(['React', 'Node.js', 'Go'])
    expect(splitList([' a ', '', 'b'])).toEqual(['a', 'b'])
    expect(splitList('')).toEqual([])
  })
  it('prepends https:// to a demo URL without a scheme and keeps empty empty', () => {
    expect(normaliseDemoUrl('demo.example.com')).toBe('https://demo.example.com')
    expect(normaliseDemoUrl(' http://x.io ')).toBe('http://x.io')
    expect(normaliseDemoUrl('HTTPS://x.io')).toBe('HTTPS://x.io')
    expect(normaliseDemoUrl('  ')).toBe('')
  })
  it('coerces numeric strings with 0 as the blank fallback', () => {
    expect(coerceNumber('12.5')).toBe(12.5)
    expect(coerceNumber(' ')).toBe(0)
    expect(coerceNumber('abc')).toBeNaN()
    expect(coerceNumber(7)).toBe(7)
  })
  it('escapes LIKE wildcards', () => expect(escapeLike('a%b_c\\')).toBe('a\\%b\\_c\\\\'))
  it('builds the same search text as the database trigger', () => {
    expect(projectSearchText({ title: 'Chat Bot', description: 'NLP', technologies: ['Py', 'TS'], tags: [] }))
      .toBe('chat bot nlp py ts ')
  })
})

describe('project contract', () => {
  it('accepts a create body with strings for numbers and lists', () => {
    const out = v.parse(CreateProjectSchema, { title: ' T ', description: 'D', price: '10', stock: '', tags: 'a,b' })
    expect(out).toMatchObject({ title: 'T', price: 10, stock: null, tags: ['a', 'b'] })
  })
  it('names unknown fields, missing required fields and range errors', () => {
    expect(messages(CreateProjectSchema, { description: 'D', colour: 1 }))
      .toEqual(['Title is required', 'Unknown field: colour'])
    expect(messages(CreateProjectSchema, { title: 'T', description: 'x'.repeat(2001) }))
      .toEqual(['Description cannot exceed 2000 characters'])
    expect(messages(CreateProjectSchema, { title: 'T', description: 'D', discount: 101, stock: 1.5 }))
      .toEqual(['Discount cannot exceed 100', 'Stock must be a whole number'])
    expect(messages(UpdateProjectSchema, { title: '' })).toEqual(['Title is required'])
    expect(v.parse(UpdateProjectSchema, {})).toEqual({})
  })
  it('requires status and non-blank notes for verification', () => {
    expect(messages(VerifyProjectSchema, {})).toEqual(['Status is required', 'Notes are required'])
    expect(messages(VerifyProjectSchema, { status: 'approved', notes: '  ' })).toEqual(['Notes are required'])
    expect(messages(VerifyProjectSchema, { status: 'ok', notes: 'x' })[0]).toMatch(/^Invalid status/)
  })
})

describe('project serialisation and columns', () => {
  const row = {
    id: 'p1', title: 'T', description: 'D', category: 'SaaS', pricePaise: 99999, discount: 10, technologies: [],
    features: [], tags: [], demoUrl: '', difficulty: 'Beginner', rating: 0, isActive: true, isFeatured: false,
    isInStock: true, stock: null, hasFiles: false, totalFileSize: 0, projectOwnerId: 'u1', githubRepo: null,
    verificationStatus: 'pending', verificationNotes: '', submissionMessage: '', allowsCustomization: false,
    customizationPricePaise: 150, includesInstallationSupport: false, supportDuration: 5, hasReport: false,
    reportPricePaise: 0, salesCount: 0, downloadCount: 0, viewCount: 0, reviews: 0, revenuePaise: 1234500,
    avgRating: 0, conversionRate: 0, searchText: '', createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-02T00:00:00Z'),
  } satisfies ProjectRow
  it('returns rupees, _id, discountedPrice, owner object and images', () => {
    const api = toApiProject(row, [{ url: '/f/a.png', alt: 'A', filePath: 'a.png' }],
      { id: 'u1', name: 'Asha', email: 'a@x.in' })
    expect(api).toMatchObject({ _id: 'p1', price: 999.99, discountedPrice: 899.99, customizationPrice: 1.5,
      revenue: 12345, projectOwner: { _id: 'u1', name: 'Asha', email: 'a@x.in' },
      images: [{ url: '/f/a.png', alt: 'A', filePath: 'a.png' }], createdAt: '2026-01-01T00:00:00.000Z' })
    expect(api).not.toHaveProperty('searchText')
    expect(discountedPrice(1000, 33.3)).toBe(6.67)
  })
  it('maps input to columns (paise, owner id) and diffs only what changed', () => {
    const columns = toProjectColumns({ price: 1000.5, projectOwner: null, title: 'T', tags: ['x'] })
    expect(columns).toEqual({ pricePaise: 100050, projectOwnerId: null, title: 'T', tags: ['x'] })
    expect(diffColumns(row, columns)).toEqual({ changed: true,
      before: { pricePaise: 99999, projectOwnerId: 'u1', tags: [] },
      after: { pricePaise: 100050, projectOwnerId: null, tags: ['x'] } })
  })
})

describe('after-delete hooks', () => {
  it('runs every hook and logs failures without hiding them', async () => {
    const seen: string[] = []
    const log = vi.fn()
    const ok = async (id: string) => void seen.push(id)
    const broken = async () => { throw new Error('disk gone') }
    const info = { title: 'T', imagePaths: [], reportPath: null, repositories: [] }
    const failed = await runProjectDeletedHooks([ok, broken], [{ projectId: 'p1', info }, { projectId: 'p2', info }], log)
    expect(failed).toBe(2)
    expect(seen).toEqual(['p1', 'p2'])
    expect(log).toHaveBeenCalledWith('project p1: after-delete cleanup failed', expect.any(Error))
  })
})
