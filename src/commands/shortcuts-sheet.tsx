/**
 * The '?' sheet: the current screen's commands ('This screen': its keys, and its commands without
 * keys that the palette offers here), then the console-wide keys by group (screen-keys.ts); another
 * screen's keys or a closed dialog's would only mislead. A search field filters by title, group,
 * keyword or key.
 */
import { useState } from 'react'
import { Dialog } from '../components/dialog'
import { ShortcutKeys } from '../components/kbd'
import type { CommandRegistry } from './registry'
import { sheetGroups } from './screen-keys'
import { useCommandContext } from './use-command-context'

export function ShortcutsSheet({
  open,
  onOpenChange,
  registry,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  registry: CommandRegistry
}) {
  const ctx = useCommandContext()
  const [query, setQuery] = useState('')
  const groups = open ? sheetGroups(registry, ctx, query) : []
  const change = (next: boolean) => {
    if (!next) setQuery('')
    onOpenChange(next)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Keyboard shortcuts"
      description="Sequences like G then D are typed one key after the other, within a second. Commands without keys run from the palette (Ctrl/⌘ K)."
    >
      <div className="shortcuts" data-testid="shortcuts-sheet">
        <input
          className="input shortcuts__search"
          type="search"
          placeholder="Search shortcuts"
          aria-label="Search shortcuts"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="shortcuts-search"
        />
        {groups.length === 0 ? <p className="muted shortcuts__empty">No shortcut matches “{query}”</p> : null}
        {groups.map(([group, commands]) => (
          <section key={group} className="shortcuts__group" aria-label={group} data-group={group}>
            <h3 className="shortcuts__heading">{group}</h3>
            <ul className="shortcuts__list">
              {commands.map((c) => (
                <li key={c.id} className="shortcuts__row" data-command-row={c.id}>
                  <span>{c.title}</span>
                  {c.shortcut ? (
                    <ShortcutKeys shortcut={c.shortcut} />
                  ) : (
                    <span className="faint shortcuts__palette">Palette</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Dialog>
  )
}
