/**
 * The shared list body (src/components/list/list-screen-body.tsx): its states (an empty list apart
 * from a search or filter that matches nothing) and a scrolled list's count line.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { createActor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { createRegistry } from '../../../src/commands/registry'
import { CommandContextReact } from '../../../src/commands/use-command-context'
import { createViewStore } from '../../../src/commands/view-store'
import {
  ListScreenBody,
  NO_MATCH_HINT,
  noMatchTitle,
  type ListScreenBodyProps,
  type ListTexts,
} from '../../../src/components/list/list-screen-body'
import { scrolledRowCount, type ListScrolling } from '../../../src/components/list/use-list-screen'
import { authMachine } from '../../../src/machines/auth.machine'

// The one command the body renders a control for: the no-match state's Clear filters.
const registry = createRegistry([
  { id: 'orders.clearFilters', title: 'Clear filters', group: 'Orders', shortcut: 'shift+escape', run: vi.fn() },
])
const command = {
  ctx: { route: '/orders', navigate: vi.fn(), auth: createActor(authMachine), view: {} },
  store: createViewStore(),
  registry,
}

const texts: ListTexts = {
  loading: 'Loading orders',
  errorTitle: 'Error Loading Orders',
  errorFallback: 'Failed to load orders',
  empty: 'No orders found',
  emptyDescription: 'Try another search',
  noun: ['order', 'orders'],
  loadingMore: 'Loading more orders',
}
const scrolling = (over: Partial<ListScrolling> = {}): ListScrolling => ({
  hasMore: true,
  canLoadMore: true,
  loadMore: () => {},
  loadFailed: false,
  total: 5200,
  rowCount: 5200,
  ...over,
})

function html(screen: Partial<ListScreenBodyProps['screen']>, t: ListTexts = texts) {
  const full: ListScreenBodyProps['screen'] = {
    status: 'ready',
    error: null,
    retry: () => {},
    paging: undefined,
    scrolling: scrolling(),
    items: [1, 2, 3],
    selection: [],
    filtered: false,
    url: { search: '' },
    ...screen,
  }
  return renderToStaticMarkup(
    <CommandContextReact.Provider value={command}>
      <ListScreenBody screen={full} texts={t} scope="orders">
        {(footer) => <div data-testid="table">{footer}</div>}
      </ListScreenBody>
    </CommandContextReact.Provider>,
  )
}

/** The visible text of the body. */
const render = (screen: Partial<ListScreenBodyProps['screen']>, t: ListTexts = texts) =>
  html(screen, t)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('ListScreenBody', () => {
  it('shows the loading and empty states in the list words, and no table', () => {
    expect(render({ status: 'loading' })).toContain('Loading orders')
    const empty = render({ status: 'empty', items: [] })
    expect(empty).toContain('No orders found')
    expect(empty).toContain('Try another search')
    expect(empty).not.toContain('loaded')
    expect(empty).not.toContain('Clear filters')
  })

  it('a search or filter that matches nothing says so and offers Clear filters, not the empty-list words', () => {
    const searched = render({ status: 'empty', items: [], filtered: true, url: { search: ' foo ' } })
    expect(searched).toBe(`No orders match “foo” ${NO_MATCH_HINT} Clear filters Shift Esc`)
    expect(html({ status: 'empty', items: [], filtered: true, url: { search: 'foo' } })).toContain(
      'data-command="orders.clearFilters"',
    )
    const filtered = render({ status: 'empty', items: [], filtered: true }, { ...texts, noMatch: 'Nothing here.' })
    expect(filtered).toContain('No orders match these filters Nothing here.')
    expect(filtered).not.toContain('No orders found')
  })

  it('noMatchTitle: the trimmed search in quotes, or the filters', () => {
    expect(noMatchTitle('projects', 'foo')).toBe('No projects match “foo”')
    expect(noMatchTitle('projects', '   ')).toBe('No projects match these filters')
  })

  it('a scrolled list counts what is loaded of the total, and the selection', () => {
    expect(render({})).toContain('3 of 5,200 orders loaded')
    expect(render({ selection: ['a', 'b'] })).toContain('3 of 5,200 orders loaded · 2 selected')
    expect(render({ scrolling: scrolling({ total: 1 }), items: [1] })).toContain('1 of 1 order loaded')
  })

  it('a capped total reads as a lower bound', () => {
    expect(render({ scrolling: scrolling({ total: 1_000, totalCapped: true }) })).toContain('3 of 1,000+ orders loaded')
  })

  it("the table's row count: the total, unknown (-1) when capped, the loaded rows when uncounted", () => {
    expect(scrolledRowCount(5200, false, 50)).toBe(5200)
    expect(scrolledRowCount(10_000, true, 50)).toBe(-1)
    expect(scrolledRowCount(undefined, false, 40)).toBe(40)
  })

  it('without a total it says how many are loaded and whether more come', () => {
    const t = { ...texts, noun: ['entry', 'entries'] as const }
    expect(render({ scrolling: scrolling({ total: undefined }) }, t)).toContain('3 entries loaded, more as you scroll')
    expect(render({ scrolling: scrolling({ total: undefined, hasMore: false }), items: [1] }, t)).toBe('1 entry loaded')
  })

  it('the table footer is the next-page spinner; the total carries its test id', () => {
    const body = html({})
    expect(body).toMatch(/<div data-testid="table">.*Loading more orders.*<\/div>/)
    expect(body).toContain('data-testid="orders-total">5,200</span>')
    expect(body).toContain('data-testid="orders-count"')
  })
})
