/** The shared list keys (src/commands/list.commands.ts) on a list of its own, and the ids every list screen keeps. */
import { describe, expect, it } from 'vitest'
import { registry } from '../../../src/commands/app-registry'
import { listCommands, type ListKeyEvent, type ListKeysHandle } from '../../../src/commands/list.commands'
import { createRegistry, type CommandContext } from '../../../src/commands/registry'
import { context } from './context'

interface Widget {
  id: string
  name: string
}
interface WidgetsHandle extends ListKeysHandle<Widget> {
  sent: ListKeyEvent[]
  page: number
  totalPages: number
}

declare module '../../../src/commands/registry' {
  interface ViewCommandContext {
    widgets?: WidgetsHandle
  }
}

const widgets = (ctx: CommandContext) => ctx.view.widgets
const opts = {
  group: 'Widgets',
  kind: 'widget',
  noun: { one: 'widget', a: 'a widget', many: 'widgets' },
  handle: widgets,
  actor: (h: WidgetsHandle) => ({ send: (e: ListKeyEvent) => void h.sent.push(e) }),
  rowLabel: (row: Widget) => row.name,
}
const rows: Widget[] = [
  { id: 'w1', name: 'Alpha' },
  { id: 'w2', name: 'Beta' },
]

function setup(
  shape: 'paged' | 'scrolled',
  selected: string[] = [],
  focused?: string,
  over: Partial<WidgetsHandle> = {},
) {
  const keys = listCommands(
    'widgets',
    { ...opts, shape },
    shape === 'paged'
      ? {
          page: (ctx) => widgets(ctx)?.page ?? 1,
          totalPages: (ctx) => widgets(ctx)?.totalPages ?? 1,
          go: (ctx, page) => ctx.navigate(`/widgets?page=${page}`),
        }
      : undefined,
  )
  const reg = createRegistry([
    ...keys.focus,
    ...keys.select,
    keys.clearSelection,
    keys.open({
      id: 'widgets.open',
      title: 'Open widget',
      label: 'Open',
      shortcut: 'enter',
      go: (ctx, id) => ctx.navigate(`/widgets/${id}`),
    }),
    ...keys.pages,
    keys.search,
    keys.clearFilters,
  ])
  let searched = 0
  let cleared = 0
  const handle: WidgetsHandle = {
    rows,
    selected,
    sent: [],
    page: 1,
    totalPages: 2,
    focusSearch: () => void searched++,
    filtered: false,
    clearFilters: () => void cleared++,
    ...over,
  }
  const ctx = context('/widgets', {
    widgets: handle,
    selection: selected,
    focused: focused ? { kind: 'widget', id: focused } : undefined,
  })
  const get = (id: string) => {
    const command = reg.get(id)!
    return {
      command,
      visible: reg.isVisible(command, ctx),
      reason: reg.disabledReason(command, ctx),
      label: command.label?.(ctx) ?? command.title,
      checked: command.checked?.(ctx),
      run: () => reg.run(command, ctx),
    }
  }
  return { reg, ctx, handle, get, searched: () => searched, cleared: () => cleared }
}

