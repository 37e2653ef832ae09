/**
 * Dynamic palette groups: a source turns the typed text into items (e.g. 'Open project…' asking
 * the API for matching titles; '@' followed by text asking for users, '!' for contacts). Kept apart from the static
 * command registry because its items depend on a query, not on the context. `useItems` is a
 * React hook called by the palette.
 */
import { useQuery } from '@tanstack/react-query'
import { useDebounce } from 'use-debounce'
import { contactKeys, searchContacts } from '../api/contacts'
import { useProjectTitleSearch } from '../api/projects'
import { useUserSearch } from '../api/users'
import type { CommandContext } from './registry'

export interface PaletteItem {
  id: string
  title: string
  detail?: string
  run: (ctx: CommandContext) => void
}

export interface PaletteSource {
  id: string
  group: string
  useItems: (search: string) => PaletteItem[]
}

/** Typing pause before the palette asks the server, ms. */
const SEARCH_DEBOUNCE_MS = 200

/** The palette text that asks for users: '@' and then what to find. */
export const USER_SEARCH_PREFIX = '@'

/** The users query of palette text '@ravi' ('ravi'), or null when the text is not a users search. */
export function userQueryOf(search: string): string | null {
  const text = search.trimStart()
  return text.startsWith(USER_SEARCH_PREFIX) ? text.slice(USER_SEARCH_PREFIX.length).trim() : null
}

/** The palette text that asks for contacts: '!' and then what to find. */
export const CONTACT_SEARCH_PREFIX = '!'

/** The contacts query of palette text '!refund' ('refund'), or null when the text is not a contacts search. */
export function contactQueryOf(search: string): string | null {
  const text = search.trimStart()
  return text.startsWith(CONTACT_SEARCH_PREFIX) ? text.slice(CONTACT_SEARCH_PREFIX.length).trim() : null
}

/** Whether `search` is an entity search ('@' users, '!' contacts) rather than free text. */
const isEntitySearch = (search: string) => userQueryOf(search) !== null || contactQueryOf(search) !== null

/** 'Open project…': projects whose title, description, technologies or tags match (2+ characters; not an '@' or '!' search). */
const projectsSource: PaletteSource = {
  id: 'open-project',
  group: 'Open project…',
  useItems(search) {
    const [debounced] = useDebounce(search, SEARCH_DEBOUNCE_MS)
    const { data } = useProjectTitleSearch(isEntitySearch(debounced) ? '' : debounced)
    if (search.trim().length < 2 || isEntitySearch(search)) return []
    return (data?.projects ?? []).map((p) => ({
      id: p._id,
      title: p.title,
      detail: p.category,
      run: (ctx) => ctx.navigate(`/projects/${p._id}`),
    }))
  },
}

/**
 * 'Open user…': '@' followed by text lists the users whose name, e-mail or phone match (the
 * users search of src/api/users.ts, the one the project owner picker uses); Enter opens one.
 */
const usersSource: PaletteSource = {
  id: 'open-user',
  group: 'Open user…',
  useItems(search) {
    const [debounced] = useDebounce(search, SEARCH_DEBOUNCE_MS)
    const query = userQueryOf(debounced) ?? ''
    const { data } = useUserSearch(query, query.length > 0)
    if (!userQueryOf(search)) return []
    return (data ?? []).map((u) => ({
      id: u._id,
      title: u.name,
      detail: [u.email, u.phone].filter(Boolean).join(' · '),
      run: (ctx) => ctx.navigate(`/users/${u._id}`),
    }))
  },
}

/**
 * 'Open contact…': '!' followed by text lists the contacts whose name, e-mail, subject or message
 * match (searchContacts of src/api/contacts.ts, first 20); Enter opens one.
 */
const contactsSource: PaletteSource = {
  id: 'open-contact',
  group: 'Open contact…',
  useItems(search) {
    const [debounced] = useDebounce(search, SEARCH_DEBOUNCE_MS)
    const query = contactQueryOf(debounced) ?? ''
    const { data } = useQuery({
      queryKey: contactKeys.search(query), queryFn: ({ signal }) => searchContacts(query, signal), enabled: query.length > 0, staleTime: 10_000,
    })
    if (!contactQueryOf(search)) return []
    return (data ?? []).map((c) => ({
      id: c._id,
      title: c.name,
      detail: [c.email, c.subject].filter(Boolean).join(' · '),
      run: (ctx) => ctx.navigate(`/contacts/${c._id}`),
    }))
  },
}

export const paletteSources: readonly PaletteSource[] = [projectsSource, usersSource, contactsSource]
