/**
 * Demo commission configurations (SPEC.md 3, 9): the default 50/30/10/5/5 split in basis points
 * and per-project splits whose five rates always sum to 10,000 bps (100%).
 */
import type { Rng } from './random'
import type { Row, TableSpec } from './writer'

export const COMMISSION_TABLE: TableSpec = {
  table: 'commission_configs',
  columns: [
    'id',
    'project_id',
    'project_owner_rate_bps',
    'platform_owner_rate_bps',
    'customizer_rate_bps',
    'installation_support_rate_bps',
    'referral_commission_rate_bps',
    'agent_discount_bps',
    'student_commission_bps',
    'no_referral_distribution',
    'notes',
    'is_active',
    'is_default',
    'created_at',
    'updated_at',
  ],
}

export const DEFAULT_COMMISSION_NOTES = 'Default commission configuration for all projects'

/** Owner, platform, customizer, installation, referral: each row sums to 10,000 bps. */
const SPLITS = [
  [5000, 3000, 1000, 500, 500],
  [6000, 2500, 750, 250, 500],
  [4500, 3500, 1000, 500, 500],
  [5500, 3000, 500, 500, 500],
  [7000, 2000, 500, 0, 500],
  [4000, 3000, 1500, 1000, 500],
  [6000, 3000, 0, 500, 500],
  [5000, 2500, 1000, 1000, 500],
  [6500, 2500, 500, 250, 250],
]
const NOTES = [
  'Higher owner share for a featured project',
  'Customization-heavy project',
  'Launch offer split',
  'Agreed with the owner by e-mail',
  'Installation handled by the platform',
]

/** The default configuration row, created at `at`. */
export function defaultCommission(rng: Rng, at: Date): Row {
  return [
    rng.uuid(at),
    null,
    5000,
    3000,
    1000,
    500,
    500,
    500,
    0,
    'equal_split',
    DEFAULT_COMMISSION_NOTES,
    true,
    true,
    at,
    at,
  ]
}

/** A project-specific configuration. */
export function projectCommission(rng: Rng, projectId: string, at: Date): Row {
  const split = rng.pick(SPLITS)
  return [
    rng.uuid(at),
    projectId,
    ...split,
    rng.pick([0, 250, 500, 1000]),
    rng.pick([0, 0, 500, 1000, 2000]),
    rng.weighted({ equal_split: 3, project_owner: 1, platform_owner: 1 }),
    rng.pick(NOTES),
    rng.chance(0.8),
    false,
    at,
    at,
  ]
}
