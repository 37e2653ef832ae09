/**
 * The cmdk command palette (Ctrl+K / Cmd+K) in a radix Dialog: prefix modes
 * (palette-query.ts), rows ranked by match-sorter (palette-rank.ts, palette-rows.ts) and virtualized
 * (@tanstack/react-virtual), entity searches on the server (debounced, cancelled when the text
 * changes: src/api/palette-search.ts), recent commands and records from the admin's preferences,
 * and argument pages for commands that ask for a reason or a user (Command.argument). The pages
 * are the palette machine (src/machines/palette.machine.ts); cmdk filters nothing
 * (shouldFilter={false}).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Command as Cmdk } from 'cmdk'
import { Dialog } from 'radix-ui'
import { ChevronRight, Search } from 'lucide-react'
import { useDebounce } from 'use-debounce'
import { usePaletteSearch } from '../api/palette-search'
import { recordRecent, setPreferences, usePreferences } from '../api/preferences'
import { fillTemplate, type ReasonTemplate } from '../api/schemas/preferences'
import { Kbd, ShortcutKeys } from '../components/kbd'
import { useReturnFocus } from '../components/return-focus'
import { PREFETCH_DELAY_MS, prefetchAddress } from '../lib/warm-route'
import { actorOptions } from '../machines/shared/inspect'
import { paletteMachine } from '../machines/palette.machine'
import { entityKindsOf, PALETTE_PREFIXES, parsePaletteQuery, type EntityKind } from './palette-query'
import { buildPaletteRows, recordKindTitle, recordPath, type PaletteRow } from './palette-rows'
import type { Command, CommandArgument, CommandContext, CommandRegistry, PickedUser } from './registry'

/**
 * Typing pause before the palette asks the server again, ms: one frame. The first key after a
 * pause asks at once (leading edge, `DEBOUNCE_OPTIONS`), and so does every key of a human's typing
 * (tens of ms apart); keys that arrive within one frame, which could not each be shown (a paste
 * of keystrokes, a key held down, a script), are folded into one request. A request whose text
 * changed is aborted (react-query's AbortSignal), so only the newest text's answer is drawn.
 */
export const SEARCH_DEBOUNCE_MS = 16
const DEBOUNCE_OPTIONS = { leading: true } as const

export interface CommandPaletteProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  registry: CommandRegistry
  ctx: CommandContext
}

