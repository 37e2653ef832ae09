/**
 * The commission split engine (SPEC.md 3 "Commission configuration", 4 "Commission
 * configuration", 5 "Commission", 9 commission defaults): what each party receives of one order, in
 * integer paise that sum to the order amount exactly. Pure, shared by the server (stats) and the
 * client (the modal's split preview), so it lives under src/domain and imports only the contract's
 * types (docs/decisions/012-commission-split.md).
 *
 * Rules. Rates are basis points (1 % = 100 bps); the five split rates sum to 10,000.
 * - Receiving parties: the project owner and the platform always; the customizer only when the order
 *   bought customization; installation support only when it bought installation; referral only
 *   with a referrer. An agent earns the referral rate; a student (a registered user who is not an
 *   agent) earns min(student commission, referral rate), SPEC.md 3/5 (student commission 0-20 %),
 *   and the rest of the referral rate is unused. A party that does not receive leaves its rate unused.
 * - Unused basis points follow noReferralDistribution (SPEC.md 4): 'project_owner' → all to the
 *   project owner; 'platform_owner' → all to the platform; 'equal_split' → equally among the
 *   receiving parties other than a student referrer (a student earns its configured commission,
 *   never more). With k sharing parties, exactly in integers: weight = k·bps + unused for a sharing
 *   party, k·bps for the others, over 10,000·k.
 * - Rounding: the d'Hondt (Jefferson) divisor method. Each party first gets floor(exact) (lower
 *   quota); the leftover paise (fewer than the number of parties with a weight) go one at a time to
 *   the party with the largest weight/(share + 1), ties to the earlier party of COMMISSION_PARTIES.
 *   That is "the amount largest of {weight/j : j ≥ 1} under one fixed order", so no share ever
 *   decreases when the amount grows (largest-remainder rounding does: the Alabama paradox).
 *   Bound: floor(exact) ≤ share ≤ min(floor(exact) + leftover, floor((amount + m)·weight / total))
 *   with m the parties with a weight, hence share < exact + m − 1 when m ≥ 2.
 */
import type { CommissionConfig, NoReferralDistribution } from '../api/schemas/commission'

export const COMMISSION_PARTIES = ['projectOwner', 'platform', 'customizer', 'installationSupport', 'referral'] as const
export type CommissionParty = (typeof COMMISSION_PARTIES)[number]

/** Rates as stored, basis points (1 % = 100 bps); the five split rates sum to 10,000. */
export interface SplitConfig {
  projectOwnerBps: number
  platformOwnerBps: number
  customizerBps: number
  installationSupportBps: number
  referralBps: number
  /** What a student referrer earns, 0 to 2,000 bps (SPEC.md 5), capped at referralBps. */
  studentCommissionBps: number
  noReferralDistribution: NoReferralDistribution
}
/** One order as the engine sees it: the amount paid in paise and what it bought. */
export interface SplitOrder {
  amountPaise: number
  withCustomization: boolean
  withInstallation: boolean
  /** 'agent': referred by an agent; 'student': by a registered user who is not an agent; null: no referrer. */
  referrer: 'agent' | 'student' | null
}
/** Paise per party, integers, summing to the order's amountPaise. */
export type Split = Readonly<Record<CommissionParty, number>>

const TOTAL_BPS = 10_000
const STUDENT_MAX_BPS = 2_000
const AGENT_DISCOUNT_MAX_BPS = 5_000
const DISTRIBUTIONS: readonly NoReferralDistribution[] = ['equal_split', 'project_owner', 'platform_owner']
const RATE_KEYS = [
  'projectOwnerBps',
  'platformOwnerBps',
  'customizerBps',
  'installationSupportBps',
  'referralBps',
] as const

const isBps = (n: unknown, max: number): n is number =>
  Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= max
function checkAmount(name: string, paise: number): bigint {
  if (!Number.isSafeInteger(paise) || paise < 0)
    throw new RangeError(`${name} must be a non-negative whole number of paise`)
  return BigInt(paise)
}

/** Throws RangeError unless the five rates are non-negative integers summing to 10,000 and the rest is in range. */
export function assertSplitConfig(config: SplitConfig): void {
  for (const key of RATE_KEYS)
    if (!isBps(config[key], TOTAL_BPS)) throw new RangeError(`${key} must be a whole number of bps from 0 to 10000`)
  const total = RATE_KEYS.reduce((sum, key) => sum + config[key], 0)
  if (total !== TOTAL_BPS) throw new RangeError(`The five rates must total 10000 bps, not ${total}`)
  if (!isBps(config.studentCommissionBps, STUDENT_MAX_BPS))
    throw new RangeError('studentCommissionBps must be a whole number from 0 to 2000')
  if (!DISTRIBUTIONS.includes(config.noReferralDistribution))
    throw new RangeError('noReferralDistribution must be equal_split, project_owner or platform_owner')
}

/**
 * Integer weights per party (COMMISSION_PARTIES order) over their total, after the receiving rules
 * and the distribution of unused basis points (see the module docstring).
 */
