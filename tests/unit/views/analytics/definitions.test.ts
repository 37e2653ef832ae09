/**
 * The tooltips say what the contract's docstring says (src/api/schemas/analytics.ts): every bullet
 * of its "Definitions" has a tooltip, and each tooltip is that bullet's text or keeps its terms.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ANALYTICS_TOP_PROJECTS } from '../../../../src/api/schemas/analytics'
import { FIGURE_DEFINITIONS, type Figure } from '../../../../src/views/analytics/definitions'

const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../src/api/schemas/analytics.ts'), 'utf8')
const docstring = source.slice(source.indexOf('/**'), source.indexOf('*/'))
/** The docstring's bullets: title → text, on one line. */
const bullets = new Map(
  docstring
    .split('\n * - ')
    .slice(1)
    .map((bullet) => {
      const text = bullet
        .split('\n')
        .map((line) => line.replace(/^\s*\*\s?/, ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim()
      const colon = text.indexOf(': ')
      return [text.slice(0, colon), text.slice(colon + 2)] as const
    }),
)
const norm = (text: string) => text.replace(/\s+/g, ' ').replace(/\.$/, '').trim()
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** Which tooltips each bullet of the docstring feeds. */
const FED_BY: Record<string, Figure[]> = {
  Period: ['period'],
  Revenue: ['revenue'],
  'Orders, users, projects': ['orders', 'users', 'projects'],
  'Monthly revenue': ['monthlyRevenue'],
  'Top performing projects': ['topProjects'],
  'Conversion rate': ['conversionRate'],
  'Average order value': ['averageOrderValue'],
  'Customer retention': ['customerRetention'],
}

describe('figure definitions', () => {
  it('cover every bullet of the contract docstring, and every figure has one', () => {
    expect([...bullets.keys()].sort()).toEqual(Object.keys(FED_BY).sort())
    expect(Object.values(FED_BY).flat().sort()).toEqual(Object.keys(FIGURE_DEFINITIONS).sort())
  })

  it('are the docstring text where it reads as a sentence', () => {
    const verbatim: Figure[] = [
      'revenue',
      'monthlyRevenue',
      'topProjects',
      'conversionRate',
      'averageOrderValue',
      'customerRetention',
    ]
    for (const figure of verbatim) {
      const [title] = Object.entries(FED_BY).find(([, figures]) => figures.includes(figure))!
      const text = norm(bullets.get(title)!).replace('ANALYTICS_TOP_PROJECTS', String(ANALYTICS_TOP_PROJECTS))
      expect(text, figure).toBe(norm(lowerFirst(FIGURE_DEFINITIONS[figure])))
    }
  })

  it('keep the terms of the rewritten ones: the period, its change, what a card counts', () => {
    const period = bullets.get('Period')!
    for (const term of [
      'the last 30 or 90 days, or 12 months',
      'end of the current hour in India',
      '(current − previous) / previous × 100',
    ]) {
      expect(period).toContain(term)
      expect(lowerFirst(FIGURE_DEFINITIONS.period)).toContain(term)
    }
    expect(bullets.get('Orders, users, projects')).toContain('created in the period')
    for (const figure of ['orders', 'users', 'projects'] as const) {
      expect(FIGURE_DEFINITIONS[figure]).toMatch(
        new RegExp(`^The ${figure} created in the period; below, every \\w+ of all time\\.$`),
      )
    }
  })
})