export function CommandPalette({ open, onOpenChange, registry, ctx }: CommandPaletteProps) {
  const actor = useActorRef(paletteMachine, actorOptions())
  // Opened by Ctrl/⌘ K there is no trigger to return to: focus goes back where it was.
  const returnFocus = useReturnFocus()
  const page = useSelector(actor, (s) => (s.matches('argument') ? 'argument' : 'root'))
  const commandId = useSelector(actor, (s) => s.context.commandId)
  const queryClient = useQueryClient()
  const latest = useRef({ ctx, registry, onOpenChange })
  useEffect(() => {
    latest.current = { ctx, registry, onOpenChange }
  })

  // Closed from outside too (the '?' sheet opening): start from an empty root page next time.
  useEffect(() => {
    if (!open) actor.send({ type: 'close' })
  }, [open, actor])

  // An argument page submitted: run the command with the value, remember it, close.
  useEffect(() => {
    const sub = actor.on('argument.submitted', ({ commandId: id, value }) => {
      const { ctx: now, registry: reg, onOpenChange: setOpen } = latest.current
      const command = reg.get(id)
      setOpen(false)
      if (!command) return
      if (reg.runWith(command, now, value).ran) remember(id)
    })
    return () => sub.unsubscribe()
  })

  const remember = (id: string) => {
    recordRecent({ command: id }).then(
      (preferences) => setPreferences(queryClient, preferences),
      () => undefined,
    )
  }

  const changeOpen = (next: boolean) => {
    if (!next) actor.send({ type: 'close' })
    onOpenChange(next)
  }

  const pick = (command: Command) => {
    if (command.argument && !registry.disabledReason(command, ctx)) {
      actor.send({ type: 'argument.open', commandId: command.id })
      return
    }
    changeOpen(false)
    if (registry.run(command, ctx).ran) remember(command.id)
  }

  const argCommand = page === 'argument' && commandId ? registry.get(commandId) : undefined
  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay overlay--palette" />
        <Dialog.Content
          className="palette"
          aria-describedby={undefined}
          data-testid="command-palette"
          {...returnFocus}
          onEscapeKeyDown={(event) => {
            // Escape on an argument page goes back to the commands; on the root page it closes.
            if (page === 'argument') {
              event.preventDefault()
              actor.send({ type: 'back' })
            }
          }}
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          {argCommand?.argument ? (
            <ArgumentPage command={argCommand} argument={argCommand.argument} ctx={ctx} actor={actor} />
          ) : (
            <RootPage registry={registry} ctx={ctx} actor={actor} onPick={pick} close={() => changeOpen(false)} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

type PaletteActor = ReturnType<typeof useActorRef<typeof paletteMachine>>

/** cmdk's value of a row: a command's id (as before the modes), else the row's key. */
const valueOf = (row: PaletteRow) => (row.type === 'command' ? row.command.id : row.key)

/** The address a record or search result opens, or undefined for other rows. */
const pathOf = (row: PaletteRow): string | undefined =>
  row.type === 'record' ? recordPath(row.record.kind, row.record.id) : row.type === 'entity' ? row.hit.path : undefined

/** Row heights for the virtualizer, px (headings are shorter than items). */
const ROW_HEIGHT = { heading: 28, item: 36 } as const

function RootPage({
  registry,
  ctx,
  actor,
  onPick,
  close,
}: {
  registry: CommandRegistry
  ctx: CommandContext
  actor: PaletteActor
  onPick: (command: Command) => void
  close: () => void
}) {
  const search = useSelector(actor, (s) => s.context.search)
  const preferences = usePreferences()
  const query = parsePaletteQuery(search)
  const [debounced] = useDebounce(search, SEARCH_DEBOUNCE_MS, DEBOUNCE_OPTIONS)
  const debouncedQuery = parsePaletteQuery(debounced)
  const kinds = entityKindsOf(query)
  const searchKinds = entityKindsOf(debouncedQuery)
  const entities = {
    projects: useEntity('projects', debouncedQuery.text, searchKinds, kinds),
    users: useEntity('users', debouncedQuery.text, searchKinds, kinds),
    orders: useEntity('orders', debouncedQuery.text, searchKinds, kinds),
    contacts: useEntity('contacts', debouncedQuery.text, searchKinds, kinds),
  }
  // The text whose server answer is on screen (the palette benchmark waits for it): that of the first entity group shown.
  const answeredFor = kinds.map((k) => entities[k]?.answered).find((t) => t != null) ?? ''
  const rows = buildPaletteRows({
    query,
    ctx,
    entities,
    commands: registry.visible(ctx).filter((c) => c.id !== 'app.palette'),
    recentCommands: preferences.recentCommands,
    recentRecords: preferences.recentRecords,
  })

  const listRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => listRef.current,
    estimateSize: (i) => (rows[i].type === 'heading' ? ROW_HEIGHT.heading : ROW_HEIGHT.item),
    getItemKey: (i) => rows[i].key,
    overscan: 10,
  })
  // The first row that can be picked is selected on new text, and when the selected row is gone.
  const first = rows.find((r) => r.type !== 'heading' && r.type !== 'note')
  const firstValue = first ? valueOf(first) : ''
  const [selected, setSelected] = useState(firstValue)
  const [selectedSearch, setSelectedSearch] = useState(search)
  if (selectedSearch !== search) {
    setSelectedSearch(search)
    setSelected(firstValue)
  } else if (selected !== firstValue && !rows.some((r) => valueOf(r) === selected)) {
    setSelected(firstValue)
  }
  useEffect(() => {
    listRef.current?.scrollTo({ top: 0 })
  }, [search])

  // The move first: it sends its screen's first request before the palette's own teardown runs.
  const openPath = (path: string) => {
    ctx.navigate(path)
    close()
  }

  // The selected result's screen data is fetched, so Enter opens it at once. A search's first
  // result is fetched as soon as it shows (typing and pressing Enter straight away is the
  // palette's commonest use); another, as a list's focused row, once dwelled on, so arrowing
  // through the results fetches nothing.
  const selectedRow = rows.find((row) => valueOf(row) === selected)
  const selectedPath = selectedRow && pathOf(selectedRow)
  const firstFound = selectedRow?.type === 'entity' && selected === firstValue
  const [dwelled] = useDebounce(firstFound ? undefined : selectedPath, PREFETCH_DELAY_MS)
  const prefetchPath = firstFound ? selectedPath : dwelled
  useEffect(() => {
    if (prefetchPath) prefetchAddress(prefetchPath)
  }, [prefetchPath])

  const renderRow = (row: PaletteRow) => {
    switch (row.type) {
      case 'heading':
        return (
          <div className="palette__heading" data-testid={`palette-heading-${row.key.slice(2)}`}>
            <span>{row.label}</span>
            {row.detail ? (
              <span className="palette__count" data-testid="palette-count">
                {row.detail}
              </span>
            ) : null}
          </div>
        )
      case 'note':
        return (
          <div className="palette__note" data-testid="palette-note">
            {row.text}
          </div>
        )
      case 'command': {
        const { command } = row
        const reason = registry.disabledReason(command, ctx)
        return (
          <Cmdk.Item
            value={command.id}
            disabled={!!reason}
            className="palette__item"
            data-testid={`command-${command.id}`}
            onSelect={() => onPick(command)}
          >
            <span className="palette__title">{command.label?.(ctx) ?? command.title}</span>
            {reason ? (
              <span className="palette__reason">{reason}</span>
            ) : (
              <span className="palette__group-name">{command.group}</span>
            )}
            {command.argument ? <ChevronRight size={14} className="faint" aria-label="asks for more" /> : null}
            {command.shortcut ? <ShortcutKeys shortcut={command.shortcut} className="palette__shortcut" /> : null}
          </Cmdk.Item>
        )
      }
      case 'record':
        return (
          <Cmdk.Item
            value={row.key}
            className="palette__item"
            data-testid={`palette-recent-${row.record.kind}`}
            onSelect={() => openPath(recordPath(row.record.kind, row.record.id))}
          >
            <span className="palette__title">{row.record.label}</span>
            <span className="palette__group-name">{recordKindTitle(row.record.kind)}</span>
          </Cmdk.Item>
        )
      case 'entity':
        return (
          <Cmdk.Item
            value={row.key}
            className="palette__item"
            data-testid={`palette-item-open-${row.hit.kind}`}
            onSelect={() => openPath(row.hit.path)}
          >
            <span className="palette__title">{row.hit.title}</span>
            {row.hit.detail ? <span className="palette__reason palette__detail">{row.hit.detail}</span> : null}
          </Cmdk.Item>
        )
      case 'screen':
        return (
          <Cmdk.Item
            value={row.key}
            className="palette__item"
            data-testid={`palette-screen-${row.screen.id}`}
            onSelect={() => openPath(row.screen.path)}
          >
            <span className="palette__title">{row.screen.title}</span>
            <span className="palette__group-name">{row.screen.path}</span>
            <ShortcutKeys shortcut={row.screen.shortcut} className="palette__shortcut" />
          </Cmdk.Item>
        )
    }
  }

  return (
    <Cmdk label="Command palette" loop shouldFilter={false} value={selected} onValueChange={setSelected}>
      <div className="palette__search">
        <Search size={16} className="faint" />
        <Cmdk.Input
          className="palette__input"
          placeholder="Type a command or search…"
          autoFocus
          value={search}
          onValueChange={(text) => actor.send({ type: 'search.change', search: text })}
        />
      </div>
      <Cmdk.List ref={listRef} className="palette__list" data-testid="palette-list" data-answered-for={answeredFor}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              className="palette__row"
              style={{ transform: `translateY(${item.start}px)`, height: item.size }}
            >
              {renderRow(rows[item.index])}
            </div>
          ))}
        </div>
      </Cmdk.List>
      <div className="palette__hint" data-testid="palette-hint">
        {PALETTE_PREFIXES.map((p) => (
          <span key={p.prefix} className={query.mode === p.mode ? 'palette__hint-on' : undefined}>
            <Kbd>{p.prefix}</Kbd> {p.label}
          </span>
        ))}
      </div>
    </Cmdk>
  )
}

