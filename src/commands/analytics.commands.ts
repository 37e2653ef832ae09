/**
 * Analytics screen commands (SPEC.md 2 "Analytics"): the period (1, 2, 3: last 30 days,
 * 90 days, 12 months, kept in ?period=), and the Top Performing Projects list's keyboard (j/k
 * focus, Enter or o opens the focused project's page; each project's link runs the same command
 * on its row). They read what the analytics view publishes (`analytics`, `focused`) and only
 * navigate or send events to its list actor. Retry of a failed load is app.retry.
 */
import type { ActorRefFrom } from 'xstate'
import { ANALYTICS_PERIOD_LABELS, ANALYTICS_PERIODS, type AnalyticsPeriod } from '../api/schemas/analytics'
import type { listFocusMachine } from '../machines/list-focus.machine'
import { analyticsPath, PERIOD_SHORT_LABELS } from '../views/analytics/analytics-url'
import type { Command, CommandContext } from './registry'

/** A row of Top Performing Projects as the commands know it. */
export interface AnalyticsProjectRef {
  id: string
  title: string
}

/** What the analytics view publishes for its commands. */
export interface AnalyticsHandle {
  period: AnalyticsPeriod
  /** Top Performing Projects of the figures on screen, in order (empty while none are loaded). */
  projects: readonly AnalyticsProjectRef[]
  list: ActorRefFrom<typeof listFocusMachine>
}

declare module './registry' {
  interface ViewCommandContext {
    analytics?: AnalyticsHandle
  }
}

const GROUP = 'Analytics'
/** The kind of `focused` / `target` a top project row is. */
export const TOP_PROJECT = 'analyticsProject'
const screen = (ctx: CommandContext) => ctx.view.analytics
const onAnalytics = (ctx: CommandContext) => !!screen(ctx)
const hasProjects = (ctx: CommandContext) => (screen(ctx)?.projects.length ?? 0) > 0
const focusedProject = (ctx: CommandContext) =>
  ctx.view.focused?.kind === TOP_PROJECT ? screen(ctx)?.projects.find((p) => p.id === ctx.view.focused?.id) : undefined
const openFocused = (ctx: CommandContext) => {
  const project = focusedProject(ctx)
  if (project) ctx.navigate(`/projects/${project.id}`)
}

const PERIOD_KEYS: Record<AnalyticsPeriod, string> = { '30d': '1', '90d': '2', '12m': '3' }

function periodCommand(period: AnalyticsPeriod): Command {
  const label = ANALYTICS_PERIOD_LABELS[period]
  return {
    id: `analytics.period.${period}`,
    title: `Show the ${label.toLowerCase()}`,
    label: () => PERIOD_SHORT_LABELS[period],
    group: GROUP,
    shortcut: PERIOD_KEYS[period],
    keywords: ['period', 'analytics', 'range', label.toLowerCase(), period],
    when: onAnalytics,
    checked: (ctx) => screen(ctx)?.period === period,
    run: (ctx) => ctx.navigate(analyticsPath(period)),
  }
}

export const analyticsCommands: Command[] = [
  ...ANALYTICS_PERIODS.map(periodCommand),
  {
    id: 'analytics.focusNext',
    title: 'Next top project',
    group: GROUP,
    shortcut: 'j',
    when: hasProjects,
    run: (ctx) => screen(ctx)?.list.send({ type: 'focus.next' }),
  },
  {
    id: 'analytics.focusPrev',
    title: 'Previous top project',
    group: GROUP,
    shortcut: 'k',
    when: hasProjects,
    run: (ctx) => screen(ctx)?.list.send({ type: 'focus.prev' }),
  },
  {
    id: 'analytics.openProject',
    title: 'Open the focused top project',
    group: GROUP,
    shortcut: 'o',
    keywords: ['project', 'top', 'open', 'detail'],
    when: hasProjects,
    label: (ctx) => focusedProject(ctx)?.title ?? 'Open project',
    disabledReason: (ctx) => (focusedProject(ctx) ? null : 'Focus a top project with J/K first'),
    run: openFocused,
  },
  {
    id: 'analytics.openFocused',
    title: 'Open the focused top project (Enter)',
    group: GROUP,
    shortcut: 'enter',
    when: (ctx) => !!focusedProject(ctx),
    run: openFocused,
  },
]
