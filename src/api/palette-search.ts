/**
 * Server searches of the palette's entity modes: `#` projects through
 * GET /api/admin/palette/projects (lean rows, a count capped at 1,000: made for 100,000 projects);
 * `@` users, `$` orders, `!` contacts over their list endpoints (GET /api/users, /api/orders,
 * /api/contacts with `search`); one capped page (PALETTE_PAGE rows) and the total that matched. The react-query hook passes its AbortSignal, so a request whose query the admin
 * has typed past is cancelled; the palette debounces before calling it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { RecentRecordKind } from './schemas/preferences'
import { fetchContacts } from './contacts'
import { fetchOrders } from './orders'
import { api } from './client'
import { PaletteProjectsResponseSchema } from './schemas/palette'
import { fetchUsers } from './users'
import { formatINR } from '../lib/format'

/** Rows the palette asks the server for per search (the list is virtualized; the total is shown). */
export const PALETTE_PAGE = 50

export type EntitySearchKind = 'projects' | 'users' | 'orders' | 'contacts'

/** One record a search found: what the palette shows and where Enter goes. */
export interface EntityHit {
  kind: RecentRecordKind
  id: string
  title: string
  detail: string
  /** The console path that opens it, e.g. '/projects/<id>', '/orders?order=<id>'. */
  path: string
}

export interface EntitySearchResult {
  hits: EntityHit[]
  /** How many records matched in all (the hits are the first PALETTE_PAGE). */
  total: number
  /** Whether more than `total` matched (the projects count stops at 1,000). */
  capped?: boolean
}

/** One capped page of `kind` matching `search` (the list endpoints' own search), with the total. */
export async function searchEntities(
  kind: EntitySearchKind,
  search: string,
  signal?: AbortSignal,
): Promise<EntitySearchResult> {
  switch (kind) {
    case 'projects': {
      const r = await api.get('/api/admin/palette/projects', PaletteProjectsResponseSchema, {
        query: { search, limit: PALETTE_PAGE },
        signal,
      })
      return {
        total: r.total,
        capped: r.capped,
        hits: r.projects.map((p) => ({
          kind: 'project',
          id: p._id,
          title: p.title,
          path: `/projects/${p._id}`,
          detail: [p.category, p.verificationStatus.replace(/_/g, ' '), p.isActive ? '' : 'inactive']
            .filter(Boolean)
            .join(' · '),
        })),
      }
    }
    case 'users': {
      const r = await fetchUsers({ search, role: '', status: '', page: 1, limit: PALETTE_PAGE }, signal)
      return {
        total: r.pagination.totalUsers,
        hits: r.users.map((u) => ({
          kind: 'user',
          id: u._id,
          title: u.name,
          path: `/users/${u._id}`,
          detail: [u.email, u.phone].filter(Boolean).join(' · '),
        })),
      }
    }
    case 'orders': {
      const r = await fetchOrders({ search, status: '', from: '', to: '' }, '', PALETTE_PAGE, signal)
      return {
        total: r.pagination.total,
        hits: r.orders.map((o) => ({
          kind: 'order',
          id: o._id,
          title: o.orderId,
          path: `/orders?order=${o._id}`,
          detail: [o.user?.name, o.project?.title, formatINR(o.totalAmount), o.status].filter(Boolean).join(' · '),
        })),
      }
    }
    case 'contacts': {
      const r = await fetchContacts({ search, status: '', page: 1, limit: PALETTE_PAGE }, signal)
      return {
        total: r.pagination.totalContacts,
        hits: r.contacts.map((c) => ({
          kind: 'contact',
          id: c._id,
          title: c.name,
          path: `/contacts/${c._id}`,
          detail: [c.email, c.subject].filter(Boolean).join(' · '),
        })),
      }
    }
  }
}

export const paletteSearchKeys = { search: (kind: EntitySearchKind, q: string) => ['palette', kind, q] as const }

/** The search of `kind` for `query` (already debounced); idle when `query` is empty. Keeps the last answer while the next loads. */
export function usePaletteSearch(kind: EntitySearchKind, query: string, enabled: boolean) {
  const q = query.trim()
  return useQuery({
    queryKey: paletteSearchKeys.search(kind, q),
    queryFn: ({ signal }) => searchEntities(kind, q, signal),
    enabled: enabled && q.length > 0,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  })
}