describe('listCommands', () => {
  it('builds the shared ids and keys of a paged list, hidden off the list', () => {
    const { reg, ctx } = setup('paged')
    expect(reg.all.map((c) => [c.id, c.shortcut])).toEqual([
      ['widgets.focusNext', 'j'],
      ['widgets.focusPrev', 'k'],
      ['widgets.toggleSelect', 'x'],
      ['widgets.selectRange', 'shift+x'],
      ['widgets.selectAll', undefined],
      ['widgets.clearSelection', undefined],
      ['widgets.open', 'enter'],
      ['widgets.prevPage', '['],
      ['widgets.nextPage', ']'],
      ['widgets.search', '/'],
      ['widgets.clearFilters', 'shift+escape'],
    ])
    const off = { ...ctx, view: {} }
    expect(reg.all.filter((c) => reg.isVisible(c, off))).toEqual([])
  })

  it('j/k, x, shift+x send the list-selection events; x names the focused row', () => {
    const { get, handle } = setup('paged', [], 'w2')
    get('widgets.focusNext').run()
    get('widgets.focusPrev').run()
    expect(get('widgets.toggleSelect').label).toBe('Select Beta')
    get('widgets.toggleSelect').run()
    get('widgets.selectRange').run()
    expect(handle.sent).toEqual([
      { type: 'focus.next' },
      { type: 'focus.prev' },
      { type: 'row.toggle', id: 'w2' },
      { type: 'row.toggleRange' },
    ])
  })

  it('without a focused row x, shift+x and Enter say why, and x is named by the noun', () => {
    const { get } = setup('paged')
    expect(get('widgets.toggleSelect').label).toBe('Select widget')
    for (const id of ['widgets.toggleSelect', 'widgets.selectRange', 'widgets.open'])
      expect(get(id).reason).toBe('Focus a widget with J/K first')
  })

  it('select all is tri-state and toggles all / none; clear selection shows only with a selection', () => {
    expect(setup('paged').get('widgets.selectAll').checked).toBe(false)
    expect(setup('paged', ['w1']).get('widgets.selectAll').checked).toBe('indeterminate')
    const all = setup('paged', ['w1', 'w2'])
    expect(all.get('widgets.selectAll').checked).toBe(true)
    all.get('widgets.selectAll').run()
    const some = setup('paged', ['w1'])
    some.get('widgets.selectAll').run()
    expect([...all.handle.sent, ...some.handle.sent]).toEqual([
      { type: 'selection.set', ids: [] },
      { type: 'selection.set', ids: ['w1', 'w2'] },
    ])
    expect(setup('paged').get('widgets.clearSelection').visible).toBe(false)
    const clear = setup('paged', ['w1'])
    clear.get('widgets.clearSelection').run()
    expect(clear.handle.sent).toEqual([{ type: 'selection.set', ids: [] }])
  })

  it('paged and scrolled lists word select all for what is on screen', () => {
    const paged = setup('paged', [], undefined, { rows: [] }).get('widgets.selectAll')
    expect([paged.command.title, paged.label, paged.reason]).toEqual([
      'Select all widgets on this page',
      'Select all widgets',
      'No widgets on this page',
    ])
    const scrolled = setup('scrolled', [], undefined, { rows: [] }).get('widgets.selectAll')
    expect([scrolled.command.title, scrolled.label, scrolled.reason]).toEqual([
      'Select all loaded widgets',
      'Select all loaded widgets',
      'No widgets loaded',
    ])
    expect(setup('scrolled').reg.get('widgets.prevPage')).toBeUndefined()
  })

  it('Enter opens the focused row; [ and ] turn the page within 1..totalPages; / focuses the search', () => {
    const { get, ctx, searched } = setup('paged', [], 'w1')
    expect(get('widgets.open').label).toBe('Open')
    get('widgets.open').run()
    expect(get('widgets.prevPage').reason).toBe('This is the first page')
    get('widgets.nextPage').run()
    get('widgets.search').run()
    expect(ctx.navigate).toHaveBeenNthCalledWith(1, '/widgets/w1')
    expect(ctx.navigate).toHaveBeenNthCalledWith(2, '/widgets?page=2')
    expect(searched()).toBe(1)
    const last = setup('paged', [], undefined, { page: 2 })
    expect(last.get('widgets.nextPage').reason).toBe('This is the last page')
    last.get('widgets.prevPage').run()
    expect(last.ctx.navigate).toHaveBeenCalledWith('/widgets?page=1')
  })

  it('Clear filters applies only while a search or filter narrows the list, and asks the list to drop them', () => {
    expect(setup('paged').get('widgets.clearFilters').visible).toBe(false)
    const narrowed = setup('paged', [], undefined, { filtered: true })
    expect(narrowed.get('widgets.clearFilters').visible).toBe(true)
    narrowed.get('widgets.clearFilters').run()
    expect(narrowed.cleared()).toBe(1)
  })

  it('every list screen keeps its list key ids and shortcuts', () => {
    const shortcut = (id: string) => registry.get(id)?.shortcut
    for (const scope of ['projects', 'users', 'contacts', 'orders', 'payments', 'audit'])
      expect(shortcut(`${scope}.clearFilters`)).toBe('shift+escape')
    for (const scope of ['projects', 'users', 'contacts', 'orders', 'payments']) {
      expect([
        shortcut(`${scope}.focusNext`),
        shortcut(`${scope}.focusPrev`),
        shortcut(`${scope}.toggleSelect`),
        shortcut(`${scope}.selectRange`),
        shortcut(`${scope}.open`),
        shortcut(`${scope}.search`),
      ]).toEqual(['j', 'k', 'x', 'shift+x', 'enter', '/'])
      expect(registry.get(`${scope}.selectAll`)).toBeDefined()
      expect(registry.get(`${scope}.clearSelection`)).toBeDefined()
    }
    for (const scope of ['projects', 'users', 'contacts'])
      expect([shortcut(`${scope}.prevPage`), shortcut(`${scope}.nextPage`)]).toEqual(['[', ']'])
    expect(['audit.focusNext', 'audit.focusPrev', 'audit.open', 'audit.search'].map(shortcut)).toEqual([
      'j',
      'k',
      'enter',
      '/',
    ])
  })
})
