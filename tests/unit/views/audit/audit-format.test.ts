import { describe, expect, it } from 'vitest'
import {
  VALUE_MAX,
  auditChanges,
  auditEntityHref,
  auditEntityText,
  formatAuditTime,
  formatAuditValue,
} from '../../../../src/views/audit/audit-format'
import {
  actionOptionLabel,
  actionOptions,
  auditPath,
  parseAuditSearch,
  toAuditSearch,
} from '../../../../src/views/audit/audit-url'

describe('audit diff formatting', () => {
  it('lists changed, added and removed fields with their values as text', () => {
    expect(
      auditChanges(
        { verificationStatus: 'pending', price: 1500, tags: ['iot'], notes: 'old', gone: true },
        { verificationStatus: 'approved', price: 1500, tags: ['iot', 'esp32'], notes: 'old', added: null },
      ),
    ).toEqual([
      { field: 'verificationStatus', kind: 'changed', before: 'pending', after: 'approved' },
      { field: 'tags.1', kind: 'added', before: '', after: 'esp32' },
      { field: 'gone', kind: 'removed', before: 'true', after: '' },
      { field: 'added', kind: 'added', before: '', after: '' },
    ])
  })

  it('dots nested paths and shows whole objects as compact JSON', () => {
    expect(auditChanges({ address: { city: 'Pune' } }, { address: { city: 'Mumbai' } })).toEqual([
      { field: 'address.city', kind: 'changed', before: 'Pune', after: 'Mumbai' },
    ])
    expect(auditChanges(null, { bank: { ifsc: 'HDFC0001' } })).toEqual([
      { field: 'bank', kind: 'added', before: '', after: '{"ifsc":"HDFC0001"}' },
    ])
    expect(auditChanges({ id: 'x', status: 'read' }, null).map((c) => [c.field, c.kind])).toEqual([
      ['id', 'removed'],
      ['status', 'removed'],
    ])
  })

  it('treats two non-objects as one value and equal ones as no change', () => {
    expect(auditChanges(null, null)).toEqual([])
    expect(auditChanges(undefined, null)).toEqual([])
    expect(auditChanges('a', 'b')).toEqual([{ field: 'value', kind: 'changed', before: 'a', after: 'b' }])
    expect(auditChanges(null, 3)).toEqual([{ field: 'value', kind: 'added', before: '', after: '3' }])
    expect(auditChanges({}, {})).toEqual([])
  })

  it('shows values as text, cut at VALUE_MAX characters', () => {
    expect(formatAuditValue(null)).toBe('')
    expect(formatAuditValue(false)).toBe('false')
    expect(formatAuditValue(['a', 1])).toBe('["a",1]')
    const long = formatAuditValue('x'.repeat(VALUE_MAX + 50))
    expect(long).toHaveLength(VALUE_MAX)
    expect(long.endsWith('…')).toBe(true)
  })

  it('formats the time in India, whatever the machine zone', () => {
    expect(formatAuditTime('2026-03-01T18:30:05Z')).toMatch(/^2 Mar 2026, 12:00:05\s?am$/i)
  })

  it('links each record kind to its console page, and none for the rest', () => {
    expect(auditEntityHref('project', 'p1')).toBe('/projects/p1')
    expect(auditEntityHref('user', 'u1')).toBe('/users/u1')
    expect(auditEntityHref('users', 'u1')).toBe('/users/u1')
    expect(auditEntityHref('order', 'o1')).toBe('/orders?order=o1')
    expect(auditEntityHref('contact', 'c1')).toBe('/contacts/c1')
    expect(auditEntityHref('payments', 'x')).toBeNull()
    expect(auditEntityHref('project', null)).toBeNull()
    expect(auditEntityText('project', 'abc', 'Weather Station')).toBe('Weather Station')
    expect(auditEntityText('project', '0f8e7d6c-1111-2222-3333-444455556666', null)).toBe('project 0f8e7d6c…')
    expect(auditEntityText('email', null, null)).toBe('email')
  })
})

describe('audit URL state', () => {
  it('reads known filters, drops malformed ones, and writes them back without empties', () => {
    const url = parseAuditSearch(
      '?search=solar&entityType=user,users&entityId=u1&actorId=not-a-uuid&action=project.&from=2026-03-01&to=soon&entry=42',
    )
    expect(url).toEqual({
      search: 'solar',
      entityType: 'user,users',
      entityId: 'u1',
      actorId: '',
      action: 'project.',
      from: '2026-03-01',
      to: '',
      entry: '42',
    })
    expect(toAuditSearch(url)).toBe(
      'search=solar&entityType=user%2Cusers&entityId=u1&action=project.&from=2026-03-01&entry=42',
    )
    expect(parseAuditSearch('?entityType=Project&action=Bad Action')).toMatchObject({ entityType: '', action: '' })
    expect(auditPath({})).toBe('/audit')
    expect(auditPath({ entityType: 'project', entityId: 'p1' })).toBe('/audit?entityType=project&entityId=p1')
  })

  it('offers each action family as a prefix before its actions', () => {
    expect(actionOptions(['user.create', 'project.verify', 'project.update', 'auth.sign_in'])).toEqual([
      'auth.',
      'auth.sign_in',
      'project.',
      'project.update',
      'project.verify',
      'user.',
      'user.create',
    ])
    expect(actionOptionLabel('project.')).toBe('project.*')
    expect(actionOptionLabel('project.verify')).toBe('project.verify')
  })
})
