/**
 * Helpers for the commission API suites: the orders helpers (users, projects, orders, an
 * admin token with a fresh OTP proof), JSON calls, a valid configuration body, and the expected
 * statistics computed the slow way: every completed order read from the database and split one by
 * one by the engine with the configuration that applies to it (the project's active one, else the
 * default, else SPEC.md 9's defaults), summed in BigInt paise.
 */
import { sql } from 'drizzle-orm'
import { COMMISSION_DEFAULTS } from '../../src/api/schemas/commission'
import { COMMISSION_PARTIES, splitOrder, type SplitConfig } from '../../src/domain/commission-split'
import { rawRows } from '../../server/db/sql'
import { sessionToken } from './session-token'
import { call, type TestContext } from './harness'
import { ordersHelpers } from './orders-helpers'

/** Rates that total 100 % (the SPEC.md 9 defaults). */
export const VALID_RATES = {
  projectOwnerRate: 50,
  platformOwnerRate: 30,
  customizerRate: 10,
  installationSupportRate: 5,
  referralCommissionRate: 5,
} as const

type ConfigRow = {
  project_id: string | null
  is_active: boolean
  is_default: boolean
  o: number
  p: number
  c: number
  i: number
  r: number
  s: number
  d: SplitConfig['noReferralDistribution']
}
type OrderRow = {
  project_id: string | null
  amount: string
  wc: boolean
  wi: boolean
  referrer_id: string | null
  is_agent: boolean | null
}

const toSplit = (c: ConfigRow): SplitConfig => ({
  projectOwnerBps: c.o,
  platformOwnerBps: c.p,
  customizerBps: c.c,
  installationSupportBps: c.i,
  referralBps: c.r,
  studentCommissionBps: c.s,
  noReferralDistribution: c.d,
})

export function commissionHelpers(get: () => TestContext) {
  const h = ordersHelpers(get)
  const send = async (method: string, path: string, body?: unknown, token?: string) =>
    call(get(), method, path, body, token ?? (await h.token()))
  /** An access token whose OTP proof (auth_time) is `minutes` old. */
  const tokenAged = async (minutes: number) => {
    const now = get().deps.now()
    return sessionToken(get(), (await h.admin()).id, new Date(now.getTime() - minutes * 60_000))
  }

  /** The stats as computed order by order (rupees), and the configuration counts. */
  const expectedStats = async () => {
    const db = h.db()
    const configs = await rawRows<ConfigRow>(
      db,
      sql`SELECT project_id, is_active, is_default, project_owner_rate_bps o,
      platform_owner_rate_bps p, customizer_rate_bps c, installation_support_rate_bps i, referral_commission_rate_bps r,
      student_commission_bps s, no_referral_distribution::text d FROM commission_configs`,
    )
    const orders = await rawRows<OrderRow>(
      db,
      sql`SELECT o.project_id, o.total_amount_paise::text amount, o.with_customization wc,
      o.with_installation wi, o.referrer_id, u.is_agent FROM orders o LEFT JOIN users u ON u.id = o.referrer_id WHERE o.status = 'completed'`,
    )
    const byProject = new Map(configs.filter((c) => c.project_id && c.is_active).map((c) => [c.project_id, toSplit(c)]))
    const stored = configs.find((c) => c.is_default)
    const d = COMMISSION_DEFAULTS
    const fallback: SplitConfig = stored
      ? toSplit(stored)
      : {
          projectOwnerBps: d.projectOwnerRate * 100,
          platformOwnerBps: d.platformOwnerRate * 100,
          customizerBps: d.customizerRate * 100,
          installationSupportBps: d.installationSupportRate * 100,
          referralBps: d.referralCommissionRate * 100,
          studentCommissionBps: d.studentCommissionPercent * 100,
          noReferralDistribution: d.noReferralDistribution,
        }
    const totals = Object.fromEntries(COMMISSION_PARTIES.map((p) => [p, 0n])) as Record<
      (typeof COMMISSION_PARTIES)[number],
      bigint
    >
    let revenue = 0n
    const kinds = { agent: 0, student: 0, none: 0 }
    for (const o of orders) {
      const referrer = o.referrer_id === null ? null : o.is_agent ? ('agent' as const) : ('student' as const)
      kinds[referrer ?? 'none']++
      const split = splitOrder(
        { amountPaise: Number(o.amount), withCustomization: o.wc, withInstallation: o.wi, referrer },
        (o.project_id && byProject.get(o.project_id)) || fallback,
      )
      revenue += BigInt(o.amount)
      for (const p of COMMISSION_PARTIES) totals[p] += BigInt(split[p])
    }
    const rupees = (paise: bigint) => Number(paise) / 100
    return {
      kinds,
      stats: {
        revenue: {
          totalOrders: orders.length,
          totalRevenue: rupees(revenue),
          totalProjectOwnerCommission: rupees(totals.projectOwner),
          totalPlatformCommission: rupees(totals.platform),
          totalCustomizerCommission: rupees(totals.customizer),
          totalInstallationCommission: rupees(totals.installationSupport),
          totalReferralCommission: rupees(totals.referral),
        },
        configs: {
          active: configs.filter((c) => c.is_active).length,
          inactive: configs.filter((c) => !c.is_active).length,
        },
      },
    }
  }

  return {
    ...h,
    send,
    tokenAged,
    expectedStats,
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown) => send('POST', path, body),
    put: (path: string, body: unknown) => send('PUT', path, body),
    del: (path: string) => send('DELETE', path),
  }
}
