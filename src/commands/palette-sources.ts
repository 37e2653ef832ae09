/**
 * Dynamic palette groups: a source turns the typed text into items (e.g. 'Open project…' asking
 * the API for matching titles). Kept apart from the static command registry because its items
 * depend on a query, not on the context. `useItems` is a React hook called by the palette.
 */
import { useDebounce } from 'use-debounce'
import { useProjectTitleSearch } from '../api/projects'
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

/** 'Open project…': projects whose title, description, technologies or tags match (2+ characters). */
const projectsSource: PaletteSource = {
  id: 'open-project',
  group: 'Open project…',
  useItems(search) {
    const [debounced] = useDebounce(search, SEARCH_DEBOUNCE_MS)
    const { data } = useProjectTitleSearch(debounced)
    if (search.trim().length < 2) return []
    return (data?.projects ?? []).map((p) => ({
      id: p._id,
      title: p.title,
      detail: p.category,
      run: (ctx) => ctx.navigate(`/projects/${p._id}`),
    }))
  },
}

export const paletteSources: readonly PaletteSource[] = [projectsSource]
