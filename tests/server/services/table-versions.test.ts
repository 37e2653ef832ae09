import { describe, expect, it } from 'vitest'
import { parseVersionPayload, versionsKey } from '../../../server/services/table-versions'

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
  })

  it('keys versions in a fixed table order', () => {
    expect(versionsKey({ users: 3, projects: 1, project_images: 2, source_reports: 4 })).toBe('1.2.3.4')
    expect(
      versionsKey({ users: 3, projects: 1, project_images: 2, orders: 7, payments: 9 }, ['orders', 'payments']),
    ).toBe('7.9')
  })
})
