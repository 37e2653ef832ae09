/**
 * Contacts transport (SPEC.md 7 "Contacts"): the filtered page-numbered list, stats, one
 * contact, a status change (optionally with a reply, which the server e-mails first), the bulk
 * update, and the react-query keys and hooks of the contacts screens.
 * Every failure is an ApiError (src/api/client.ts): a second reply is a 409, a mail that could not
 * be sent a 502 whose message is the mailer's reason.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from './client'
import { dashboardKeys } from './dashboard'
import { PREFETCH_FRESH_MS, usePagedList } from './paged-list'
import {
  ContactBulkResponseSchema,
  ContactListResponseSchema,
  ContactMessageResponseSchema,
  ContactResponseSchema,
  ContactStatsResponseSchema,
  type ContactBulkAction,
  type ContactDetail,
  type ContactListResponse,
  type ContactStats,
  type ContactStatus,
} from './schemas/contacts'
import type { RowVersions } from './schemas/versions'
import { bulkOutcome, type BulkOutcome } from './bulk-outcome'

/** The list filters as the URL carries them ('' = all). `limit` is the page size. */
export interface ContactListFilters {
  search: string
  status: '' | ContactStatus
  page: number
  limit: number
}

/** GET /api/contacts; empty filters are left out of the query. */
export function fetchContacts(filters: ContactListFilters, signal?: AbortSignal): Promise<ContactListResponse> {
  const query: Record<string, string | number> = { page: filters.page, limit: filters.limit }
  if (filters.search.trim()) query.search = filters.search.trim()
  if (filters.status) query.status = filters.status
  return api.get('/api/contacts', ContactListResponseSchema, { query, signal })
}

/** GET /api/contacts/stats → {total, unread, thisMonth, byStatus}. */
export async function fetchContactStats(signal?: AbortSignal): Promise<ContactStats> {
  return (await api.get('/api/contacts/stats', ContactStatsResponseSchema, { signal })).stats
}

/** GET /api/contacts/{id} → the contact with its whole message, reply and related project (404 → ApiError status 404). */
export async function fetchContact(id: string, signal?: AbortSignal): Promise<ContactDetail> {
  return (await api.get(`/api/contacts/${id}`, ContactResponseSchema, { signal })).contact
}

/** PUT /api/contacts/{id} {status} → the contact; If-Match `version` when given (stale → 409 with `conflict`). */
export async function setContactStatus(id: string, status: ContactStatus, version?: string): Promise<ContactDetail> {
  return (await api.put(`/api/contacts/${id}`, { status }, ContactMessageResponseSchema, { version })).contact
}

/** PUT /api/contacts/{id} {status: 'replied', reply}: e-mails the reply, then stores it → the contact. */
export async function sendContactReply(id: string, reply: string): Promise<ContactDetail> {
  return (await api.put(`/api/contacts/${id}`, { status: 'replied', reply }, ContactMessageResponseSchema)).contact
}

/** PUT /api/contacts/bulk-update {contactIds, action, versions?}: rows changed since listed are left out and reported. */
export async function bulkUpdateContacts(
  contactIds: readonly string[],
  action: ContactBulkAction,
  versions?: RowVersions,
): Promise<BulkOutcome> {
  const body = { contactIds, action, ...(versions ? { versions } : {}) }
  return bulkOutcome(await api.put('/api/contacts/bulk-update', body, ContactBulkResponseSchema))
}

export const contactKeys = {
  all: ['contacts'] as const,
  list: (filters: ContactListFilters) => ['contacts', 'list', filters] as const,
  stats: ['contacts', 'stats'] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
}

/** The current page; keeps the previous page on screen while the next loads and prefetches the next one. */
export function useContactList(filters: ContactListFilters) {
  return usePagedList(contactListSource, filters)
}
const contactListSource = { key: contactKeys.list, fetch: fetchContacts }

/** The stats cards; a failure is only logged by the view (SPEC.md 8). */
export function useContactStats() {
  return useQuery({ queryKey: contactKeys.stats, queryFn: ({ signal }) => fetchContactStats(signal), staleTime: 0 })
}

export function useContact(id: string) {
  return useQuery({ queryKey: contactKeys.detail(id), queryFn: ({ signal }) => fetchContact(id, signal), staleTime: 0 })
}

/** Load contact `id` into the cache ahead of opening it (the focused row of the list). */
export function prefetchContact(queryClient: QueryClient, id: string): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => fetchContact(id, signal),
    staleTime: PREFETCH_FRESH_MS,
  })
}

/**
 * After any contact write: lists, stats and searches refetch, and so does the dashboard (its
 * unread count and status grid); `contact` (when given) replaces its cached detail.
 */
export async function invalidateContacts(queryClient: QueryClient, contact?: ContactDetail): Promise<void> {
  if (contact) queryClient.setQueryData(contactKeys.detail(contact._id), contact)
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: contactKeys.all,
      predicate: (q) => !contact || q.queryKey[2] !== contact._id,
    }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.stats }),
  ])
}
