/**
 * Commission contract (SPEC.md 2 "Commission Management"; 3 "Commission configuration"; 4; 5
 * "Commission"; 7 "Commission"; 9 defaults). Rates travel in percent with at most one
 * decimal (steps of 0.1); the server stores basis points (1 % = 100 bps) and checks the total there:
 * the five split rates must sum to exactly 10,000 bps, never compared as floats. Money in rupees.
 *
 * The default configuration applies to every project without an active configuration of its own;
 * it cannot be deleted. GET /configs/default answers `config: null` until one exists; PUT
 * /configs/default creates it (omitted fields take SPEC.md 9's defaults and the note 'Default
 * commission configuration for all projects') or updates it.
 */
import * as v from 'valibot'
import { IsoDateSchema, textSchema } from './common'
import { strictMessage } from './fields'
import { coerceNumber } from './normalise'

/** SPEC.md 4: who receives an unused share (no referrer, an add-on not bought). */
export const NO_REFERRAL_DISTRIBUTIONS = ['equal_split', 'project_owner', 'platform_owner'] as const
export type NoReferralDistribution = (typeof NO_REFERRAL_DISTRIBUTIONS)[number]
export const NO_REFERRAL_DISTRIBUTION_LABELS: Readonly<Record<NoReferralDistribution, string>> = {
  equal_split: 'Equal split',
  project_owner: 'Project owner',
  platform_owner: 'Platform owner',
}
/** The five split rates, in the order SPEC.md 3 lists them. */
export const SPLIT_RATE_FIELDS = [
  'projectOwnerRate',
  'platformOwnerRate',
  'customizerRate',
  'installationSupportRate',
  'referralCommissionRate',
] as const
export type SplitRateField = (typeof SPLIT_RATE_FIELDS)[number]
export const SPLIT_RATE_LABELS: Readonly<Record<SplitRateField, string>> = {
  projectOwnerRate: 'Project Owner',
  platformOwnerRate: 'Platform',
  customizerRate: 'Customizer',
  installationSupportRate: 'Installation Support',
  referralCommissionRate: 'Referral',
}
/** SPEC.md 5 bounds, percent. */
export const AGENT_DISCOUNT_MAX = 50
export const STUDENT_COMMISSION_MAX = 20
/** The total the five rates must reach, in basis points (100 %). */
export const SPLIT_TOTAL_BPS = 10_000
/** SPEC.md 5: shown while the five rates do not sum to 100 %. */
export const TOTAL_MUST_EQUAL_MESSAGE = 'Total must equal 100%'
/** SPEC.md 9 defaults (percent) and the default configuration's note. */
export const COMMISSION_DEFAULTS = {
  projectOwnerRate: 50,
  platformOwnerRate: 30,
  customizerRate: 10,
  installationSupportRate: 5,
  referralCommissionRate: 5,
  agentDiscountPercent: 5,
  studentCommissionPercent: 0,
  noReferralDistribution: 'equal_split' as NoReferralDistribution,
} as const
export const DEFAULT_CONFIG_NOTES = 'Default commission configuration for all projects'
/** Cards per page of the Configurations tab (SPEC.md 7 does not show one). */
export const COMMISSION_PAGE_SIZE = 12
export const COMMISSION_NOTES_MAX = 1000

/** Percent → integer basis points (12.5 → 1250); the total check and the server work in bps. */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100)
}
/** The five rates' total in basis points; a missing or non-finite rate counts as 0 (SPEC.md 5: empty input is 0). */
export function splitTotalBps(rates: Partial<Record<SplitRateField, number | null | undefined>>): number {
  return SPLIT_RATE_FIELDS.reduce((sum, field) => {
    const rate = rates[field]
    return sum + (typeof rate === 'number' && Number.isFinite(rate) ? percentToBps(rate) : 0)
  }, 0)
}

/**
 * A percent within [0, max] in steps of 0.1 (SPEC.md 5), as a number or numeric string; '' is 0
 * (SPEC.md 5: empty input counts as 0).
 */
export function percentField(label: string, max: number) {
  const bounded = () =>
    [
      v.minValue<number, number, string>(0, `${label} must be at least 0`),
      v.maxValue<number, number, string>(max, `${label} cannot exceed ${max}`),
      v.check((n: number) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, `${label} must be in steps of 0.1`),
    ] as const
  return v.union(
    [
      v.pipe(v.number(`${label} must be a number`), ...bounded()),
      v.pipe(
        v.string(),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const n = dataset.value.trim() === '' ? 0 : coerceNumber(dataset.value)
          if (Number.isFinite(n)) return n
          addIssue({ message: `${label} must be a number` })
          return NEVER
        }),
        ...bounded(),
      ),
    ],
    `${label} must be a number`,
  )
}

const configFields = {
  projectOwnerRate: percentField('Project owner rate', 100),
  platformOwnerRate: percentField('Platform owner rate', 100),
  customizerRate: percentField('Customizer rate', 100),
  installationSupportRate: percentField('Installation support rate', 100),
  referralCommissionRate: percentField('Referral commission rate', 100),
  agentDiscountPercent: percentField('Agent discount', AGENT_DISCOUNT_MAX),
  studentCommissionPercent: percentField('Student commission', STUDENT_COMMISSION_MAX),
  noReferralDistribution: v.picklist(
    NO_REFERRAL_DISTRIBUTIONS,
    `No-referral distribution must be one of ${NO_REFERRAL_DISTRIBUTIONS.join(', ')}`,
  ),
  notes: textSchema('Notes', COMMISSION_NOTES_MAX, { multiline: true }),
  isActive: v.boolean('isActive must be true or false'),
}
const optionalAll = <T extends v.ObjectEntries>(entries: T) =>
  Object.fromEntries(Object.entries(entries).map(([k, s]) => [k, v.optional(s)])) as {
    [K in keyof T]: v.OptionalSchema<T[K], undefined>
  }

