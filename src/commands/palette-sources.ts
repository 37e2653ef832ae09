/**
 * Dynamic palette groups: a source turns the typed text into items (e.g. 'Open project…' asking
 * the API for matching titles; '@' followed by text asking for users). Kept apart from the static
 * command registry because its items depend on a query, not on the context. `useItems` is a
 * React hook called by the palette.
 */
import { useDebounce } from 'use-debounce'
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

/** 'Open project…': projects whose title, description, technologies or tags match (2+ characters; not an '@' users search). */
const projectsSource: PaletteSource = {
  id: 'open-project',
  group: 'Open project…',
  useItems(search) {
    const [debounced] = useDebounce(search, SEARCH_DEBOUNCE_MS)
    const { data } = useProjectTitleSearch(userQueryOf(debounced) === null ? debounced : '')
    if (search.trim().length < 2 || userQueryOf(search) !== null) return []
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

export const paletteSources: readonly PaletteSource[] = [projectsSource, usersSource]
