/**
 * The contacts list's stats cards (SPEC.md 2 "Contacts list": total, unread, this month, new;
 * SPEC.md 3 "Contact stats"). Unread and New are the same rule (status 'new', the contract's
 * isUnreadStatus) shown under both of SPEC.md's names. A failed load is only logged (SPEC.md 8
 * "Stats load failures are only logged"); the cards then show a dash.
 */
import { useEffect } from 'react'
import { CalendarDays, Inbox, Mail, MailPlus } from 'lucide-react'
import { useContactStats } from '../../../api/contacts'
import { StatCard } from '../../../components/card'
import { formatCount } from '../../../lib/format'

export function ContactStats() {
  const { data, error } = useContactStats()
  useEffect(() => {
    if (error) console.warn('Failed to load contact stats', error.message)
  }, [error])
  const figure = (n: number | undefined) => (n === undefined ? '—' : formatCount(n))
  return (
    <div className="stat-grid contacts-stats" data-testid="contact-stats">
      <StatCard name="total" label="Total" value={figure(data?.total)} icon={<Inbox size={16} />} />
      <StatCard name="unread" label="Unread" value={figure(data?.unread)} icon={<Mail size={16} />} />
      <StatCard
        name="this-month"
        label="This Month"
        value={figure(data?.thisMonth)}
        icon={<CalendarDays size={16} />}
      />
      <StatCard name="new" label="New" value={figure(data?.byStatus.new)} icon={<MailPlus size={16} />} />
    </div>
  )
}
