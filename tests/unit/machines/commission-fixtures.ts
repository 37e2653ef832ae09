/** Commission configurations for the machine, command and view tests (SPEC.md 3 shape, percent). */
import type { CommissionConfig } from '../../../src/api/schemas/commission'

export function commissionConfig(overrides: Partial<CommissionConfig> = {}): CommissionConfig {
  return {
    _id: 'cfg-1',
    project: { _id: 'p-1', title: 'Inventory SaaS' },
    projectOwnerRate: 60,
    platformOwnerRate: 25,
    customizerRate: 7.5,
    installationSupportRate: 2.5,
    referralCommissionRate: 5,
    agentDiscountPercent: 10,
    studentCommissionPercent: 2,
    noReferralDistribution: 'project_owner',
    notes: 'Negotiated split',
    isActive: true,
    isDefault: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  }
}

export const defaultConfig = (overrides: Partial<CommissionConfig> = {}) =>
  commissionConfig({
    _id: 'cfg-default',
    project: null,
    projectOwnerRate: 50,
    platformOwnerRate: 30,
    customizerRate: 10,
    installationSupportRate: 5,
    referralCommissionRate: 5,
    agentDiscountPercent: 5,
    studentCommissionPercent: 0,
    noReferralDistribution: 'equal_split',
    notes: 'Default commission configuration for all projects',
    isDefault: true,
    ...overrides,
  })