/** One entity search: asked while the debounced text is in its mode; shown while the live text is. */
function useEntity(
  kind: EntityKind,
  text: string,
  searchKinds: readonly EntityKind[],
  shownKinds: readonly EntityKind[],
) {
  const { data, isFetching, isPlaceholderData } = usePaletteSearch(kind, text, searchKinds.includes(kind))
  const shown = shownKinds.includes(kind)
  return shown ? { result: data, loading: isFetching, answered: data && !isPlaceholderData ? text : null } : undefined
}

/** The second page: a reason (with the admin's templates) or a user, for `command`. */
function ArgumentPage({
  command,
  argument,
  ctx,
  actor,
}: {
  command: Command
  argument: CommandArgument
  ctx: CommandContext
  actor: PaletteActor
}) {
  const text = useSelector(actor, (s) => s.context.text)
  const error = useSelector(actor, (s) => s.context.error)
  const crumb = (
    <div className="palette__crumbs" data-testid="palette-breadcrumb">
      <span className="palette__crumb">Commands</span>
      <ChevronRight size={12} className="faint" />
      <span className="palette__crumb palette__crumb--on">{command.label?.(ctx) ?? command.title}</span>
    </div>
  )
  const backOnEmpty = (event: KeyboardEvent) => {
    if (event.key === 'Backspace' && text === '') {
      event.preventDefault()
      actor.send({ type: 'back' })
    }
  }
  if (argument.kind === 'user') {
    return (
      <UserArgument argument={argument} ctx={ctx} actor={actor} text={text} crumb={crumb} onKeyDown={backOnEmpty} />
    )
  }
  return (
    <TextArgument
      argument={argument}
      ctx={ctx}
      actor={actor}
      text={text}
      error={error}
      crumb={crumb}
      onKeyDown={backOnEmpty}
    />
  )
}

