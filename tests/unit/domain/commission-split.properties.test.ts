/**
 * Properties of the commission split engine (src/domain/commission-split.ts) over random amounts,
 * rates, add-ons and referrers (fast-check). The exact shares are recomputed here from the rules as
 * rationals, independently of the engine's weights; the rounding is checked against a brute-force
 * d'Hondt and against the bound proved in docs/decisions/012-commission-split.md:
 *   floor(exact) ≤ share ≤ min(floor(exact) + leftover, floor((amount + m)·exact/amount)),
 * leftover = amount − Σ floor(exact) ≤ m − 1, m = parties with a positive exact share.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  apportion,
  COMMISSION_PARTIES,
  splitOrder,
  type Split,
  type SplitConfig,
  type SplitOrder,
} from '../../../src/domain/commission-split'
import type { NoReferralDistribution } from '../../../src/api/schemas/commission'

const RATES = ['projectOwnerBps', 'platformOwnerBps', 'customizerBps', 'installationSupportBps', 'referralBps'] as const

/** Five rates summing to 10,000: four cuts of [0, 10000], either any bps or whole tenths of a percent (the form's steps). */
const ratesArb = fc.oneof(fc.constant(1), fc.constant(10)).chain((step) =>
  fc.array(fc.integer({ min: 0, max: 10_000 / step }), { minLength: 4, maxLength: 4 }).map((cuts) => {
    const sorted = [0, ...cuts.map((c) => c * step).sort((a, b) => a - b), 10_000]
    return sorted.slice(1).map((c, i) => c - sorted[i])
  }),
)
const configArb: fc.Arbitrary<SplitConfig> = fc
  .record({
    rates: ratesArb,
    studentCommissionBps: fc.oneof(fc.constant(0), fc.constant(2000), fc.integer({ min: 0, max: 2000 })),
    noReferralDistribution: fc.constantFrom<NoReferralDistribution>('equal_split', 'project_owner', 'platform_owner'),
  })
  .map(({ rates, ...rest }) => ({
    ...(Object.fromEntries(RATES.map((k, i) => [k, rates[i]])) as Record<(typeof RATES)[number], number>),
    ...rest,
  }))
const amountArb = (max = Number.MAX_SAFE_INTEGER) =>
  fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max }))
const orderArb = (max?: number): fc.Arbitrary<SplitOrder> =>
  fc.record({
    amountPaise: amountArb(max),
    withCustomization: fc.boolean(),
    withInstallation: fc.boolean(),
    referrer: fc.constantFrom<SplitOrder['referrer']>('agent', 'student', null),
  })
const RUNS = { numRuns: 2000 }

/** Each party's exact share of 10,000 bps as a rational num/den, written from the rules (not the engine's weights). */
function exactBps(order: SplitOrder, c: SplitConfig): { num: bigint[]; den: bigint } {
  const receives = [true, true, order.withCustomization, order.withInstallation, order.referrer !== null]
  const referral = order.referrer === 'student' ? Math.min(c.studentCommissionBps, c.referralBps) : c.referralBps
  const own = [c.projectOwnerBps, c.platformOwnerBps, c.customizerBps, c.installationSupportBps, referral].map(
    (bps, i) => (receives[i] ? bps : 0),
  )
  const unused = 10_000 - own.reduce((a, b) => a + b, 0)
  if (c.noReferralDistribution === 'project_owner')
    return { num: own.map((b, i) => BigInt(i === 0 ? b + unused : b)), den: 1n }
  if (c.noReferralDistribution === 'platform_owner')
    return { num: own.map((b, i) => BigInt(i === 1 ? b + unused : b)), den: 1n }
  // equal_split: unused/k to each receiving party except a student referrer.
  const shares = receives.map((r, i) => r && !(i === 4 && order.referrer === 'student'))
  const k = BigInt(shares.filter(Boolean).length)
  return { num: own.map((b, i) => BigInt(b) * k + (shares[i] ? BigInt(unused) : 0n)), den: k }
}
const values = (split: Split) => COMMISSION_PARTIES.map((p) => split[p])

