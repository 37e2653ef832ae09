/**
 * Renders an analytics part to static HTML (react-dom/server, no DOM): wouter at `/analytics` with
 * `search`, a react-query client holding `cached` for its period, the tooltip provider, and the
 * command context with what the screen and its Retry would publish (effects do not run here).
 */
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { createActor } from 'xstate'
import { vi } from 'vitest'
import { DomUtils, parseDocument } from 'htmlparser2'
import { analyticsKeys } from '../../../../src/api/analytics'
import type { Analytics, AnalyticsPeriod } from '../../../../src/api/schemas/analytics'
import { registry } from '../../../../src/commands/app-registry'
import type { AnalyticsHandle } from '../../../../src/commands/analytics.commands'
import { CommandContextReact } from '../../../../src/commands/use-command-context'
import { createViewStore } from '../../../../src/commands/view-store'
import { TooltipProvider } from '../../../../src/components/tooltip'
import { authMachine } from '../../../../src/machines/auth.machine'
import { listFocusMachine } from '../../../../src/machines/list-focus.machine'
import { parseAnalyticsSearch } from '../../../../src/views/analytics/analytics-url'

/** What the query cache holds for the URL's period: figures, a failure, or nothing (loading). */
export type Cached = { data: Analytics } | { error: Error } | undefined

export async function render(
  node: ReactNode,
  { search = '', cached }: { search?: string; cached?: Cached } = {},
): Promise<Html> {
  const period: AnalyticsPeriod = parseAnalyticsSearch(search)
  // No retry and no refetch on mount: the cache is what the render shows.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } })
  if (cached && 'data' in cached) client.setQueryData(analyticsKeys.period(period), cached.data)
  if (cached && 'error' in cached)
    await client.prefetchQuery({ queryKey: analyticsKeys.period(period), queryFn: () => Promise.reject(cached.error) })
  const data = cached && 'data' in cached ? cached.data : undefined
  const handle: AnalyticsHandle = {
    period,
    projects: (data?.topProjects ?? []).map((p) => ({ id: p._id, title: p.title })),
    list: createActor(listFocusMachine),
  }
  const ctx = {
    route: '/analytics',
    navigate: vi.fn(),
    auth: createActor(authMachine),
    view: { analytics: handle, retry: { run: vi.fn() } },
  }
  const html = renderToStaticMarkup(
    <Router ssrPath="/analytics" ssrSearch={search}>
      <QueryClientProvider client={client}>
        <TooltipProvider>
          <CommandContextReact.Provider value={{ ctx, store: createViewStore(), registry }}>
            {node}
          </CommandContextReact.Provider>
        </TooltipProvider>
      </QueryClientProvider>
    </Router>,
  )
  return new Html(html)
}

type Document = ReturnType<typeof parseDocument>
type Element = ReturnType<typeof DomUtils.findAll>[number]
type Nodes = Parameters<typeof DomUtils.findAll>[1]

/** Static HTML parsed with htmlparser2, queried by attribute. */
export class Html {
  readonly root: Document
  constructor(readonly html: string) {
    this.root = parseDocument(html)
  }
  /** Elements whose `attr` is present (equals `value` when given), in document order. */
  all(attr: string, value?: string, within: Nodes = this.root): Element[] {
    return DomUtils.findAll(
      (el) => el.attribs[attr] !== undefined && (value === undefined || el.attribs[attr] === value),
      within,
    )
  }
  one(attr: string, value?: string, within?: Nodes): Element {
    const [el] = this.all(attr, value, within)
    if (!el) throw new Error(`no element with ${attr}${value === undefined ? '' : `="${value}"`}`)
    return el
  }
  /** The text of `el`, its text nodes joined by spaces (as they read, not as they touch), whitespace collapsed. */
  static text(el: Element): string {
    const parts: string[] = []
    const walk = (node: Element['children'][number]) => {
      if (node.type === 'text') parts.push((node as unknown as { data: string }).data)
      else if ('children' in node) node.children.forEach(walk)
    }
    walk(el)
    return parts.join(' ').replace(/\s+/g, ' ').trim()
  }
}
