/**
 * A radix tab trigger rendered from its command (decision 003): the command's label, and a click
 * (or Enter/Space) runs it, which opens the tab through the URL.
 */
import { Tabs } from 'radix-ui'
import { useCommandControl } from '../../../commands/command-button'

export function CommandTab({ id, value }: { id: string; value: string }) {
  const { visible, label, run } = useCommandControl(id)
  if (!visible) return null
  return (
    <Tabs.Trigger value={value} className="settings-tabs__tab" data-command={id} onClick={() => run()}>
      {label}
    </Tabs.Trigger>
  )
}
