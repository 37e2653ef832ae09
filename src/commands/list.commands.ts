/**
 * The keys every list screen shares (decision 029; DESIGN.md "every list is navigable from the
 * keyboard"): j/k focus, x toggles the focused row, shift+x selects a range, the tri-state select
 * all, clear selection, Enter (and View/Edit) opens the focused row, '/' focuses the search,
 * Shift+Escape clears the search and filters while they narrow the list and, on a paged list,
 * [ and ] turn the page. One factory builds them for a list scope
 * (`projects.focusNext`, `orders.selectAll`...); the list's own commands (row and bulk actions,
 * export, filters) stay in its `*.commands.ts`. The events sent are the ones every list machine
 * handles through src/machines/shared/list-selection.rules.ts.
 */
import type { Command, CommandContext } from './registry'

/** The list-selection events these commands send (every list machine takes them in every state). */
export type ListKeyEvent =
  | { type: 'focus.next' }
  | { type: 'focus.prev' }
  | { type: 'row.toggle'; id?: string }
  | { type: 'row.toggleRange'; id?: string }
  | { type: 'selection.set'; ids: string[] }

/** What the commands read of a list screen's published handle. */
export interface ListKeysHandle<R extends { id: string } = { id: string }> {
  /** The rows on screen (a page, or every loaded row of a scrolled list), in order. */
  rows: readonly R[]
  /**
   * The list's selection (kept here too: a row's own controls run with the selection cleared);
   * absent on a list without selection (the audit log), whose file leaves out `select`.
   */
  selected?: readonly string[]
  focusSearch: () => void
  /** True while a search or filter narrows the list (useListScreen's `filtered`). */
  filtered: boolean
  /** Drops the search and filters (useListScreen's `clearFilters`: it navigates). */
  clearFilters: () => void
}

/** Anything that takes the list-selection events: a list machine's actor. */
export interface ListKeysActor {
  send: (event: ListKeyEvent) => void
}

/** The page commands of a paged list: where it is, how many pages, how to go to another page. */
export interface ListPages {
  page: (ctx: CommandContext) => number
  totalPages: (ctx: CommandContext) => number
  /** Navigates to page `page` (the list's other URL state kept). */
  go: (ctx: CommandContext, page: number) => void
}

export interface ListCommandsOptions<H extends ListKeysHandle> {
  /** Command group shown in the palette and the '?' sheet ('Projects'). */
  group: string
  /** The `focused` kind of a row ('project'). */
  kind: string
  /** The row's words: 'project', 'a project', 'projects'. */
  noun: { one: string; a: string; many: string }
  /** 'paged': numbered pages ('Select all projects on this page'); 'scrolled': loaded by cursor ('Select all loaded orders'). */
  shape: 'paged' | 'scrolled'
  /** The list screen's handle in the command context, undefined off the screen. */
  handle: (ctx: CommandContext) => H | undefined
  /** The list machine's actor in the handle. */
  actor: (handle: H) => ListKeysActor
  /** How x names the focused row ('Select Ravi Kumar'); the noun when absent. */
  rowLabel?: (row: H['rows'][number]) => string
  /** Title of '/' ('Search projects' by default). */
  searchTitle?: string
}

/** The commands `listCommands` builds; a list's file puts them in its array in the order it shows them. */
export interface ListCommandSet {
  /** j, k. */
  focus: Command[]
  /** x, shift+x, select all (tri-state). */
  select: Command[]
  clearSelection: Command
  /** [ and ] ; empty for a scrolled list. */
  pages: Command[]
  /** '/'. */
  search: Command
  /** Shift+Escape, while a search or filter narrows the list. */
  clearFilters: Command
  /** The focused row's id when the focus is on a row of this list. */
  focusedId: (ctx: CommandContext) => string | undefined
  /** 'Focus a project with J/K first' when no row of this list is focused, else null. */
  noFocus: (ctx: CommandContext) => string | null
  /**
   * An open command on the focused row (Enter, View, Edit): `go` navigates to it. `label` is the
   * button text; `keywords` extra palette words.
   */
  open: (spec: {
    id: string
    title: string
    label?: string
    shortcut?: string
    keywords?: readonly string[]
    go: (ctx: CommandContext, id: string) => void
  }) => Command
}

/**
 * The shared list commands of `scope` (ids `<scope>.focusNext`, `.focusPrev`, `.toggleSelect`,
 * `.selectRange`, `.selectAll`, `.clearSelection`, `.prevPage`, `.nextPage`, `.search`,
 * `.clearFilters`), each
 * visible only while `opts.handle` returns a handle. `pages` is needed for a paged list.
 */
