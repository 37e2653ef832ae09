/**
 * Pure commission configuration rules (server/domain/commission-configs.ts): the merge of
 * a partial update with the 100 % total checked in basis points, the default's isActive, the API
 * shape, and the grouped revenue equal to the engine applied order by order (fast-check).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { COMMISSION_PARTIES, splitOrder, type SplitConfig } from '../../../src/domain/commission-split'
import {
  commissionRevenue,
  defaultCommissionValues,
  fallbackSplitConfig,
  mergeCommissionValues,
  toApiCommissionConfig,
  type CommissionOrderGroup,
} from '../../../server/domain/commission-configs'

describe('mergeCommissionValues', () => {
  const base = defaultCommissionValues('project')

  it('keeps stored values for omitted fields and converts percent to bps', () => {
    expect(mergeCommissionValues(base, { projectOwnerRate: 49.9, platformOwnerRate: 30.1, notes: 'x' }, false)).toEqual(
      { ok: true, values: { ...base, projectOwnerRateBps: 4990, platformOwnerRateBps: 3010, notes: 'x' } },
    )
  })

  it('refuses a merged total of 99.9 % or 100.1 %, accepts 33.3 + 33.3 + 33.4', () => {
    expect(mergeCommissionValues(base, { referralCommissionRate: 4.9 }, false)).toEqual({
      ok: false,
      message: 'Total must equal 100%',
    })
    expect(mergeCommissionValues(base, { referralCommissionRate: 5.1 }, false)).toEqual({
      ok: false,
      message: 'Total must equal 100%',
    })
    expect(
      mergeCommissionValues(
        base,
        {
          projectOwnerRate: 33.3,
          platformOwnerRate: 33.3,
          customizerRate: 33.4,
          installationSupportRate: 0,
          referralCommissionRate: 0,
        },
        false,
      ).ok,
    ).toBe(true)
  })

  it('keeps the default active', () => {
    const stored = defaultCommissionValues('default')
    expect(stored.notes).toBe('Default commission configuration for all projects')
    expect(mergeCommissionValues(stored, { isActive: false }, true)).toEqual({
      ok: false,
      message: 'The default configuration is always active',
    })
    expect(mergeCommissionValues(base, { isActive: false }, false)).toMatchObject({
      ok: true,
      values: { isActive: false },
    })
  })

  it('answers percent in the API shape', () => {
    const at = new Date('2026-01-02T03:04:05.678Z')
    expect(
      toApiCommissionConfig({
        ...base,
        agentDiscountBps: 1250,
        id: 'c',
        isDefault: false,
        createdAt: at,
        updatedAt: at,
        projectId: 'p',
        projectTitle: 'T',
      }),
    ).toMatchObject({
      _id: 'c',
      project: { _id: 'p', title: 'T' },
      projectOwnerRate: 50,
      agentDiscountPercent: 12.5,
      createdAt: '2026-01-02T03:04:05.678Z',
    })
  })
})

describe('commissionRevenue', () => {
  const configArb: fc.Arbitrary<SplitConfig> = fc
    .tuple(
      fc.nat(10_000),
      fc.nat(10_000),
      fc.nat(10_000),
      fc.nat(10_000),
      fc.nat(2_000),
      fc.constantFrom('equal_split', 'project_owner', 'platform_owner') as fc.Arbitrary<
        SplitConfig['noReferralDistribution']
      >,
    )
    .map(([a, b, c, d, s, dist]) => {
      const cuts = [a, b, c, d].sort((x, y) => x - y)
      const rates = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], cuts[3] - cuts[2], 10_000 - cuts[3]]
      return {
        projectOwnerBps: rates[0],
        platformOwnerBps: rates[1],
        customizerBps: rates[2],
        installationSupportBps: rates[3],
        referralBps: rates[4],
        studentCommissionBps: s,
        noReferralDistribution: dist,
      }
    })
  const groupArb: fc.Arbitrary<CommissionOrderGroup> = fc.record({
    config: fc.option(configArb, { nil: null }),
    amountPaise: fc.nat(10_000_000_00),
    withCustomization: fc.boolean(),
    withInstallation: fc.boolean(),
    referrer: fc.constantFrom('agent' as const, 'student' as const, null),
    orders: fc.integer({ min: 1, max: 50 }),
  })

  it('equals the engine applied to every order one by one, and the parties add up to the revenue', () => {
    fc.assert(
      fc.property(fc.array(groupArb, { maxLength: 12 }), (groups) => {
        const sums = Object.fromEntries(COMMISSION_PARTIES.map((p) => [p, 0])) as Record<
          (typeof COMMISSION_PARTIES)[number],
          number
        >
        let revenue = 0
        let count = 0
        for (const g of groups) {
          for (let i = 0; i < Number(g.orders); i++) {
            const split = splitOrder(g, g.config ?? fallbackSplitConfig())
            for (const p of COMMISSION_PARTIES) sums[p] += split[p]
            revenue += g.amountPaise
            count++
          }
        }
        const result = commissionRevenue(groups)
        expect(result).toEqual({
          totalOrders: count,
          totalRevenue: revenue / 100,
          totalProjectOwnerCommission: sums.projectOwner / 100,
          totalPlatformCommission: sums.platform / 100,
          totalCustomizerCommission: sums.customizer / 100,
          totalInstallationCommission: sums.installationSupport / 100,
          totalReferralCommission: sums.referral / 100,
        })
      }),
      { numRuns: 200 },
    )
  })

  it('takes counts as bigint text (SQL) and stays exact beyond 2^53 intermediate products', () => {
    const group: CommissionOrderGroup = {
      config: null,
      amountPaise: 1_000_00,
      withCustomization: true,
      withInstallation: true,
      referrer: 'agent',
      orders: '3000000',
    }
    expect(commissionRevenue([group])).toEqual({
      totalOrders: 3_000_000,
      totalRevenue: 3_000_000_000,
      totalProjectOwnerCommission: 1_500_000_000,
      totalPlatformCommission: 900_000_000,
      totalCustomizerCommission: 300_000_000,
      totalInstallationCommission: 150_000_000,
      totalReferralCommission: 150_000_000,
    })
  })
})