/**
 * PUT /api/commission/configs/{id} and /configs/default: any subset of the fields; omitted ones keep
 * their stored value (or take the SPEC.md 9 defaults when the default is created). The server
 * checks the resulting five rates total 100 % (400 'Total must equal 100%').
 */
export const CommissionConfigUpdateSchema = v.strictObject(optionalAll(configFields), strictMessage({}))
export type CommissionConfigUpdateInput = v.InferOutput<typeof CommissionConfigUpdateSchema>

/**
 * POST /api/commission/configs: a project's configuration. projectId is required (SPEC.md 5 'A
 * project must be chosen'); a project that has one already → 409; omitted fields take SPEC.md 9's
 * defaults; the five rates must total 100 %.
 */
export const CommissionConfigCreateSchema = v.strictObject(
  {
    projectId: v.pipe(
      v.string('Please select a project'),
      v.nonEmpty('Please select a project'),
      v.uuid('Please select a project'),
    ),
    ...optionalAll(configFields),
  },
  strictMessage({ projectId: 'Please select a project' }),
)
export type CommissionConfigCreateInput = v.InferOutput<typeof CommissionConfigCreateSchema>

/** GET /api/commission/configs: page (COMMISSION_PAGE_SIZE cards), search over the project title and notes, isActive. */
export const CommissionConfigListQuerySchema = v.object({
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'Page must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'Page must be at least 1'),
      v.maxValue(1_000_000, 'Page cannot exceed 1000000'),
    ),
    '1',
  ),
  search: v.optional(textSchema('Search', 200), ''),
  isActive: v.optional(v.picklist(['', 'all', 'true', 'false'], 'isActive must be true, false or all'), ''),
})
export type CommissionConfigListQuery = v.InferOutput<typeof CommissionConfigListQuerySchema>

/** A configuration as the API returns it (SPEC.md 3); `project` is null for the default. Percent values. */
export const CommissionConfigSchema = v.object({
  _id: v.string(),
  project: v.nullable(v.object({ _id: v.string(), title: v.string() })),
  projectOwnerRate: v.number(),
  platformOwnerRate: v.number(),
  customizerRate: v.number(),
  installationSupportRate: v.number(),
  referralCommissionRate: v.number(),
  agentDiscountPercent: v.number(),
  studentCommissionPercent: v.number(),
  noReferralDistribution: v.picklist(NO_REFERRAL_DISTRIBUTIONS),
  notes: v.string(),
  isActive: v.boolean(),
  isDefault: v.boolean(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
})
export type CommissionConfig = v.InferOutput<typeof CommissionConfigSchema>

/** The default first, then project configurations newest first. */
export const CommissionConfigListResponseSchema = v.object({
  success: v.literal(true),
  configs: v.array(CommissionConfigSchema),
  pagination: v.object({ currentPage: v.number(), totalPages: v.number(), totalConfigs: v.number() }),
})
export type CommissionConfigListResponse = v.InferOutput<typeof CommissionConfigListResponseSchema>
/** GET /api/commission/configs/default: null until a default exists. */
export const CommissionDefaultResponseSchema = v.object({
  success: v.literal(true),
  config: v.nullable(CommissionConfigSchema),
})
/** GET /api/commission/configs/{id}: one configuration (a stale save refetches it, decision 042). */
export const CommissionConfigResponseSchema = v.object({ success: v.literal(true), config: CommissionConfigSchema })
export const CommissionConfigMessageResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  config: CommissionConfigSchema,
})
export const CommissionDeleteResponseSchema = v.object({ success: v.literal(true), message: v.string() })

/**
 * GET /api/commission/stats (SPEC.md 3 "Commission stats"): over completed orders, each split by
 * the split engine (src/domain/commission-split.ts) with its project's active configuration, else
 * the default. Rupees. `configs` counts project configurations and the default.
 */
export const CommissionStatsResponseSchema = v.object({
  success: v.literal(true),
  stats: v.object({
    revenue: v.object({
      totalOrders: v.number(),
      totalRevenue: v.number(),
      totalProjectOwnerCommission: v.number(),
      totalPlatformCommission: v.number(),
      totalCustomizerCommission: v.number(),
      totalInstallationCommission: v.number(),
      totalReferralCommission: v.number(),
    }),
    configs: v.object({ active: v.number(), inactive: v.number() }),
  }),
})
export type CommissionStats = v.InferOutput<typeof CommissionStatsResponseSchema>['stats']

/** GET /api/commission/projects?search=: the create modal's project picker, searched on the server (first 20). */
export const CommissionProjectQuerySchema = v.object({ search: v.optional(textSchema('Search', 200), '') })
/** SPEC.md 3 picker item {_id, title, price (rupees)} and the configuration it already has (null: none). */
export const CommissionProjectOptionSchema = v.object({
  _id: v.string(),
  title: v.string(),
  price: v.number(),
  configId: v.nullable(v.string()),
})
export type CommissionProjectOption = v.InferOutput<typeof CommissionProjectOptionSchema>
export const CommissionProjectsResponseSchema = v.object({
  success: v.literal(true),
  projects: v.array(CommissionProjectOptionSchema),
})