export function listCommands<H extends ListKeysHandle>(
  scope: string,
  opts: ListCommandsOptions<H>,
  pages?: ListPages,
): ListCommandSet {
  const { group, kind, noun } = opts
  const on = (ctx: CommandContext) => !!opts.handle(ctx)
  const send = (ctx: CommandContext, event: ListKeyEvent) => {
    const handle = opts.handle(ctx)
    if (handle) opts.actor(handle).send(event)
  }
  const focusedId = (ctx: CommandContext) => (ctx.view.focused?.kind === kind ? ctx.view.focused.id : undefined)
  const focusedRow = (ctx: CommandContext) => {
    const id = focusedId(ctx)
    return id === undefined ? undefined : opts.handle(ctx)?.rows.find((r) => r.id === id)
  }
  const noFocus = (ctx: CommandContext) => (focusedId(ctx) ? null : `Focus ${noun.a} with J/K first`)
  const paged = opts.shape === 'paged'

  const focus: Command[] = [
    {
      id: `${scope}.focusNext`,
      title: `Next ${noun.one}`,
      group,
      shortcut: 'j',
      when: on,
      run: (ctx) => send(ctx, { type: 'focus.next' }),
    },
    {
      id: `${scope}.focusPrev`,
      title: `Previous ${noun.one}`,
      group,
      shortcut: 'k',
      when: on,
      run: (ctx) => send(ctx, { type: 'focus.prev' }),
    },
  ]
  const select: Command[] = [
    {
      id: `${scope}.toggleSelect`,
      title: `Toggle selection of the focused ${noun.one}`,
      group,
      shortcut: 'x',
      when: on,
      label: (ctx) => {
        const row = focusedRow(ctx)
        return `Select ${(row && opts.rowLabel?.(row)) || noun.one}`
      },
      checked: (ctx) => {
        const id = focusedId(ctx)
        return !!id && !!opts.handle(ctx)?.selected?.includes(id)
      },
      disabledReason: noFocus,
      run: (ctx) => send(ctx, { type: 'row.toggle', id: focusedId(ctx) }),
    },
    {
      id: `${scope}.selectRange`,
      title: `Select range to the focused ${noun.one}`,
      group,
      shortcut: 'shift+x',
      when: on,
      disabledReason: noFocus,
      run: (ctx) => send(ctx, { type: 'row.toggleRange' }),
    },
    {
      id: `${scope}.selectAll`,
      title: paged ? `Select all ${noun.many} on this page` : `Select all loaded ${noun.many}`,
      group,
      keywords: ['select', 'all', 'none'],
      when: on,
      label: () => (paged ? `Select all ${noun.many}` : `Select all loaded ${noun.many}`),
      checked: (ctx) => {
        const handle = opts.handle(ctx)
        const selected = handle?.selected ?? []
        const here = handle ? handle.rows.filter((r) => selected.includes(r.id)).length : 0
        return here === 0 ? false : here === handle?.rows.length ? true : 'indeterminate'
      },
      disabledReason: (ctx) =>
        opts.handle(ctx)?.rows.length ? null : paged ? `No ${noun.many} on this page` : `No ${noun.many} loaded`,
      run: (ctx) => {
        const handle = opts.handle(ctx)
        const all = !!handle && handle.rows.every((r) => handle.selected?.includes(r.id))
        send(ctx, { type: 'selection.set', ids: all || !handle ? [] : handle.rows.map((r) => r.id) })
      },
    },
  ]
  const clearSelection: Command = {
    id: `${scope}.clearSelection`,
    title: 'Clear selection',
    group,
    when: (ctx) => on(ctx) && !!ctx.view.selection?.length,
    run: (ctx) => send(ctx, { type: 'selection.set', ids: [] }),
  }
  const pageCommands: Command[] = pages
    ? [
        {
          id: `${scope}.prevPage`,
          title: 'Previous page',
          group,
          shortcut: '[',
          when: on,
          label: () => 'Previous',
          disabledReason: (ctx) => (pages.page(ctx) <= 1 ? 'This is the first page' : null),
          run: (ctx) => pages.go(ctx, pages.page(ctx) - 1),
        },
        {
          id: `${scope}.nextPage`,
          title: 'Next page',
          group,
          shortcut: ']',
          when: on,
          label: () => 'Next',
          disabledReason: (ctx) => (pages.page(ctx) >= pages.totalPages(ctx) ? 'This is the last page' : null),
          run: (ctx) => pages.go(ctx, pages.page(ctx) + 1),
        },
      ]
    : []
  const search: Command = {
    id: `${scope}.search`,
    title: opts.searchTitle ?? `Search ${noun.many}`,
    group,
    shortcut: '/',
    when: on,
    run: (ctx) => opts.handle(ctx)?.focusSearch(),
  }
  const clearFilters: Command = {
    id: `${scope}.clearFilters`,
    title: 'Clear filters',
    group,
    shortcut: 'shift+escape',
    keywords: ['reset', 'search', 'filter', 'all', noun.many],
    when: (ctx) => !!opts.handle(ctx)?.filtered,
    run: (ctx) => opts.handle(ctx)?.clearFilters(),
  }
  const open: ListCommandSet['open'] = ({ id, title, label, shortcut, keywords, go }) => ({
    id,
    title,
    group,
    ...(shortcut ? { shortcut } : {}),
    ...(keywords ? { keywords } : {}),
    ...(label ? { label: () => label } : {}),
    when: on,
    disabledReason: noFocus,
    run: (ctx) => {
      const row = focusedId(ctx)
      if (row) go(ctx, row)
    },
  })
  return { focus, select, clearSelection, pages: pageCommands, search, clearFilters, focusedId, noFocus, open }
}
