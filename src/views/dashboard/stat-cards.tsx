/** The dashboard's figure cards; growth lines are green above 0, red below, neutral at 0. */
import { FolderKanban, FolderCheck, IndianRupee, MailOpen, MessageSquare, ShieldCheck, Wallet } from 'lucide-react'
import { StatCard, type Trend } from '../../components/card'
import { formatCount, formatINR, formatPercentChange } from '../../lib/format'
import type { DashboardStats } from '../../api/schemas/dashboard'

/** '+12.5% from last month' and its colour. */
export function growthLine(percent: number): { text: string; trend: Trend } {
  return {
    text: `${formatPercentChange(percent)} from last month`,
    trend: percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat',
  }
}

export function StatCards({ stats }: { stats: DashboardStats }) {
  const { overview, growth, pricing } = stats
  const projectGrowth = growthLine(growth.projectGrowth)
  const contactGrowth = growthLine(growth.contactGrowth)
  return (
    <>
      <div className="stat-grid">
        <StatCard
          name="total-projects"
          label="Total Projects"
          value={formatCount(overview.totalProjects)}
          icon={<FolderKanban size={16} />}
          footer={projectGrowth.text}
          trend={projectGrowth.trend}
        />
        <StatCard
          name="total-contacts"
          label="Total Contacts"
          value={formatCount(overview.totalContacts)}
          icon={<MessageSquare size={16} />}
          footer={contactGrowth.text}
          trend={contactGrowth.trend}
        />
        <StatCard
          name="active-projects"
          label="Active Projects"
          value={formatCount(overview.activeProjects)}
          icon={<FolderCheck size={16} />}
        />
        <StatCard
          name="unread-messages"
          label="Unread Messages"
          value={formatCount(overview.unreadContacts)}
          icon={<MailOpen size={16} />}
        />
      </div>
      {pricing ? (
        <div className="stat-grid stat-grid--pricing">
          <StatCard
            name="average-price"
            label="Average Project Price"
            value={formatINR(pricing.avgPrice)}
            icon={<IndianRupee size={16} />}
          />
          <StatCard
            name="total-revenue"
            label="Total Revenue"
            value={formatINR(pricing.totalRevenue)}
            icon={<Wallet size={16} />}
          />
          <StatCard
            name="active-admins"
            label="Active Admins"
            value={formatCount(overview.totalAdmins)}
            icon={<ShieldCheck size={16} />}
          />
        </div>
      ) : null}
    </>
  )
}
