/** Rows → API projects (serialize.ts) and API input → columns and audit diff (fields.ts). */
import { describe, expect, it } from 'vitest'
import { diffColumns, toProjectColumns } from '../../../../server/domain/projects/fields'
import { discountedPrice, toApiProject, type ProjectRow } from '../../../../server/domain/projects/serialize'

describe('project serialisation and columns', () => {
  const row = {
    id: 'p1',
    title: 'T',
    description: 'D',
    category: 'SaaS',
    pricePaise: 99999,
    discount: 10,
    technologies: [],
    features: [],
    tags: [],
    demoUrl: '',
    difficulty: 'Beginner',
    rating: 0,
    isActive: true,
    isDraft: false,
    isFeatured: false,
    isInStock: true,
    stock: null,
    hasFiles: false,
    totalFileSize: 0,
    projectOwnerId: 'u1',
    githubRepo: null,
    verificationStatus: 'pending',
    verificationNotes: '',
    submissionMessage: '',
    allowsCustomization: false,
    customizationPricePaise: 150,
    includesInstallationSupport: false,
    supportDuration: 5,
    hasReport: false,
    reportPricePaise: 0,
    salesCount: 0,
    downloadCount: 0,
    viewCount: 0,
    reviews: 0,
    revenuePaise: 1234500,
    avgRating: 0,
    conversionRate: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-02T00:00:00Z'),
  } satisfies ProjectRow
  it('returns rupees, _id, discountedPrice, owner object and images', () => {
    const api = toApiProject(row, [{ url: '/f/a.png', alt: 'A', filePath: 'a.png' }], {
      id: 'u1',
      name: 'Asha',
      email: 'a@x.in',
    })
    expect(api).toMatchObject({
      _id: 'p1',
      price: 999.99,
      discountedPrice: 899.99,
      customizationPrice: 1.5,
      revenue: 12345,
      projectOwner: { _id: 'u1', name: 'Asha', email: 'a@x.in' },
      images: [{ url: '/f/a.png', alt: 'A', filePath: 'a.png' }],
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    expect(api).not.toHaveProperty('searchText')
    expect(discountedPrice(1000, 33.3)).toBe(6.67)
  })
  it('maps input to columns (paise, owner id) and diffs only what changed', () => {
    const columns = toProjectColumns({ price: 1000.5, projectOwner: null, title: 'T', tags: ['x'] })
    expect(columns).toEqual({ pricePaise: 100050, projectOwnerId: null, title: 'T', tags: ['x'] })
    expect(diffColumns(row, columns)).toEqual({
      changed: true,
      before: { pricePaise: 99999, projectOwnerId: 'u1', tags: [] },
      after: { pricePaise: 100050, projectOwnerId: null, tags: ['x'] },
    })
  })
})
