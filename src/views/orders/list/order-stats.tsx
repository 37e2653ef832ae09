/**
 * The orders list's stats cards (SPEC.md 2 "Orders list": total orders, pending, completed, total
 * revenue in ₹ with en-IN grouping). A failed load is only logged (SPEC.md 8 "Stats load failures
 * are only logged"); the cards then show a dash.
 */
import { useEffect } from 'react'
import { CircleCheck, Clock, IndianRupee, ShoppingCart } from 'lucide-react'
import { useOrderStats } from '../../../api/orders'
import { StatCard } from '../../../components/card'
import { formatCount, formatINR } from '../../../lib/format'

export function OrderStats() {
  const { data, error } = useOrderStats()
  useEffect(() => {
    if (error) console.warn('Failed to load order stats', error.message)
  }, [error])
  const overview = data?.overview
  const figure = (n: number | undefined, format: (n: number) => string = formatCount) =>
    n === undefined ? '—' : format(n)
  return (
    <div className="stat-grid orders-stats" data-testid="order-stats">
      <StatCard
        name="total-orders"
        label="Total Orders"
        value={figure(overview?.totalOrders)}
        icon={<ShoppingCart size={16} />}
      />
      <StatCard
        name="pending-orders"
        label="Pending"
        value={figure(overview?.pendingOrders)}
        icon={<Clock size={16} />}
      />
      <StatCard
        name="completed-orders"
        label="Completed"
        value={figure(overview?.completedOrders)}
        icon={<CircleCheck size={16} />}
      />
      <StatCard
        name="total-revenue"
        label="Total Revenue"
        value={figure(overview?.totalRevenue, formatINR)}
        icon={<IndianRupee size={16} />}
      />
    </div>
  )
}
