/** The Monthly Revenue chart as a lazy chunk of its own: recharts is fetched only for /analytics. */
import { preloadable } from '../../../lib/preloadable'

export const RevenueChart = preloadable(() => import('./revenue-chart'))
