/** Project Categories (name, count, average price) and Contact Status (new, read, replied with counts). */
import { Card } from '../../components/card'
import { formatCount, formatINR } from '../../lib/format'
import type { DashboardStats } from '../../api/schemas/dashboard'
import { contactTone } from './recent-lists'

const CONTACT_STATUSES = ['new', 'read', 'replied'] as const

/** The three SPEC statuses always appear (0 when absent), followed by any others the server reports. */
export function contactStatusRows(rows: DashboardStats['contactStatus']): Array<{ status: string; count: number }> {
  const counts = new Map(rows.map((r) => [r._id, r.count]))
  const extra = rows.filter((r) => !(CONTACT_STATUSES as readonly string[]).includes(r._id)).map((r) => r._id)
  return [...CONTACT_STATUSES, ...extra].map((status) => ({ status, count: counts.get(status) ?? 0 }))
}

export function BreakdownGrids({ categories, contactStatus }: Pick<DashboardStats, 'categories' | 'contactStatus'>) {
  return (
    <div className="dashboard__grids">
      <Card title="Project Categories" data-testid="project-categories">
        {categories.length === 0 ? (
          <p className="list-empty muted">No categories yet</p>
        ) : (
          <div className="tile-grid">
            {categories.map((c) => (
              <div key={c._id} className="tile">
                <span className="tile__label">{c._id}</span>
                <span className="tile__value num">{formatCount(c.count)}</span>
                <span className="tile__meta faint">
                  avg <span className="num">{formatINR(c.avgPrice)}</span>
                </span>
              </div>
            ))}
          </div>
        )}
      </Card>
      <Card title="Contact Status" data-testid="contact-status">
        <div className="tile-grid tile-grid--compact">
          {contactStatusRows(contactStatus).map((row) => (
            <div key={row.status} className={`tile tile--${contactTone(row.status)}`}>
              <span className="tile__label tile__label--status">{row.status}</span>
              <span className="tile__value num">{formatCount(row.count)}</span>
            </div>
          ))}
        </div>
      </Card>
    </div>
  )
}
