/**
 * The period selector: a radix toggle group of the `analytics.period.*` commands
 * (Last 30 days, 90 days, 12 months; keys 1, 2, 3). The pressed item is the URL's period; choosing
 * one runs its command, so a click, the arrow keys, the key and the palette do the same.
 */
import { ToggleGroup } from 'radix-ui'
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../../api/schemas/analytics'
import { resolveCommand, useCommandControl } from '../../../commands/command-button'
import { useCommandContext, useRegistry } from '../../../commands/use-command-context'

function PeriodItem({ period }: { period: AnalyticsPeriod }) {
  const { command, label } = useCommandControl(`analytics.period.${period}`)
  return (
    <ToggleGroup.Item
      value={period}
      className="period-selector__item"
      data-command={command.id}
      title={`${command.title} (${command.shortcut})`}
    >
      {label}
    </ToggleGroup.Item>
  )
}

export function PeriodSelector({ period }: { period: AnalyticsPeriod }) {
  const registry = useRegistry()
  const ctx = useCommandContext()
  return (
    <ToggleGroup.Root
      type="single"
      value={period}
      aria-label="Period"
      className="period-selector"
      data-testid="period-selector"
      // Pressing the pressed item again asks to clear it (''): a period is always chosen.
      onValueChange={(value) => value && resolveCommand(registry, ctx, `analytics.period.${value}`).run()}
    >
      {ANALYTICS_PERIODS.map((p) => (
        <PeriodItem key={p} period={p} />
      ))}
    </ToggleGroup.Root>
  )
}
