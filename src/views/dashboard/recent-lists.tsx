/** Recent Projects (title, category · price, time, Active/Inactive) and Recent Contacts (status defaults to pending). */
import { Badge, type BadgeTone } from '../../components/badge'
import { Card } from '../../components/card'
import { formatDateTime, formatINR, formatRelativeTime } from '../../lib/format'
import type { DashboardStats } from '../../api/schemas/dashboard'

type Recent = DashboardStats['recentActivity']

const CONTACT_TONES: Record<string, BadgeTone> = {
  new: 'info',
  pending: 'warning',
  read: 'neutral',
  replied: 'success',
  archived: 'neutral',
}

export function contactTone(status: string): BadgeTone {
  return CONTACT_TONES[status] ?? 'neutral'
}

function Time({ iso }: { iso: string }) {
  return (
    <time className="faint list-row__time" dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  )
}

export function RecentProjects({ projects }: { projects: Recent['projects'] }) {
  return (
    <Card title="Recent Projects" data-testid="recent-projects">
      {projects.length === 0 ? (
        <p className="list-empty muted">No recent projects</p>
      ) : (
        <ul className="list">
          {projects.map((p) => (
            <li key={p._id} className="list-row">
              <div className="list-row__main">
                <span className="list-row__title">{p.title}</span>
                <span className="muted list-row__meta">
                  {p.category} · <span className="num">{formatINR(p.price)}</span>
                </span>
              </div>
              <Time iso={p.createdAt} />
              <Badge tone={p.isActive ? 'success' : 'neutral'} dot>
                {p.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

export function RecentContacts({ contacts }: { contacts: Recent['contacts'] }) {
  return (
    <Card title="Recent Contacts" data-testid="recent-contacts">
      {contacts.length === 0 ? (
        <p className="list-empty muted">No recent contacts</p>
      ) : (
        <ul className="list">
          {contacts.map((c) => {
            const status = c.status || 'pending'
            return (
              <li key={c._id} className="list-row">
                <div className="list-row__main">
                  <span className="list-row__title">{c.name}</span>
                  <span className="muted list-row__meta">{c.email}</span>
                </div>
                <Time iso={c.createdAt} />
                <Badge tone={contactTone(status)}>{status}</Badge>
              </li>
            )
          })}
        </ul>
      )}
    </Card>
  )
}
