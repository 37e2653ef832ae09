/**
 * Top Performing Projects (SPEC.md 2 "Analytics"): rank, name, completed sales and revenue (₹ en-IN)
 * of the period. Each name is the `analytics.openProject` command on its row (opens
 * /projects/{id}); j/k move the keyboard focus, Enter or O opens the focused one.
 */
import type { Analytics } from '../../../api/schemas/analytics'
import { TOP_PROJECT } from '../../../commands/analytics.commands'
import { CommandLink } from '../../../commands/command-link'
import { Card } from '../../../components/card'
import { formatCount, formatINR } from '../../../lib/format'
import { FigureTerm } from './figure-term'

export function TopProjects({ projects, focus }: { projects: Analytics['topProjects']; focus: number }) {
  return (
    <Card
      title={<FigureTerm figure="topProjects">Top Performing Projects</FigureTerm>}
      className="analytics-top"
      data-testid="top-projects"
    >
      {projects.length === 0 ? (
        <p className="list-empty muted">No completed orders in this period</p>
      ) : (
        <table className="analytics-table">
          <thead>
            <tr>
              <th scope="col" className="analytics-table__rank">
                <span className="sr-only">Rank</span>
              </th>
              <th scope="col">Project</th>
              <th scope="col" className="num">
                Sales
              </th>
              <th scope="col" className="num">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {projects.map((p, index) => (
              <tr key={p._id} data-testid="top-project" data-id={p._id} data-active={index === focus || undefined}>
                <td className="analytics-table__rank faint num">{index + 1}</td>
                <th scope="row" className="analytics-table__name">
                  <CommandLink id="analytics.openProject" target={{ kind: TOP_PROJECT, id: p._id }}>
                    {p.title}
                  </CommandLink>
                </th>
                <td className="num">{formatCount(p.sales)}</td>
                <td className="num">{formatINR(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  )
}