function TextArgument({
  argument,
  ctx,
  actor,
  text,
  error,
  crumb,
  onKeyDown,
}: {
  argument: Extract<CommandArgument, { kind: 'text' }>
  ctx: CommandContext
  actor: PaletteActor
  text: string
  error: string | null
  crumb: React.ReactNode
  onKeyDown: (event: KeyboardEvent) => void
}) {
  const preferences = usePreferences()
  const spec = argument.templates
  const templates: ReasonTemplate[] = spec
    ? preferences.reasonTemplates.filter((t) => t.decisions.includes(spec.decision)).slice(0, 9)
    : []
  const [active, setActive] = useState(-1)
  const apply = (index: number) => {
    const template = templates[index]
    if (!template || !spec) return
    setActive(index)
    actor.send({ type: 'text.change', text: fillTemplate(template.text, spec.values(ctx)) })
  }
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown(event)
    if (event.defaultPrevented) return
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      actor.send({ type: 'submit', requiredMessage: argument.requiredMessage })
    } else if (
      templates.length &&
      (event.key === 'ArrowDown' || event.key === 'ArrowUp') &&
      (text === '' || active >= 0)
    ) {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      apply((active + step + templates.length) % templates.length)
    } else if (/^[1-9]$/.test(event.key) && (text === '' || active >= 0) && Number(event.key) <= templates.length) {
      // A number picks a template while the text is empty or still a template's.
      event.preventDefault()
      apply(Number(event.key) - 1)
    }
  }
  return (
    <div className="palette__page" data-testid="palette-argument">
      {crumb}
      <div className="palette__prompt">{argument.prompt(ctx)}</div>
      <textarea
        className="palette__textarea"
        aria-label={argument.prompt(ctx)}
        placeholder={argument.placeholder}
        autoFocus
        rows={4}
        value={text}
        data-testid="palette-argument-text"
        onChange={(event) => {
          setActive(-1)
          actor.send({ type: 'text.change', text: event.target.value })
        }}
        onKeyDown={keyDown}
      />
      {error ? (
        <div className="palette__error" role="alert">
          {error}
        </div>
      ) : null}
      {templates.length ? (
        // A listbox the text field drives (numbers, arrows); a click picks too.
        <ul className="palette__templates" role="listbox" aria-label="Reason templates">
          {templates.map((t, i) => (
            <li
              key={t.id}
              role="option"
              aria-selected={i === active}
              className="palette__template"
              data-active={i === active}
              data-testid="palette-template"
              onClick={() => apply(i)}
            >
              <Kbd>{i + 1}</Kbd>
              <span className="palette__title">{t.label}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="palette__hint">
        <span>
          <Kbd>1</Kbd>–<Kbd>{Math.max(templates.length, 1)}</Kbd> or <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> template
        </span>
        <span>
          <Kbd>Enter</Kbd> run
        </span>
        <span>
          <Kbd>Shift</Kbd>+<Kbd>Enter</Kbd> new line
        </span>
        <span>
          <Kbd>Esc</Kbd> back
        </span>
      </div>
    </div>
  )
}

function UserArgument({
  argument,
  ctx,
  actor,
  text,
  crumb,
  onKeyDown,
}: {
  argument: Extract<CommandArgument, { kind: 'user' }>
  ctx: CommandContext
  actor: PaletteActor
  text: string
  crumb: React.ReactNode
  onKeyDown: (event: KeyboardEvent) => void
}) {
  const [debounced] = useDebounce(text, SEARCH_DEBOUNCE_MS, DEBOUNCE_OPTIONS)
  const { data, isFetching } = usePaletteSearch('users', debounced, true)
  const users = text.trim() ? (data?.hits ?? []) : []
  const pick = (user: PickedUser) => actor.send({ type: 'user.pick', user })
  return (
    <Cmdk label={argument.prompt(ctx)} loop shouldFilter={false} data-testid="palette-argument">
      {crumb}
      <div className="palette__search">
        <Search size={16} className="faint" />
        <Cmdk.Input
          className="palette__input"
          placeholder={argument.placeholder}
          autoFocus
          value={text}
          onValueChange={(value) => actor.send({ type: 'text.change', text: value })}
          onKeyDown={onKeyDown}
        />
      </div>
      <Cmdk.List className="palette__list">
        {users.length === 0 ? (
          <div className="palette__note">
            {!text.trim() ? 'Type a name, e-mail or phone' : isFetching ? 'Searching users…' : 'No user matches'}
          </div>
        ) : (
          users.map((u) => (
            <Cmdk.Item
              key={u.id}
              value={u.id}
              className="palette__item"
              data-testid="palette-argument-user"
              onSelect={() => pick({ id: u.id, label: `${u.title} (${u.detail.split(' · ')[0]})` })}
            >
              <span className="palette__title">{u.title}</span>
              <span className="palette__reason palette__detail">{u.detail}</span>
            </Cmdk.Item>
          ))
        )}
      </Cmdk.List>
      <div className="palette__hint">
        <span>
          <Kbd>Enter</Kbd> pick
        </span>
        <span>
          <Kbd>Esc</Kbd> back
        </span>
      </div>
    </Cmdk>
  )
}
