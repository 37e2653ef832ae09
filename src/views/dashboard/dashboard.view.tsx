/**
 * Dashboard (SPEC.md 2 "Dashboard", 8): stat cards with month-over-month growth, recent projects
 * and contacts, category and contact-status grids; loading, error (with Retry) and empty states.
 */
import { CommandRetry } from '../../commands/command-retry'
import { useDashboardStats } from '../../api/dashboard'
import { PageHeader } from '../../components/page-header'
import { EmptyState, ErrorState, LoadingState } from '../../components/states'
import { BreakdownGrids } from './breakdown-grids'
import { RecentContacts, RecentProjects } from './recent-lists'
import { StatCards } from './stat-cards'
import { QueueFigures } from './queue-figures'
import './dashboard.css'

export default function DashboardView() {
  const { data, error, isPending, refetch } = useDashboardStats()

  if (isPending) return <LoadingState title="Loading Dashboard" description="Fetching dashboard statistics..." />
  if (error)
    return (
      <ErrorState
        title="Error Loading Dashboard"
        message={error.message || 'Failed to load dashboard stats'}
        action={<CommandRetry retry={() => void refetch()} />}
      />
    )
  if (!data) return <EmptyState title="No data available" />

  return (
    <div className="dashboard" data-testid="dashboard">
      <PageHeader title="Dashboard" description="Welcome back! Here's what's happening with your platform." />
      <StatCards stats={data} />
      <QueueFigures />
      <div className="dashboard__lists">
        <RecentProjects projects={data.recentActivity.projects} />
        <RecentContacts contacts={data.recentActivity.contacts} />
      </div>
      <BreakdownGrids categories={data.categories} contactStatus={data.contactStatus} />
    </div>
  )
}