describe('splitOrder properties', () => {
  it('integers, none negative, summing to the amount to the paisa', () => {
    fc.assert(
      fc.property(orderArb(), configArb, (order, config) => {
        const shares = values(splitOrder(order, config))
        expect(shares.every((s) => Number.isSafeInteger(s) && s >= 0)).toBe(true)
        expect(shares.reduce((a, b) => BigInt(a) + BigInt(b), 0n)).toBe(BigInt(order.amountPaise))
      }),
      RUNS,
    )
  })

  it('parties not receiving get 0; a student earns no more than min(student commission, referral rate) allows', () => {
    fc.assert(
      fc.property(orderArb(), configArb, (order, config) => {
        const split = splitOrder(order, config)
        if (!order.withCustomization) expect(split.customizer).toBe(0)
        if (!order.withInstallation) expect(split.installationSupport).toBe(0)
        if (order.referrer === null) expect(split.referral).toBe(0)
        if (order.referrer === 'student') {
          const cap = Math.min(config.studentCommissionBps, config.referralBps)
          // Upper bound of the d'Hondt rounding for the student's exact share (amount + m ≤ amount + 5).
          expect(BigInt(split.referral) * 10_000n).toBeLessThanOrEqual(BigInt(order.amountPaise + 5) * BigInt(cap))
          if (cap === 0) expect(split.referral).toBe(0)
        }
      }),
      RUNS,
    )
  })

  it('lower quota and the proved upper bound against the exact shares of each distribution rule', () => {
    fc.assert(
      fc.property(orderArb(), configArb, (order, config) => {
        const shares = values(splitOrder(order, config)).map(BigInt)
        const { num, den } = exactBps(order, config)
        const amount = BigInt(order.amountPaise)
        const total = 10_000n * den
        const floors = num.map((n) => (amount * n) / total)
        const leftover = amount - floors.reduce((a, b) => a + b, 0n)
        const m = BigInt(num.filter((n) => n > 0n).length)
        expect(leftover).toBeLessThanOrEqual(m > 0n ? m - 1n : 0n)
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(floors[i])
          expect(share).toBeLessThanOrEqual(floors[i] + leftover)
          expect(share * total).toBeLessThanOrEqual((amount + m) * num[i])
          // Corollary: share − exact < m − 1 (m ≥ 2), so below the number of receiving parties − 1.
          if (m >= 2n) expect(share * total - amount * num[i]).toBeLessThan((m - 1n) * total)
        })
      }),
      RUNS,
    )
  })

  it('project_owner and platform_owner: every unused bps lands on that party (same split as moving the rates there)', () => {
    fc.assert(
      fc.property(
        orderArb(),
        configArb,
        fc.constantFrom<NoReferralDistribution>('project_owner', 'platform_owner'),
        (order, config, rule) => {
          const c = { ...config, noReferralDistribution: rule }
          const referral =
            order.referrer === null
              ? 0
              : order.referrer === 'student'
                ? Math.min(c.studentCommissionBps, c.referralBps)
                : c.referralBps
          const moved: SplitConfig = {
            ...c,
            referralBps: referral,
            customizerBps: order.withCustomization ? c.customizerBps : 0,
            installationSupportBps: order.withInstallation ? c.installationSupportBps : 0,
          }
          const unused = 10_000 - RATES.reduce((sum, k) => sum + moved[k], 0)
          if (rule === 'project_owner') moved.projectOwnerBps += unused
          else moved.platformOwnerBps += unused
          const everyoneReceives: SplitOrder = {
            ...order,
            withCustomization: true,
            withInstallation: true,
            referrer: 'agent',
          }
          expect(splitOrder(order, c)).toEqual(splitOrder(everyoneReceives, moved))
        },
      ),
      RUNS,
    )
  })

  it('equal_split: each sharing party gets its own rate plus the same equal part, within the rounding bound', () => {
    fc.assert(
      fc.property(orderArb(), configArb, (order, config) => {
        const c: SplitConfig = { ...config, noReferralDistribution: 'equal_split' }
        const split = values(splitOrder(order, c)).map(BigInt)
        const own = [c.projectOwnerBps, c.platformOwnerBps, c.customizerBps, c.installationSupportBps, c.referralBps]
        const sharing = [true, true, order.withCustomization, order.withInstallation, order.referrer === 'agent']
        const amount = BigInt(order.amountPaise)
        // share − amount·own/10,000 for the sharing parties: all equal to amount·unused/(10,000·k) up to rounding (< 5 paise).
        const extras = sharing.flatMap((s, i) => (s ? [split[i] * 10_000n - amount * BigInt(own[i])] : []))
        const spread = extras.reduce((a, b) => (b > a ? b : a)) - extras.reduce((a, b) => (b < a ? b : a))
        expect(spread).toBeLessThan(5n * 10_000n)
      }),
      RUNS,
    )
  })

  it('a student with a commission at or above the referral rate earns what an agent would under owner/platform rules', () => {
    fc.assert(
      fc.property(
        orderArb(),
        configArb,
        fc.constantFrom<NoReferralDistribution>('project_owner', 'platform_owner'),
        (order, config, rule) => {
          // The referral rate lowered to the student commission when above it, the difference given to the owner.
          const referralBps = Math.min(config.referralBps, config.studentCommissionBps)
          const c: SplitConfig = {
            ...config,
            noReferralDistribution: rule,
            referralBps,
            projectOwnerBps: config.projectOwnerBps + config.referralBps - referralBps,
          }
          expect(splitOrder({ ...order, referrer: 'student' }, c)).toEqual(
            splitOrder({ ...order, referrer: 'agent' }, c),
          )
        },
      ),
      RUNS,
    )
  })

  it('monotone in the amount: no share decreases from amount to amount + 1', () => {
    fc.assert(
      fc.property(orderArb(Number.MAX_SAFE_INTEGER - 1), configArb, (order, config) => {
        const before = splitOrder(order, config)
        const after = splitOrder({ ...order, amountPaise: order.amountPaise + 1 }, config)
        COMMISSION_PARTIES.forEach((p) => expect(after[p]).toBeGreaterThanOrEqual(before[p]))
      }),
      RUNS,
    )
  })

  it('monotone in the amount: no share decreases from amount to amount + any increase', () => {
    const half = Math.floor(Number.MAX_SAFE_INTEGER / 2)
    fc.assert(
      fc.property(orderArb(half), amountArb(half), configArb, (order, increase, config) => {
        const before = splitOrder(order, config)
        const after = splitOrder({ ...order, amountPaise: order.amountPaise + increase }, config)
        COMMISSION_PARTIES.forEach((p) => expect(after[p]).toBeGreaterThanOrEqual(before[p]))
      }),
      RUNS,
    )
  })
})

