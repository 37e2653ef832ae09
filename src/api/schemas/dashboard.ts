/**
 * Dashboard stats contract (SPEC.md 3 "Dashboard stats", 7 "Dashboard"). Money in rupees
 * (number, 2 decimals); growth in percent month over month (0 when both months are empty, 100 when only this month has rows).
 */
import * as v from 'valibot'

const RecentProjectSchema = v.object({
  _id: v.string(),
  title: v.string(),
  category: v.string(),
  price: v.number(),
  isActive: v.boolean(),
  createdAt: v.string(),
})
const RecentContactSchema = v.object({
  _id: v.string(),
  name: v.string(),
  email: v.string(),
  status: v.string(),
  createdAt: v.string(),
})

export const DashboardStatsSchema = v.object({
  overview: v.object({
    totalProjects: v.number(),
    activeProjects: v.number(),
    totalContacts: v.number(),
    unreadContacts: v.number(),
    totalAdmins: v.number(),
  }),
  growth: v.object({ projectGrowth: v.number(), contactGrowth: v.number() }),
  pricing: v.object({ avgPrice: v.number(), totalRevenue: v.number() }),
  recentActivity: v.object({ projects: v.array(RecentProjectSchema), contacts: v.array(RecentContactSchema) }),
  categories: v.array(v.object({ _id: v.string(), count: v.number(), avgPrice: v.number() })),
  contactStatus: v.array(v.object({ _id: v.string(), count: v.number() })),
})
export type DashboardStats = v.InferOutput<typeof DashboardStatsSchema>

export const DashboardStatsResponseSchema = v.object({ success: v.literal(true), stats: DashboardStatsSchema })
