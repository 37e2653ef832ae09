/**
 * Pure rules of commission configurations (SPEC.md 3 "Commission configuration", 5 "Commission",
 * 9 defaults; decision 002): the stored shape in basis points ↔ the API's percent, the
 * merge of a partial update over the stored (or default) values with the 100 % total check in
 * integers, and the statistics over completed orders grouped by everything the split depends on
 * (summed with BigInt, each group's split computed once by the engine, src/domain/commission-split.ts).
 * No I/O.
 */
import {
  COMMISSION_DEFAULTS,
  DEFAULT_CONFIG_NOTES,
  SPLIT_TOTAL_BPS,
  TOTAL_MUST_EQUAL_MESSAGE,
  percentToBps,
  type CommissionConfigUpdateInput,
  type CommissionStats,
  type NoReferralDistribution,
} from '../../src/api/schemas/commission'
import {
  COMMISSION_PARTIES,
  splitOrder,
  type CommissionParty,
  type SplitConfig,
} from '../../src/domain/commission-split'
import { bpsToPercent, paiseToRupees } from './money'

/** The stored values of a configuration (basis points), the columns the API can change. */
export type CommissionValues = {
  projectOwnerRateBps: number
  platformOwnerRateBps: number
  customizerRateBps: number
  installationSupportRateBps: number
  referralCommissionRateBps: number
  agentDiscountBps: number
  studentCommissionBps: number
  noReferralDistribution: NoReferralDistribution
  notes: string
  isActive: boolean
}

/** Percent field of the API → its column (basis points) in CommissionValues. */
const PERCENT_FIELDS = {
  projectOwnerRate: 'projectOwnerRateBps',
  platformOwnerRate: 'platformOwnerRateBps',
  customizerRate: 'customizerRateBps',
  installationSupportRate: 'installationSupportRateBps',
  referralCommissionRate: 'referralCommissionRateBps',
  agentDiscountPercent: 'agentDiscountBps',
  studentCommissionPercent: 'studentCommissionBps',
} as const satisfies Record<string, keyof CommissionValues>

/** SPEC.md 9: the values a new configuration takes for omitted fields (notes '' for a project's, the default note for the default). */
export function defaultCommissionValues(kind: 'project' | 'default'): CommissionValues {
  return {
    projectOwnerRateBps: percentToBps(COMMISSION_DEFAULTS.projectOwnerRate),
    platformOwnerRateBps: percentToBps(COMMISSION_DEFAULTS.platformOwnerRate),
    customizerRateBps: percentToBps(COMMISSION_DEFAULTS.customizerRate),
    installationSupportRateBps: percentToBps(COMMISSION_DEFAULTS.installationSupportRate),
    referralCommissionRateBps: percentToBps(COMMISSION_DEFAULTS.referralCommissionRate),
    agentDiscountBps: percentToBps(COMMISSION_DEFAULTS.agentDiscountPercent),
    studentCommissionBps: percentToBps(COMMISSION_DEFAULTS.studentCommissionPercent),
    noReferralDistribution: COMMISSION_DEFAULTS.noReferralDistribution,
    notes: kind === 'default' ? DEFAULT_CONFIG_NOTES : '',
    isActive: true,
  }
}

/** The five split rates' total in basis points. */
export function ratesTotalBps(values: CommissionValues): number {
  return (
    values.projectOwnerRateBps +
    values.platformOwnerRateBps +
    values.customizerRateBps +
    values.installationSupportRateBps +
    values.referralCommissionRateBps
  )
}

/** The outcome of a merge: the values to store, or the 400 message that refuses them. */
export type MergeResult = { ok: true; values: CommissionValues } | { ok: false; message: string }

/**
 * `input` (validated percent fields, any subset) over `base` (the stored values, or
 * defaultCommissionValues for a new row). Refuses 'Total must equal 100%' unless the five rates of
 * the result total exactly 10,000 bps (integers, SPEC.md 5), and 'The default configuration is
 * always active' when `isDefault` and isActive is false.
 */
export function mergeCommissionValues(
  base: CommissionValues,
  input: CommissionConfigUpdateInput,
  isDefault: boolean,
): MergeResult {
  const values: CommissionValues = { ...base }
  for (const [field, column] of Object.entries(PERCENT_FIELDS) as [
    keyof typeof PERCENT_FIELDS,
    (typeof PERCENT_FIELDS)[keyof typeof PERCENT_FIELDS],
  ][]) {
    const percent = input[field]
    if (percent !== undefined) values[column] = percentToBps(percent)
  }
  if (input.noReferralDistribution !== undefined) values.noReferralDistribution = input.noReferralDistribution
  if (input.notes !== undefined) values.notes = input.notes
  if (input.isActive !== undefined) values.isActive = input.isActive
  if (isDefault && !values.isActive) return { ok: false, message: 'The default configuration is always active' }
  if (ratesTotalBps(values) !== SPLIT_TOTAL_BPS) return { ok: false, message: TOTAL_MUST_EQUAL_MESSAGE }
  return { ok: true, values }
}