/** Brute-force d'Hondt: the `amount` largest quotients weight/j (j ≥ 1), ordered by value, then party index. */
function dHondtByQuotients(amount: number, weights: number[]): number[] {
  const quotients = weights.flatMap((w, i) =>
    w > 0 ? Array.from({ length: amount }, (_, j) => ({ w, d: j + 1, i })) : [],
  )
  quotients.sort((a, b) => b.w * a.d - a.w * b.d || a.i - b.i)
  const seats = weights.map(() => 0)
  for (const q of quotients.slice(0, amount)) seats[q.i] += 1
  return seats
}
/** Largest remainder (Hamilton), the rounding the engine does not use: floors, then the largest remainders. */
function hamilton(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0)
  const seats = weights.map((w) => Math.floor((amount * w) / total))
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => ((amount * weights[b]) % total) - ((amount * weights[a]) % total) || a - b)
  order.slice(0, amount - seats.reduce((a, b) => a + b, 0)).forEach((i) => {
    seats[i] += 1
  })
  return seats
}

describe("apportion: the d'Hondt divisor method", () => {
  const weightsArb = fc
    .array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 6 })
    .filter((w) => w.some((x) => x > 0))

  it('equals the brute-force "amount largest of weight/j" under the fixed order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), weightsArb, (amount, weights) => {
        expect(apportion(amount, weights)).toEqual(dHondtByQuotients(amount, weights))
      }),
      RUNS,
    )
  })

  it('is house-monotone for any weights, amount → amount + 1', () => {
    fc.assert(
      fc.property(amountArb(Number.MAX_SAFE_INTEGER - 1), weightsArb, (amount, weights) => {
        const before = apportion(amount, weights)
        const after = apportion(amount + 1, weights)
        before.forEach((s, i) => expect(after[i]).toBeGreaterThanOrEqual(s))
      }),
      RUNS,
    )
  })

  it("Hamilton's Alabama paradox: weights 970/178/1290/56/606 at 7 → 8 paise drop a party from 1 to 0; d'Hondt does not", () => {
    const weights = [970, 178, 1290, 56, 606]
    expect(hamilton(7, weights)).toEqual([2, 1, 3, 0, 1])
    expect(hamilton(8, weights)).toEqual([3, 0, 3, 0, 2])
    // Quotients 1290, 970, 645, 606, 485, 430, 323.3 | 322.5: the 8th paisa goes to the third party.
    expect(apportion(7, weights)).toEqual([3, 0, 3, 0, 1])
    expect(apportion(8, weights)).toEqual([3, 0, 4, 0, 1])
  })

  it('the paradox in a real config: 45.4/21.4/8.6/9.3/15.3, all add-ons and an agent, 16 → 17 paise (Hamilton: installation 2 → 1)', () => {
    const config: SplitConfig = {
      projectOwnerBps: 4540,
      platformOwnerBps: 2140,
      customizerBps: 860,
      installationSupportBps: 930,
      referralBps: 1530,
      studentCommissionBps: 0,
      noReferralDistribution: 'equal_split',
    }
    const rates = RATES.map((k) => config[k])
    expect(hamilton(16, rates)[3]).toBe(2)
    expect(hamilton(17, rates)[3]).toBe(1)
    const order: SplitOrder = { amountPaise: 16, withCustomization: true, withInstallation: true, referrer: 'agent' }
    const before = splitOrder(order, config)
    const after = splitOrder({ ...order, amountPaise: 17 }, config)
    COMMISSION_PARTIES.forEach((p) => expect(after[p]).toBeGreaterThanOrEqual(before[p]))
  })

  it('refuses negative weights, and a positive amount over all-zero weights', () => {
    expect(() => apportion(5, [1, -1])).toThrow(RangeError)
    expect(() => apportion(5, [0, 0])).toThrow(RangeError)
    expect(apportion(0, [0, 0])).toEqual([0, 0])
  })
})
