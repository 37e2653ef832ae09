/**
 * The '?' sheet: every command with keys, by group, and the commands without keys that the
 * palette offers here (the others, such as the login's, would only mislead).
 */
import { Dialog } from '../components/dialog'
import { ShortcutKeys } from '../components/kbd'
import { groupCommands } from './command-groups'
import type { CommandRegistry } from './registry'
import { useCommandContext } from './use-command-context'

export function ShortcutsSheet({ open, onOpenChange, registry }: { open: boolean; onOpenChange: (open: boolean) => void; registry: CommandRegistry }) {
  const ctx = useCommandContext()
  const groups = groupCommands(registry.all.filter((c) => c.shortcut || registry.isVisible(c, ctx)))
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" description="Sequences like G then D are typed one key after the other, within a second. Commands without keys run from the palette (Ctrl/⌘ K).">
      <div className="shortcuts" data-testid="shortcuts-sheet">
        {groups.map(([group, commands]) => (
          <section key={group} className="shortcuts__group">
            <h3 className="shortcuts__heading">{group}</h3>
            <ul className="shortcuts__list">
              {commands.map((c) => (
                <li key={c.id} className="shortcuts__row">
                  <span>{c.title}</span>
                  {c.shortcut ? <ShortcutKeys shortcut={c.shortcut} /> : <span className="faint shortcuts__palette">Palette</span>}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Dialog>
  )
}
