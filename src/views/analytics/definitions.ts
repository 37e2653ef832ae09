/**
 * What each analytics figure means, as the contract's docstring defines it
 * (src/api/schemas/analytics.ts; tests/unit/views/analytics keep the two in step). The screen
 * shows each as the tooltip of the figure's label.
 */
import { ANALYTICS_TOP_PROJECTS } from '../../api/schemas/analytics'

export type Figure =
  | 'period'
  | 'revenue'
  | 'orders'
  | 'users'
  | 'projects'
  | 'monthlyRevenue'
  | 'topProjects'
  | 'conversionRate'
  | 'averageOrderValue'
  | 'customerRetention'

export const FIGURE_DEFINITIONS: Readonly<Record<Figure, string>> = {
  period:
    'The last 30 or 90 days, or 12 months, ending at the end of the current hour in India (now is inside, and a period\'s figures stay the same for the rest of that hour). A change compares with the period of the same length just before it: (current − previous) / previous × 100; "No earlier figures" when the previous period has nothing to compare with (0).',
  revenue:
    'The sum of completed payments created in the period, as on the dashboard (refunded, failed and pending payments are not revenue).',
  orders: 'The orders created in the period; below, every order of all time.',
  users: 'The users created in the period; below, every user of all time.',
  projects: 'The projects created in the period; below, every project of all time.',
  monthlyRevenue:
    'Completed payments per calendar month in India (Asia/Kolkata) for the last 12 months including the current one, oldest first; a month without revenue is 0, never missing.',
  topProjects: `By revenue of completed orders placed in the period (their total amounts; title, completed sales, revenue), at most ${ANALYTICS_TOP_PROJECTS}.`,
  conversionRate:
    'Completed orders over orders placed in the period, percent. The marketplace records no page views or visits, so this is order completion, not visitor conversion.',
  averageOrderValue: 'The total amounts of the completed orders placed in the period over their number, rupees.',
  customerRetention:
    'The share of customers with at least one completed order (ever, up to the end of the period) who have more than one, percent.',
}
