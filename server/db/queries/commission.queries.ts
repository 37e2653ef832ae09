/**
 * Commission configurations in the database (SPEC.md 2 "Commission Management", 3, 5, 7
 * "Commission", 9): the paged list (the default first, then newest), one configuration,
 * the default, create / update / delete and the default's upsert, the statistics over completed
 * orders, and the create modal's project picker. Rates are stored in basis points and merged and
 * checked by domain/commission-configs.ts; the database holds the same rules as CHECK constraints
 * (migration 0022). Every write is a locked write (db/write.ts) naming the admin for the audit trigger of
 * migration 0010 (its `actor`); the commission_configs version is bumped at commit (0022).
 */
import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import {
  COMMISSION_PAGE_SIZE,
  type CommissionConfig,
  type CommissionConfigCreateInput,
  type CommissionConfigListQuery,
  type CommissionConfigUpdateInput,
  type CommissionProjectOption,
  type CommissionStats,
  type NoReferralDistribution,
} from '../../../src/api/schemas/commission'
import type { SplitConfig } from '../../../src/domain/commission-split'
import {
  commissionRevenue,
  defaultCommissionValues,
  mergeCommissionValues,
  toApiCommissionConfig,
  type CommissionOrderGroup,
  type CommissionValues,
  type ReferrerKind,
} from '../../domain/commission-configs'
import { paiseToRupees } from '../../domain/money'
import { badRequest, conflict, hasErrorCode, notFound } from '../../http/errors'
import type { Db } from '../client'
import { commissionConfigs, projects } from '../schema'
import { escapeLike, rawRows } from '../sql'
import { projectTextMatches } from './projects-list.queries'
import { write } from '../write'
import { assertVersion, nextVersion } from '../../domain/versions'

/** Who acts, from where (audit trigger settings). */
/**
 * The acting admin (named to the audit trigger), the app's clock (`now`, the version a change
 * sets; default the system clock) and the If-Match of a one-configuration write (`version`,
 * decision 041: 409 version_conflict unless the configuration is that version).
 */
export type CommissionActor = { actorId: string; ip: string | null; now?: Date; version?: string | null }

export const CONFIG_NOT_FOUND = 'Commission configuration not found'
export const PROJECT_NOT_FOUND = 'Project not found'
export const PROJECT_HAS_CONFIG = 'This project already has a commission configuration'
export const DEFAULT_NOT_DELETABLE = 'The default configuration cannot be deleted'
/** Projects the picker answers at most. */
export const PROJECT_PICKER_LIMIT = 20

const { projectId: _projectId, ...configColumns } = getTableColumns(commissionConfigs)
/** A configuration row with its project's id and title (both null for the default). */
const configSelect = { ...configColumns, projectId: commissionConfigs.projectId, projectTitle: projects.title }

function selectConfigs(db: Db) {
  return db
    .select(configSelect)
    .from(commissionConfigs)
    .leftJoin(projects, eq(projects.id, commissionConfigs.projectId))
}

/** The WHERE of the list: search (case-insensitive literal substring of the project title or the notes) and isActive. */
function listWhere(query: Pick<CommissionConfigListQuery, 'search' | 'isActive'>): SQL | undefined {
  const conditions: SQL[] = []
  const term = query.search.trim()
  if (term) {
    const pattern = `%${escapeLike(term)}%`
    conditions.push(sql`(${projects.title} ILIKE ${pattern} OR ${commissionConfigs.notes} ILIKE ${pattern})`)
  }
  if (query.isActive === 'true' || query.isActive === 'false')
    conditions.push(eq(commissionConfigs.isActive, query.isActive === 'true'))
  return conditions.length ? and(...conditions) : undefined
}

/**
 * GET /api/commission/configs: page `query.page` of COMMISSION_PAGE_SIZE, the default first, then
 * newest (created_at, id descending); pagination {currentPage, totalPages (0 when none), totalConfigs}.
 * Page and count are read in one repeatable-read transaction (one snapshot).
 */
