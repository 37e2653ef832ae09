/**
 * The users list's stats cards (SPEC.md 2 "Users list": total users, admins, agents, new this
 * month). A failed load is only logged (SPEC.md 8 "Stats load failures are only logged"); the
 * cards then show a dash.
 */
import { useEffect } from 'react'
import { ShieldCheck, UserPlus, Users, Handshake } from 'lucide-react'
import { useUserStats } from '../../../api/users'
import { StatCard } from '../../../components/card'
import { formatCount } from '../../../lib/format'

export function UserStats() {
  const { data, error } = useUserStats()
  useEffect(() => {
    if (error) console.warn('Failed to load user stats', error.message)
  }, [error])
  const figure = (n: number | undefined) => (n === undefined ? '—' : formatCount(n))
  const overview = data?.overview
  return (
    <div className="stat-grid users-stats" data-testid="user-stats">
      <StatCard
        name="total-users"
        label="Total Users"
        value={figure(overview?.totalUsers)}
        icon={<Users size={16} />}
      />
      <StatCard name="admins" label="Admins" value={figure(overview?.totalAdmins)} icon={<ShieldCheck size={16} />} />
      <StatCard name="agents" label="Agents" value={figure(overview?.totalAgents)} icon={<Handshake size={16} />} />
      <StatCard
        name="new-this-month"
        label="New This Month"
        value={figure(overview?.newUsersThisMonth)}
        icon={<UserPlus size={16} />}
      />
    </div>
  )
}
