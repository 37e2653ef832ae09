import { describe, expect, it } from 'vitest'
import { parseVersionPayload, TableVersions, versionsKey } from '../../../server/services/table-versions'
import type { Db } from '../../../server/db/client'

describe('table version notifications', () => {
  it('parses name:version payloads of the list tables only', () => {
    expect(parseVersionPayload('projects:12')).toEqual(['projects', 12])
    expect(parseVersionPayload('project_images:0')).toEqual(['project_images', 0])
    expect(parseVersionPayload('orders:3')).toEqual(['orders', 3])
    expect(parseVersionPayload('payments:0')).toEqual(['payments', 0])
    expect(parseVersionPayload('contacts:3')).toEqual(['contacts', 3])
    expect(parseVersionPayload('commission_configs:3')).toEqual(['commission_configs', 3])
    expect(parseVersionPayload('source_reports:3')).toEqual(['source_reports', 3])
    expect(parseVersionPayload('audit_log:3')).toBeUndefined()
    expect(parseVersionPayload('users:x')).toBeUndefined()
    expect(parseVersionPayload('users')).toBeUndefined()
    expect(parseVersionPayload('users:3:4')).toBeUndefined()
  })

  it('parses the change list after a bar (migration 0042)', () => {
    const id = '0b6f3f0e-5a43-4d1e-9a53-2f0c7f1d9a01'
    expect(parseVersionPayload(`orders:7|${id}:12:pending:confirmed`)).toEqual([
      'orders',
      7,
      [{ id, before: { at: 12, status: 'pending' }, after: { at: 12, status: 'confirmed' }, searchChanged: false }],
    ])
    expect(parseVersionPayload('orders:7|*')).toEqual(['orders', 7, 'all'])
    expect(parseVersionPayload('orders:|*')).toBeUndefined()
  })

  it('answers the changes between two versions only when every version in between came with a list', () => {
    // Only the change log is exercised: no method here reads the database.
    const versions = new TableVersions(undefined as unknown as Db)
    const moved = (at: number) => ({
      id: `0b6f3f0e-5a43-4d1e-9a53-2f0c7f1d9a0${at}`,
      before: { at, status: 'pending' },
      after: { at, status: 'completed' },
      searchChanged: false,
    })
    versions.observe('orders', 5, [moved(1)])
    versions.observe('orders', 6, [moved(2), moved(3)])
    versions.observe('orders', 8, [moved(4)])
    expect(versions.changesBetween('orders', 4, 6)).toEqual([moved(1), moved(2), moved(3)])
    expect(versions.changesBetween('orders', 6, 6)).toEqual([])
    expect(versions.changesBetween('orders', 6, 8)).toBeUndefined() // 7 not heard
    versions.observe('orders', 7, 'all')
    expect(versions.changesBetween('orders', 6, 8)).toBeUndefined()
    expect(versions.changesBetween('orders', 7, 8)).toEqual([moved(4)])
    expect(versions.changesBetween('payments', 0, 1)).toBeUndefined()
    // A list that arrives after a read moved past its version still counts.
    versions.observe('orders', 10)
    versions.observe('orders', 9, [moved(5)])
    versions.observe('orders', 10, [moved(6)])
    expect(versions.changesBetween('orders', 8, 10)).toEqual([moved(5), moved(6)])
  })

  it('keys versions in a fixed table order', () => {
    expect(versionsKey({ users: 3, projects: 1, project_images: 2, source_reports: 4 })).toBe('1.2.3.4')
    expect(
      versionsKey({ users: 3, projects: 1, project_images: 2, orders: 7, payments: 9 }, ['orders', 'payments']),
    ).toBe('7.9')
  })
})
