import { describe, expect, it } from 'vitest'
import { registry, visibleCommands } from '../../../src/commands/app-registry'
import { TOP_PROJECT, type AnalyticsHandle } from '../../../src/commands/analytics.commands'
import type { AnalyticsPeriod } from '../../../src/api/schemas/analytics'
import { context, control, recorder } from './context'

const projects = [
  { id: 'p1', title: 'Inventory SaaS' },
  { id: 'p2', title: 'Clinic Booking' },
]

function screen(over: Partial<AnalyticsHandle> = {}, focused?: string) {
  const list = recorder<AnalyticsHandle['list']>()
  const handle: AnalyticsHandle = { period: '30d' as AnalyticsPeriod, projects, list: list.actor, ...over }
  const ctx = context('/analytics', {
    analytics: handle,
    focused: focused ? { kind: TOP_PROJECT, id: focused } : undefined,
  })
  return { ctx, list: list.sent }
}

describe('analytics commands', () => {
  it('every id is analytics.-prefixed, and none shows off the screen', () => {
    const ids = registry.all.map((c) => c.id).filter((id) => id.startsWith('analytics.'))
    expect(ids).toEqual([
      'analytics.period.30d',
      'analytics.period.90d',
      'analytics.period.12m',
      'analytics.focusNext',
      'analytics.focusPrev',
      'analytics.openProject',
      'analytics.openFocused',
    ])
    expect(ids.filter((id) => control(id, context('/dashboard')).visible)).toEqual([])
  })

  it('1/2/3 put the period in the URL (30 days is the bare address); the current one is checked', () => {
    const { ctx } = screen({ period: '90d' })
    expect(
      ['analytics.period.30d', 'analytics.period.90d', 'analytics.period.12m'].map((id) => registry.get(id)?.shortcut),
    ).toEqual(['1', '2', '3'])
    expect(['30d', '90d', '12m'].map((p) => control(`analytics.period.${p}`, ctx).checked)).toEqual([
      false,
      true,
      false,
    ])
    expect(control('analytics.period.12m', ctx).label).toBe('12 months')
    control('analytics.period.12m', ctx).run()
    control('analytics.period.30d', ctx).run()
    expect(ctx.navigate).toHaveBeenNthCalledWith(1, '/analytics?period=12m')
    expect(ctx.navigate).toHaveBeenNthCalledWith(2, '/analytics')
  })

  it('the palette finds the periods on the screen by their words', () => {
    const { ctx } = screen()
    const periods = visibleCommands(ctx).filter((c) => c.id.startsWith('analytics.period.'))
    expect(periods.map((c) => c.title)).toEqual([
      'Show the last 30 days',
      'Show the last 90 days',
      'Show the last 12 months',
    ])
    expect(periods.every((c) => c.keywords?.includes('period'))).toBe(true)
  })

  it('j/k move the focus through the top projects, only when there are some', () => {
    const { ctx, list } = screen()
    control('analytics.focusNext', ctx).run()
    control('analytics.focusPrev', ctx).run()
    expect(list).toEqual([{ type: 'focus.next' }, { type: 'focus.prev' }])
    expect(control('analytics.focusNext', screen({ projects: [] }).ctx).visible).toBe(false)
  })

  it('O and Enter open the focused project; without a focus O says why and Enter is not there', () => {
    const { ctx } = screen({}, 'p2')
    expect(control('analytics.openProject', ctx).label).toBe('Clinic Booking')
    control('analytics.openFocused', ctx).run()
    expect(ctx.navigate).toHaveBeenCalledWith('/projects/p2')
    const unfocused = screen().ctx
    expect(control('analytics.openProject', unfocused).reason).toBe('Focus a top project with J/K first')
    expect(control('analytics.openFocused', unfocused).visible).toBe(false)
  })

  it("a project's own link opens that project, whatever the focus", () => {
    const { ctx } = screen({}, 'p2')
    const link = control('analytics.openProject', ctx, { kind: TOP_PROJECT, id: 'p1' })
    expect(link.label).toBe('Inventory SaaS')
    expect(link.run()).toEqual({ ran: true })
    expect(ctx.navigate).toHaveBeenCalledWith('/projects/p1')
    // A project the figures do not list is not opened.
    expect(control('analytics.openProject', ctx, { kind: TOP_PROJECT, id: 'gone' }).reason).toBe(
      'Focus a top project with J/K first',
    )
  })
})