function splitWeights(order: SplitOrder, config: SplitConfig): bigint[] {
  const own = [
    config.projectOwnerBps,
    config.platformOwnerBps,
    order.withCustomization ? config.customizerBps : 0,
    order.withInstallation ? config.installationSupportBps : 0,
    order.referrer === 'agent'
      ? config.referralBps
      : order.referrer === 'student'
        ? Math.min(config.studentCommissionBps, config.referralBps)
        : 0,
  ]
  const unused = TOTAL_BPS - own.reduce((sum, bps) => sum + bps, 0)
  if (config.noReferralDistribution === 'project_owner') own[0] += unused
  if (config.noReferralDistribution === 'platform_owner') own[1] += unused
  if (config.noReferralDistribution !== 'equal_split') return own.map(BigInt)
  const sharing = [true, true, order.withCustomization, order.withInstallation, order.referrer === 'agent']
  const k = sharing.filter(Boolean).length
  return own.map((bps, i) => BigInt(k * bps + (sharing[i] ? unused : 0)))
}

/**
 * Apportions amountPaise among integer weights by the d'Hondt divisor method (lower quota first,
 * then the leftover paise one at a time to the largest weight/(share + 1), ties to the lower index).
 * Returns integer shares summing to amountPaise; zero weights get 0. RangeError for a negative or
 * unsafe amount, negative weights, or all-zero weights with a positive amount.
 */
export function apportion(amountPaise: number, weights: readonly (bigint | number)[]): number[] {
  const amount = checkAmount('amountPaise', amountPaise)
  const w = weights.map((x) => BigInt(x))
  if (w.some((x) => x < 0n)) throw new RangeError('Weights must be non-negative')
  const total = w.reduce((sum, x) => sum + x, 0n)
  if (total === 0n) {
    if (amount === 0n) return w.map(() => 0)
    throw new RangeError('At least one weight must be positive')
  }
  const shares = w.map((x) => (amount * x) / total)
  for (let left = amount - shares.reduce((sum, s) => sum + s, 0n); left > 0n; left--) {
    let best = -1
    for (let i = 0; i < w.length; i++) {
      // w_i/(s_i+1) > w_best/(s_best+1), cross-multiplied; strict, so ties stay with the lower index.
      if (w[i] > 0n && (best < 0 || w[i] * (shares[best] + 1n) > w[best] * (shares[i] + 1n))) best = i
    }
    shares[best] += 1n
  }
  return shares.map(Number)
}

/**
 * Splits one order among the five parties (rules in the module docstring). Returns paise per
 * party, integers summing to order.amountPaise. RangeError for an invalid config, an unknown
 * referrer or an amount that is not a non-negative safe integer.
 */
export function splitOrder(order: SplitOrder, config: SplitConfig): Split {
  assertSplitConfig(config)
  if (order.referrer !== null && order.referrer !== 'agent' && order.referrer !== 'student') {
    throw new RangeError("referrer must be 'agent', 'student' or null")
  }
  const shares = apportion(order.amountPaise, splitWeights(order, config))
  return Object.freeze(
    Object.fromEntries(COMMISSION_PARTIES.map((party, i) => [party, shares[i]])) as Record<CommissionParty, number>,
  )
}

/**
 * The price a customer referred by an agent pays: list price less the agent discount, rounded half
 * up to the paisa (SPEC.md 3 agentDiscountPercent, 0-50 %, SPEC.md 5). Paise in, paise out;
 * RangeError for a negative or unsafe price or a discount outside 0..5,000 bps.
 */
export function agentDiscountedPricePaise(listPricePaise: number, agentDiscountBps: number): number {
  const list = checkAmount('listPricePaise', listPricePaise)
  if (!isBps(agentDiscountBps, AGENT_DISCOUNT_MAX_BPS))
    throw new RangeError('agentDiscountBps must be a whole number from 0 to 5000')
  const scaled = list * BigInt(TOTAL_BPS - agentDiscountBps)
  return Number((2n * scaled + BigInt(TOTAL_BPS)) / (2n * BigInt(TOTAL_BPS)))
}

/** Percent with at most two decimals → basis points (12.5 → 1250); RangeError when not finite. */
function bps(name: string, percent: number): number {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) throw new RangeError(`${name} must be a number`)
  return Math.round(percent * 100)
}

/** The percent fields of a configuration (the API and form shape, SPEC.md 3). */
export type PercentSplitConfig = Pick<
  CommissionConfig,
  | 'projectOwnerRate'
  | 'platformOwnerRate'
  | 'customizerRate'
  | 'installationSupportRate'
  | 'referralCommissionRate'
  | 'studentCommissionPercent'
  | 'noReferralDistribution'
>

/** A configuration in percent (API/form shape) → a checked SplitConfig in basis points; RangeError as assertSplitConfig. */
export function splitConfigFromPercent(config: PercentSplitConfig): SplitConfig {
  const split: SplitConfig = {
    projectOwnerBps: bps('projectOwnerRate', config.projectOwnerRate),
    platformOwnerBps: bps('platformOwnerRate', config.platformOwnerRate),
    customizerBps: bps('customizerRate', config.customizerRate),
    installationSupportBps: bps('installationSupportRate', config.installationSupportRate),
    referralBps: bps('referralCommissionRate', config.referralCommissionRate),
    studentCommissionBps: bps('studentCommissionPercent', config.studentCommissionPercent),
    noReferralDistribution: config.noReferralDistribution,
  }
  assertSplitConfig(split)
  return split
}
