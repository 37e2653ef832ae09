/**
 * The three tabs of Commission Management (SPEC.md 2) on radix Tabs: Configurations, Default
 * Config, Statistics. The selected tab is the URL's `tab`; each trigger is labelled by its
 * `commission.tab.*` command (1, 2, 3) and choosing a tab runs that command, so a click, arrow
 * keys + Enter, the key and the palette do the same.
 */
import type { ReactNode } from 'react'
import { Tabs } from 'radix-ui'
import { resolveCommand, useCommandControl } from '../../../commands/command-button'
import { useCommandContext, useRegistry } from '../../../commands/use-command-context'
import { COMMISSION_TABS, type CommissionTab } from '../commission-url'

function TabTrigger({ tab }: { tab: CommissionTab }) {
  const { command, label } = useCommandControl(`commission.tab.${tab}`)
  return (
    <Tabs.Trigger
      value={tab}
      className="tabs__trigger"
      data-command={command.id}
      title={`${label} (${command.shortcut})`}
    >
      {label}
    </Tabs.Trigger>
  )
}

export function CommissionTabs({ tab, panels }: { tab: CommissionTab; panels: Record<CommissionTab, ReactNode> }) {
  const registry = useRegistry()
  const ctx = useCommandContext()
  return (
    <Tabs.Root
      value={tab}
      activationMode="manual"
      className="tabs"
      onValueChange={(value) => resolveCommand(registry, ctx, `commission.tab.${value}`).run()}
    >
      <Tabs.List className="tabs__list" aria-label="Commission Management">
        {COMMISSION_TABS.map((t) => (
          <TabTrigger key={t} tab={t} />
        ))}
      </Tabs.List>
      {COMMISSION_TABS.map((t) => (
        <Tabs.Content key={t} value={t} className="tabs__panel" data-testid={`commission-tab-${t}`}>
          {t === tab ? panels[t] : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}
