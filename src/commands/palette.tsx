/** The cmdk command palette (Ctrl+K / Cmd+K) in a radix Dialog: visible commands, grouped, with shortcuts. */
import { useState } from 'react'
import { Command as Cmdk } from 'cmdk'
import { Dialog } from 'radix-ui'
import { Search } from 'lucide-react'
import { ShortcutKeys } from '../components/kbd'
import { useReturnFocus } from '../components/return-focus'
import { groupCommands } from './command-groups'
import { paletteSources, type PaletteSource } from './palette-sources'
import type { CommandContext, CommandRegistry } from './registry'

export interface CommandPaletteProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  registry: CommandRegistry
  ctx: CommandContext
}

export function CommandPalette({ open, onOpenChange, registry, ctx }: CommandPaletteProps) {
  const [search, setSearch] = useState('')
  // Opened by Ctrl/⌘ K there is no trigger to return to: focus goes back where it was.
  const returnFocus = useReturnFocus()
  const groups = groupCommands(registry.visible(ctx).filter((c) => c.id !== 'app.palette'))
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay overlay--palette" />
        <Dialog.Content className="palette" aria-describedby={undefined} data-testid="command-palette" {...returnFocus}>
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <Cmdk label="Command palette" loop>
            <div className="palette__search">
              <Search size={16} className="faint" />
              <Cmdk.Input className="palette__input" placeholder="Type a command or search…  (@ finds a user)" autoFocus value={search} onValueChange={setSearch} />
            </div>
            <Cmdk.List className="palette__list">
              <Cmdk.Empty className="palette__empty">No matching commands</Cmdk.Empty>
              {groups.map(([group, commands]) => (
                <Cmdk.Group key={group} heading={group} className="palette__group">
                  {commands.map((command) => {
                    const reason = registry.disabledReason(command, ctx)
                    return (
                      <Cmdk.Item
                        key={command.id}
                        value={command.id}
                        // The label too: what the entry reads ('Deactivate 3 users') is what people type.
                        keywords={[command.title, command.label?.(ctx) ?? '', command.group, ...(command.keywords ?? [])]}
                        disabled={!!reason}
                        className="palette__item"
                        data-testid={`command-${command.id}`}
                        onSelect={() => {
                          onOpenChange(false)
                          registry.run(command, ctx)
                        }}
                      >
                        <span className="palette__title">{command.label?.(ctx) ?? command.title}</span>
                        {reason ? <span className="palette__reason">{reason}</span> : null}
                        {command.shortcut ? <ShortcutKeys shortcut={command.shortcut} className="palette__shortcut" /> : null}
                      </Cmdk.Item>
                    )
                  })}
                </Cmdk.Group>
              ))}
              {open ? paletteSources.map((source) => <SourceGroup key={source.id} source={source} search={search} ctx={ctx} close={() => onOpenChange(false)} />) : null}
            </Cmdk.List>
          </Cmdk>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** Items a source finds for the typed text (e.g. projects by title from the API), as one group. */
function SourceGroup({ source, search, ctx, close }: { source: PaletteSource; search: string; ctx: CommandContext; close: () => void }) {
  const items = source.useItems(search)
  if (items.length === 0) return null
  return (
    <Cmdk.Group heading={source.group} className="palette__group">
      {items.map((item) => (
        <Cmdk.Item
          key={item.id}
          value={`${source.id}:${item.id}`}
          // The source already matched the text (server-side); keep cmdk from filtering it out.
          keywords={[search, item.title]}
          className="palette__item"
          data-testid={`palette-item-${source.id}`}
          onSelect={() => {
            close()
            item.run(ctx)
          }}
        >
          <span className="palette__title">{item.title}</span>
          {item.detail ? <span className="palette__reason">{item.detail}</span> : null}
        </Cmdk.Item>
      ))}
    </Cmdk.Group>
  )
}
