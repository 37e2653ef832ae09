/**
 * The commission split engine (src/domain/commission-split.ts): worked examples with the numbers in
 * the names, validation, the agent discount and the percent → bps conversion. The properties over
 * random amounts and rates are in commission-split.properties.test.ts.
 */
import { describe, expect, it } from 'vitest'
import {
  agentDiscountedPricePaise,
  splitConfigFromPercent,
  splitOrder,
  type SplitConfig,
  type SplitOrder,
} from '../../../src/domain/commission-split'
import { COMMISSION_DEFAULTS } from '../../../src/api/schemas/commission'

/** SPEC.md 9 defaults: 50/30/10/5/5, student 0, equal_split. */
const DEFAULT: SplitConfig = {
  projectOwnerBps: 5000,
  platformOwnerBps: 3000,
  customizerBps: 1000,
  installationSupportBps: 500,
  referralBps: 500,
  studentCommissionBps: 0,
  noReferralDistribution: 'equal_split',
}
const order = (amountPaise: number, rest: Partial<SplitOrder> = {}): SplitOrder => ({
  amountPaise,
  withCustomization: false,
  withInstallation: false,
  referrer: null,
  ...rest,
})
const ALL_ADD_ONS = { withCustomization: true, withInstallation: true } as const
const paise = (owner: number, platform: number, customizer: number, installation: number, referral: number) => ({
  projectOwner: owner,
  platform,
  customizer,
  installationSupport: installation,
  referral,
})

describe('splitOrder: worked examples', () => {
  it('₹1,000 with the default 50/30/10/5/5, all add-ons and an agent → 500/300/100/50/50', () => {
    expect(splitOrder(order(100_000, { ...ALL_ADD_ONS, referrer: 'agent' }), DEFAULT)).toEqual(
      paise(50_000, 30_000, 10_000, 5_000, 5_000),
    )
  })
  it('₹1,000, no add-ons, no referrer, equal_split → owner 600, platform 400 (the unused 20 % halved)', () => {
    expect(splitOrder(order(100_000), DEFAULT)).toEqual(paise(60_000, 40_000, 0, 0, 0))
  })
  it('₹1,000, no add-ons, no referrer, project_owner → owner 700, platform 300', () => {
    expect(splitOrder(order(100_000), { ...DEFAULT, noReferralDistribution: 'project_owner' })).toEqual(
      paise(70_000, 30_000, 0, 0, 0),
    )
  })
  it('₹1,000, no add-ons, no referrer, platform_owner → owner 500, platform 500', () => {
    expect(splitOrder(order(100_000), { ...DEFAULT, noReferralDistribution: 'platform_owner' })).toEqual(
      paise(50_000, 50_000, 0, 0, 0),
    )
  })
  it('₹1,000, customization only, equal_split → 533.34/333.33/133.33 (10 % over 3; the odd paisa to the owner)', () => {
    expect(splitOrder(order(100_000, { withCustomization: true }), DEFAULT)).toEqual(
      paise(53_334, 33_333, 13_333, 0, 0),
    )
  })
  it('₹1,000, all add-ons, an agent, project_owner → 500/300/100/50/50 (nothing unused)', () => {
    expect(
      splitOrder(order(100_000, { ...ALL_ADD_ONS, referrer: 'agent' }), {
        ...DEFAULT,
        noReferralDistribution: 'project_owner',
      }),
    ).toEqual(paise(50_000, 30_000, 10_000, 5_000, 5_000))
  })
  it('₹1,000, all add-ons, a student with 2 % → student 20; the unused 3 % over the other four: 507.50/307.50/107.50/57.50', () => {
    expect(
      splitOrder(order(100_000, { ...ALL_ADD_ONS, referrer: 'student' }), { ...DEFAULT, studentCommissionBps: 200 }),
    ).toEqual(paise(50_750, 30_750, 10_750, 5_750, 2_000))
  })
  it('₹1,000, a student with 20 % but a 5 % referral rate → the student gets 50 (capped at the referral rate)', () => {
    expect(
      splitOrder(order(100_000, { referrer: 'student' }), { ...DEFAULT, studentCommissionBps: 2000 }).referral,
    ).toBe(5_000)
  })
  it('₹1,000, a student with the default 0 % → referral 0, owner 600, platform 400', () => {
    expect(splitOrder(order(100_000, { referrer: 'student' }), DEFAULT)).toEqual(paise(60_000, 40_000, 0, 0, 0))
  })
  it('3-way split 33.34/33.33/33.33 of 1 paisa → 1/0/0, of 2 → 1/1/0 (tie to the platform), of 3 → 1/1/1', () => {
    const third: SplitConfig = {
      ...DEFAULT,
      projectOwnerBps: 3334,
      platformOwnerBps: 3333,
      customizerBps: 3333,
      installationSupportBps: 0,
      referralBps: 0,
      noReferralDistribution: 'project_owner',
    }
    const split = (n: number) => splitOrder(order(n, { withCustomization: true }), third)
    expect(split(1)).toEqual(paise(1, 0, 0, 0, 0))
    expect(split(2)).toEqual(paise(1, 1, 0, 0, 0))
    expect(split(3)).toEqual(paise(1, 1, 1, 0, 0))
  })
  it('₹0 → every share 0', () => {
    expect(splitOrder(order(0, { ...ALL_ADD_ONS, referrer: 'agent' }), DEFAULT)).toEqual(paise(0, 0, 0, 0, 0))
  })
  it('Number.MAX_SAFE_INTEGER paise (amount × weight beyond 2^53) still sums exactly', () => {
    const split = splitOrder(order(Number.MAX_SAFE_INTEGER, { withCustomization: true }), DEFAULT)
    expect(Object.values(split).reduce((a, b) => a + b, 0)).toBe(Number.MAX_SAFE_INTEGER)
    expect(split).toEqual(paise(4_803_839_602_528_529, 3_002_399_751_580_330, 1_200_959_900_632_132, 0, 0))
  })
})