/** A stored row as the API shows it (SPEC.md 3): percent rates, ISO dates, project or null. */
export function toApiCommissionConfig(
  row: CommissionValues & {
    id: string
    isDefault: boolean
    createdAt: Date
    updatedAt: Date
    projectId: string | null
    projectTitle: string | null
  },
) {
  return {
    _id: row.id,
    project: row.projectId !== null ? { _id: row.projectId, title: row.projectTitle ?? '' } : null,
    projectOwnerRate: bpsToPercent(row.projectOwnerRateBps),
    platformOwnerRate: bpsToPercent(row.platformOwnerRateBps),
    customizerRate: bpsToPercent(row.customizerRateBps),
    installationSupportRate: bpsToPercent(row.installationSupportRateBps),
    referralCommissionRate: bpsToPercent(row.referralCommissionRateBps),
    agentDiscountPercent: bpsToPercent(row.agentDiscountBps),
    studentCommissionPercent: bpsToPercent(row.studentCommissionBps),
    noReferralDistribution: row.noReferralDistribution,
    notes: row.notes,
    isActive: row.isActive,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Who referred an order, as the engine sees it: orders.referrer_id → users.is_agent ? 'agent' : 'student'; none → null. */
export type ReferrerKind = 'agent' | 'student' | null

/**
 * Completed orders that split alike: the split configuration that applies to them (null: no
 * active project configuration and no default row, so SPEC.md 9's defaults), the amount in paise,
 * the add-ons, the referrer kind, and how many orders (decimal text or number: SQL counts are bigint).
 */
export type CommissionOrderGroup = {
  config: SplitConfig | null
  amountPaise: number
  withCustomization: boolean
  withInstallation: boolean
  referrer: ReferrerKind
  orders: number | string
}

/** SPEC.md 9's defaults as a SplitConfig: what applies when no default configuration exists. */
export function fallbackSplitConfig(): SplitConfig {
  const d = defaultCommissionValues('default')
  return {
    projectOwnerBps: d.projectOwnerRateBps,
    platformOwnerBps: d.platformOwnerRateBps,
    customizerBps: d.customizerRateBps,
    installationSupportBps: d.installationSupportRateBps,
    referralBps: d.referralCommissionRateBps,
    studentCommissionBps: d.studentCommissionBps,
    noReferralDistribution: d.noReferralDistribution,
  }
}

/**
 * GET /api/commission/stats's revenue (SPEC.md 3 "Commission stats"): over groups of completed
 * orders, the order count, the revenue (sum of amounts) and each party's total, each group adding
 * count × splitOrder(one order of the group). Exact: sums in BigInt paise, converted to rupees once
 * (each total below 2^53 paise). The party totals add up to the revenue.
 */
export function commissionRevenue(groups: Iterable<CommissionOrderGroup>): CommissionStats['revenue'] {
  const fallback = fallbackSplitConfig()
  const totals: Record<CommissionParty, bigint> = {
    projectOwner: 0n,
    platform: 0n,
    customizer: 0n,
    installationSupport: 0n,
    referral: 0n,
  }
  let orders = 0n
  let revenue = 0n
  for (const group of groups) {
    const n = BigInt(group.orders)
    const split = splitOrder(
      {
        amountPaise: group.amountPaise,
        withCustomization: group.withCustomization,
        withInstallation: group.withInstallation,
        referrer: group.referrer,
      },
      group.config ?? fallback,
    )
    orders += n
    revenue += n * BigInt(group.amountPaise)
    for (const party of COMMISSION_PARTIES) totals[party] += n * BigInt(split[party])
  }
  const rupees = (paise: bigint) => paiseToRupees(Number(paise))
  return {
    totalOrders: Number(orders),
    totalRevenue: rupees(revenue),
    totalProjectOwnerCommission: rupees(totals.projectOwner),
    totalPlatformCommission: rupees(totals.platform),
    totalCustomizerCommission: rupees(totals.customizer),
    totalInstallationCommission: rupees(totals.installationSupport),
    totalReferralCommission: rupees(totals.referral),
  }
}
