/** Statistics (read-only, SPEC.md 3 "Stats"): sales, downloads, views, reviews, revenue ₹, rating, conversion %. */
import type { Project } from '../../../../api/schemas/projects'
import { formatCount, formatINR } from '../../../../lib/format'
import { Fact } from '../section-card'

export function StatisticsSection({ project: p }: { project: Project }) {
  return (
    <section className="card detail-section" data-testid="section-statistics">
      <header className="card__header detail-section__header">
        <h2>Statistics</h2>
      </header>
      <dl className="card__body facts facts--grid">
        <Fact label="Sales">{formatCount(p.salesCount)}</Fact>
        <Fact label="Downloads">{formatCount(p.downloadCount)}</Fact>
        <Fact label="Views">{formatCount(p.viewCount)}</Fact>
        <Fact label="Reviews">{formatCount(p.reviews)}</Fact>
        <Fact label="Revenue">{formatINR(p.revenue)}</Fact>
        <Fact label="Average rating">{p.avgRating.toFixed(1)}</Fact>
        <Fact label="Conversion rate">{p.conversionRate.toFixed(1)}%</Fact>
      </dl>
    </section>
  )
}