export async function listCommissionConfigs(db: Db, query: CommissionConfigListQuery) {
  const where = listWhere(query)
  const [rows, [{ total }]] = await db.transaction(
    async (tx) =>
      Promise.all([
        selectConfigs(tx)
          .where(where)
          .orderBy(desc(commissionConfigs.isDefault), desc(commissionConfigs.createdAt), desc(commissionConfigs.id))
          .limit(COMMISSION_PAGE_SIZE)
          .offset((query.page - 1) * COMMISSION_PAGE_SIZE),
        tx
          .select({ total: count() })
          .from(commissionConfigs)
          .leftJoin(projects, eq(projects.id, commissionConfigs.projectId))
          .where(where),
      ]),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  return {
    configs: rows.map(toApiCommissionConfig),
    pagination: { currentPage: query.page, totalPages: Math.ceil(total / COMMISSION_PAGE_SIZE), totalConfigs: total },
  }
}

/** One configuration as the API shows it, or null. */
export async function findCommissionConfig(db: Db, id: string): Promise<CommissionConfig | null> {
  const [row] = await selectConfigs(db).where(eq(commissionConfigs.id, id))
  return row ? toApiCommissionConfig(row) : null
}

/** GET /api/commission/configs/default: the default configuration, or null when there is none. */
export async function findDefaultCommissionConfig(db: Db): Promise<CommissionConfig | null> {
  const [row] = await selectConfigs(db).where(eq(commissionConfigs.isDefault, true))
  return row ? toApiCommissionConfig(row) : null
}

/** The values to store, or the 400 of the merge (total, the default's isActive). */
function merged(base: CommissionValues, input: CommissionConfigUpdateInput, isDefault: boolean): CommissionValues {
  const result = mergeCommissionValues(base, input, isDefault)
  if (!result.ok) throw badRequest(result.message)
  return result.values
}

/**
 * POST /api/commission/configs: the project's configuration, omitted fields at SPEC.md 9's defaults
 * (notes ''). 404 'Project not found'; 400 'Total must equal 100%'; 409 'This project already has a
 * commission configuration', also for the loser of two concurrent creates (INSERT … ON CONFLICT DO
 * NOTHING on commission_project_uq). Answers the new id.
 */
export async function createCommissionConfig(
  db: Db,
  input: CommissionConfigCreateInput,
  actor: CommissionActor,
): Promise<string> {
  const { projectId, ...fields } = input
  const values = merged(defaultCommissionValues('project'), fields, false)
  try {
    const { result } = await write(db, {
      actor,
      transaction: async (tx) => {
        const [project] = await tx
          .select({ id: projects.id })
          .from(projects)
          .where(eq(projects.id, projectId))
          .for('key share')
        if (!project) throw notFound(PROJECT_NOT_FOUND)
        const [row] = await tx
          .insert(commissionConfigs)
          .values({ ...values, projectId, isDefault: false })
          .onConflictDoNothing({ target: commissionConfigs.projectId })
          .returning({ id: commissionConfigs.id })
        if (!row) throw conflict(PROJECT_HAS_CONFIG)
        return { result: row.id }
      },
    })
    return result
  } catch (error) {
    // 23503 foreign_key_violation: the project went away.
    if (hasErrorCode(error, '23503')) throw notFound(PROJECT_NOT_FOUND)
    throw error
  }
}

/** The stored values of a locked row. */
function valuesOf(row: typeof commissionConfigs.$inferSelect): CommissionValues {
  const {
    projectOwnerRateBps,
    platformOwnerRateBps,
    customizerRateBps,
    installationSupportRateBps,
    referralCommissionRateBps,
    agentDiscountBps,
    studentCommissionBps,
    noReferralDistribution,
    notes,
    isActive,
  } = row
  return {
    projectOwnerRateBps,
    platformOwnerRateBps,
    customizerRateBps,
    installationSupportRateBps,
    referralCommissionRateBps,
    agentDiscountBps,
    studentCommissionBps,
    noReferralDistribution,
    notes,
    isActive,
  }
}

/**
 * PUT /api/commission/configs/{id}: `input` merged over the stored values (row locked), then
 * checked (400 'Total must equal 100%'; on the default, isActive false → 400 'The default
 * configuration is always active'); 404 'Commission configuration not found'.
 */
export async function updateCommissionConfig(
  db: Db,
  id: string,
  input: CommissionConfigUpdateInput,
  actor: CommissionActor,
): Promise<void> {
  await write(db, {
    actor,
    transaction: async (tx) => {
      const [row] = await tx.select().from(commissionConfigs).where(eq(commissionConfigs.id, id)).for('update')
      if (!row) throw notFound(CONFIG_NOT_FOUND)
      assertVersion('commission_config', row, actor.version)
      const values = merged(valuesOf(row), input, row.isDefault)
      await tx
        .update(commissionConfigs)
        .set({ ...values, updatedAt: nextVersion(row.updatedAt, actor.now ?? new Date()) })
        .where(eq(commissionConfigs.id, id))
      return { result: undefined }
    },
  })
}

/** DELETE /api/commission/configs/{id}: 404 'Commission configuration not found'; the default → 409 'The default configuration cannot be deleted'. */
export async function deleteCommissionConfig(db: Db, id: string, actor: CommissionActor): Promise<void> {
  await write(db, {
    actor,
    transaction: async (tx) => {
      const [row] = await tx
        .select({
          id: commissionConfigs.id,
          isDefault: commissionConfigs.isDefault,
          updatedAt: commissionConfigs.updatedAt,
        })
        .from(commissionConfigs)
        .where(eq(commissionConfigs.id, id))
        .for('update')
      if (!row) throw notFound(CONFIG_NOT_FOUND)
      assertVersion('commission_config', row, actor.version)
      if (row.isDefault) throw conflict(DEFAULT_NOT_DELETABLE)
      await tx.delete(commissionConfigs).where(eq(commissionConfigs.id, id))
      return { result: undefined }
    },
  })
}

/**
 * PUT /api/commission/configs/default: creates the default (omitted fields at SPEC.md 9's
 * defaults, notes 'Default commission configuration for all projects') or updates it (merged over
 * the stored values). Two concurrent first saves: the unique partial index commission_single_default_uq
 * makes the second INSERT … ON CONFLICT DO NOTHING wait for the first and insert nothing; it then
 * locks the row the first created and applies its input as an update. Answers whether it created.
 */
export async function saveDefaultCommissionConfig(
  db: Db,
  input: CommissionConfigUpdateInput,
  actor: CommissionActor,
): Promise<{ id: string; created: boolean }> {
  const { result } = await write(db, {
    actor,
    transaction: async (tx) => {
      const lockDefault = async () =>
        (await tx.select().from(commissionConfigs).where(eq(commissionConfigs.isDefault, true)).for('update'))[0]
      let row = await lockDefault()
      if (!row) {
        const values = merged(defaultCommissionValues('default'), input, true)
        const [inserted] = await tx
          .insert(commissionConfigs)
          .values({ ...values, projectId: null, isDefault: true })
          .onConflictDoNothing({ target: commissionConfigs.isDefault, where: sql`${commissionConfigs.isDefault}` })
          .returning({ id: commissionConfigs.id })
        if (inserted) return { result: { id: inserted.id, created: true } }
        row = await lockDefault()
        if (!row) throw new Error('The default commission configuration vanished while it was being saved')
      }
      assertVersion('commission_config', row, actor.version)
      const values = merged(valuesOf(row), input, true)
      await tx
        .update(commissionConfigs)
        .set({ ...values, updatedAt: nextVersion(row.updatedAt, actor.now ?? new Date()) })
        .where(eq(commissionConfigs.id, row.id))
      return { result: { id: row.id, created: false } }
    },
  })
  return result
}

/** One row of the stats' grouping: the applicable rates (null: no default row), amount, add-ons, referrer kind, count. */
type GroupRow = {
  owner: number | null
  platform: number | null
  customizer: number | null
  installation: number | null
  referral: number | null
  student: number | null
  distribution: NoReferralDistribution | null
  amount: string
  wc: boolean
  wi: boolean
  referrer: 'agent' | 'student' | 'none'
  n: string
}

/**
 * GET /api/commission/stats (SPEC.md 3 "Commission stats"): completed orders grouped in SQL by
 * everything their split depends on (the rates of the configuration that applies: the project's
 * active one, else the default; the amount; the add-ons; the referrer kind: orders.referrer_id →
 * users.is_agent ? agent : student), then each group split once by the engine and multiplied by
 * its count (domain/commission-configs.ts commissionRevenue). No order is loaded into memory; the
 * groups are the distinct (rates, amount, add-ons, referrer kind) tuples. Configuration counts
 * (active, inactive) include the default. One repeatable-read snapshot for both statements.
 */
export async function commissionStats(db: Db): Promise<CommissionStats> {
  const [groups, [configs]] = await db.transaction(
    async (tx) => {
      // Orders first reduced per (project, amount, add-ons, referrer) — few columns, one pass — then
      // joined to the (small) configuration and referrer tables and reduced again by the rates.
      const grouped = rawRows<GroupRow>(
        tx,
        sql`
      WITH g AS (
        SELECT project_id, referrer_id, total_amount_paise, with_customization, with_installation, count(*) AS n
        FROM orders WHERE status = 'completed'
        GROUP BY project_id, referrer_id, total_amount_paise, with_customization, with_installation),
      d AS (SELECT * FROM commission_configs WHERE is_default)
      SELECT coalesce(pc.project_owner_rate_bps, d.project_owner_rate_bps) AS owner,
        coalesce(pc.platform_owner_rate_bps, d.platform_owner_rate_bps) AS platform,
        coalesce(pc.customizer_rate_bps, d.customizer_rate_bps) AS customizer,
        coalesce(pc.installation_support_rate_bps, d.installation_support_rate_bps) AS installation,
        coalesce(pc.referral_commission_rate_bps, d.referral_commission_rate_bps) AS referral,
        coalesce(pc.student_commission_bps, d.student_commission_bps) AS student,
        coalesce(pc.no_referral_distribution, d.no_referral_distribution)::text AS distribution,
        g.total_amount_paise::text AS amount, g.with_customization AS wc, g.with_installation AS wi,
        CASE WHEN g.referrer_id IS NULL THEN 'none' WHEN r.is_agent THEN 'agent' ELSE 'student' END AS referrer,
        sum(g.n)::text AS n
      FROM g
        LEFT JOIN commission_configs pc ON pc.project_id = g.project_id AND pc.is_active
        LEFT JOIN users r ON r.id = g.referrer_id
        LEFT JOIN d ON true
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`,
      )
      const counted = tx
        .select({
          active: sql<number>`(count(*) FILTER (WHERE ${commissionConfigs.isActive}))::int`,
          inactive: sql<number>`(count(*) FILTER (WHERE NOT ${commissionConfigs.isActive}))::int`,
        })
        .from(commissionConfigs)
      return Promise.all([grouped, counted])
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  return {
    revenue: commissionRevenue(groups.map(toOrderGroup)),
    configs: { active: configs.active, inactive: configs.inactive },
  }
}

function toOrderGroup(row: GroupRow): CommissionOrderGroup {
  const config: SplitConfig | null =
    row.owner === null
      ? null
      : {
          projectOwnerBps: row.owner,
          platformOwnerBps: row.platform!,
          customizerBps: row.customizer!,
          installationSupportBps: row.installation!,
          referralBps: row.referral!,
          studentCommissionBps: row.student!,
          noReferralDistribution: row.distribution!,
        }
  const referrer: ReferrerKind = row.referrer === 'none' ? null : row.referrer
  return {
    config,
    amountPaise: Number(row.amount),
    withCustomization: row.wc,
    withInstallation: row.wi,
    referrer,
    orders: row.n,
  }
}

/**
 * GET /api/commission/projects?search=: the first PROJECT_PICKER_LIMIT projects whose title contains
 * `search` (case-insensitive literal substring; '' = any), ordered by title (then id), each with its
 * price in rupees and the id of its configuration (null: none). The trigram index on
 * project_search.search_text (which holds the lower-cased title) narrows the candidates; without a search
 * projects_title_idx serves the order.
 */
export async function searchCommissionProjects(db: Db, search: string): Promise<CommissionProjectOption[]> {
  const term = search.trim()
  // lower() in SQL on both sides, as the search text is lower-cased by the database (migration 0030).
  const pattern = sql`lower(${`%${escapeLike(term)}%`})`
  const rows = await db
    .select({ id: projects.id, title: projects.title, pricePaise: projects.pricePaise, configId: commissionConfigs.id })
    .from(projects)
    .leftJoin(commissionConfigs, eq(commissionConfigs.projectId, projects.id))
    .where(term ? and(projectTextMatches(pattern), sql`lower(${projects.title}) LIKE ${pattern}`) : undefined)
    .orderBy(asc(projects.title), asc(projects.id))
    .limit(PROJECT_PICKER_LIMIT)
  return rows.map((r) => ({ _id: r.id, title: r.title, price: paiseToRupees(r.pricePaise), configId: r.configId }))
}