describe('splitOrder: validation (RangeError)', () => {
  const bad: [string, number][] = [
    ['negative', -1],
    ['fractional', 1.5],
    ['unsafe', 2 ** 53],
    ['NaN', Number.NaN],
  ]
  it.each(bad)('refuses a %s amount', (_name, amount) => {
    expect(() => splitOrder(order(amount), DEFAULT)).toThrow(RangeError)
  })
  it('refuses rates that total 9,990 bps (99.9 %)', () => {
    expect(() => splitOrder(order(100), { ...DEFAULT, referralBps: 490 })).toThrow(/total 10000 bps, not 9990/)
  })
  it('refuses a negative or fractional rate even when the total is 10,000', () => {
    expect(() => splitOrder(order(100), { ...DEFAULT, projectOwnerBps: 5600, referralBps: -100 })).toThrow(RangeError)
    expect(() => splitOrder(order(100), { ...DEFAULT, projectOwnerBps: 4999.5, referralBps: 500.5 })).toThrow(
      RangeError,
    )
  })
  it('refuses a student commission above 2,000 bps (20 %) and an unknown distribution or referrer', () => {
    expect(() => splitOrder(order(100), { ...DEFAULT, studentCommissionBps: 2001 })).toThrow(RangeError)
    expect(() => splitOrder(order(100), { ...DEFAULT, noReferralDistribution: 'nobody' as never })).toThrow(RangeError)
    expect(() => splitOrder(order(100, { referrer: 'friend' as never }), DEFAULT)).toThrow(RangeError)
  })
})

describe('agentDiscountedPricePaise', () => {
  it('₹1,000 list with a 5 % agent discount → ₹950', () => expect(agentDiscountedPricePaise(100_000, 500)).toBe(95_000))
  it('₹999.99 at 5 % → ₹949.99 (94,999.05 paise rounds down)', () =>
    expect(agentDiscountedPricePaise(99_999, 500)).toBe(94_999))
  it('₹0.10 at 5 % → ₹0.10 (9.5 paise rounds half up)', () => expect(agentDiscountedPricePaise(10, 500)).toBe(10))
  it('₹0.30 at 5 % → ₹0.29 (28.5 paise rounds half up to 29)', () =>
    expect(agentDiscountedPricePaise(30, 500)).toBe(29))
  it('0 % keeps the list price; 50 % halves it; ₹0 stays ₹0', () => {
    expect(agentDiscountedPricePaise(12_345, 0)).toBe(12_345)
    expect(agentDiscountedPricePaise(12_345, 5000)).toBe(6_173)
    expect(agentDiscountedPricePaise(0, 2500)).toBe(0)
  })
  it('refuses a discount above 5,000 bps (50 %), a fractional one and a negative price', () => {
    expect(() => agentDiscountedPricePaise(100, 5001)).toThrow(RangeError)
    expect(() => agentDiscountedPricePaise(100, 2.5)).toThrow(RangeError)
    expect(() => agentDiscountedPricePaise(-1, 500)).toThrow(RangeError)
  })
})

describe('splitConfigFromPercent', () => {
  it('SPEC.md 9 defaults → 5000/3000/1000/500/500, student 0, equal_split', () => {
    expect(splitConfigFromPercent(COMMISSION_DEFAULTS)).toEqual(DEFAULT)
  })
  it('steps of 0.1 land on whole bps: 33.4/33.3/33.3/0/0 → 3340/3330/3330/0/0, student 12.3 → 1230', () => {
    expect(
      splitConfigFromPercent({
        projectOwnerRate: 33.4,
        platformOwnerRate: 33.3,
        customizerRate: 33.3,
        installationSupportRate: 0,
        referralCommissionRate: 0,
        studentCommissionPercent: 12.3,
        noReferralDistribution: 'platform_owner',
      }),
    ).toEqual({
      projectOwnerBps: 3340,
      platformOwnerBps: 3330,
      customizerBps: 3330,
      installationSupportBps: 0,
      referralBps: 0,
      studentCommissionBps: 1230,
      noReferralDistribution: 'platform_owner',
    })
  })
  it('refuses a total of 99.9 %, a student commission of 20.1 % and a non-finite rate', () => {
    expect(() => splitConfigFromPercent({ ...COMMISSION_DEFAULTS, referralCommissionRate: 4.9 })).toThrow(RangeError)
    expect(() => splitConfigFromPercent({ ...COMMISSION_DEFAULTS, studentCommissionPercent: 20.1 })).toThrow(RangeError)
    expect(() => splitConfigFromPercent({ ...COMMISSION_DEFAULTS, customizerRate: Number.NaN })).toThrow(RangeError)
  })
})
