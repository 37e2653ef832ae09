/**
 * The Statistics tab (SPEC.md 2, 3 "Commission stats"): Revenue Overview (completed orders and
 * their revenue, ₹ en-IN), Commission Distribution (what each of the five parties received, ₹ and
 * its share of the revenue) and Configuration Status (active, inactive). Loading, and a failed
 * load with Retry (unlike the old client, the admin sees it).
 */
import { useCommissionStats } from '../../../api/commission'
import { withReason } from '../../../api/error-text'
import type { CommissionStats } from '../../../api/schemas/commission'
import { CommandRetry } from '../../../commands/command-retry'
import { Card } from '../../../components/card'
import { ErrorState, LoadingState } from '../../../components/states'
import { formatCount, formatINR, formatPercent } from '../../../lib/format'

type RevenueKey = Exclude<keyof CommissionStats['revenue'], 'totalOrders' | 'totalRevenue'>

/** The five parties of Commission Distribution, in SPEC.md 3's order. */
export const DISTRIBUTION: ReadonlyArray<{ key: RevenueKey; label: string }> = [
  { key: 'totalProjectOwnerCommission', label: 'Project Owner' },
  { key: 'totalPlatformCommission', label: 'Platform' },
  { key: 'totalCustomizerCommission', label: 'Customizer' },
  { key: 'totalInstallationCommission', label: 'Installation Support' },
  { key: 'totalReferralCommission', label: 'Referral' },
]

/** `part` as a percent of `whole` with one decimal (0 when there is no revenue). */
const shareOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0)

export function StatsTab() {
  const { data, error, isPending, refetch } = useCommissionStats()
  if (isPending) return <LoadingState title="Loading statistics" />
  if (error && !data) {
    return (
      <ErrorState
        title="Error Loading Statistics"
        message={withReason('Failed to load commission statistics', error)}
        action={<CommandRetry retry={() => void refetch()} />}
      />
    )
  }
  const { revenue, configs } = data
  return (
    <div className="commission-stats" data-testid="commission-stats">
      <Card title="Revenue Overview" data-testid="revenue-overview">
        <dl className="commission-facts">
          <div>
            <dt>Total Orders</dt>
            <dd className="num" data-testid="total-orders">
              {formatCount(revenue.totalOrders)}
            </dd>
          </div>
          <div>
            <dt>Total Revenue</dt>
            <dd className="num" data-testid="total-revenue">
              {formatINR(revenue.totalRevenue)}
            </dd>
          </div>
        </dl>
      </Card>
      <Card title="Commission Distribution" data-testid="commission-distribution">
        <table className="commission-table">
          <thead>
            <tr>
              <th scope="col">Party</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col" className="num">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {DISTRIBUTION.map(({ key, label }) => (
              <tr key={key} data-party={key}>
                <th scope="row">{label}</th>
                <td className="num">{formatINR(revenue[key])}</td>
                <td className="num muted">{formatPercent(shareOf(revenue[key], revenue.totalRevenue))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card title="Configuration Status" data-testid="configuration-status">
        <dl className="commission-facts">
          <div>
            <dt>Active</dt>
            <dd className="num" data-testid="configs-active">
              {formatCount(configs.active)}
            </dd>
          </div>
          <div>
            <dt>Inactive</dt>
            <dd className="num" data-testid="configs-inactive">
              {formatCount(configs.inactive)}
            </dd>
          </div>
        </dl>
      </Card>
    </div>
  )
}
