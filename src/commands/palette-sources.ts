/**
 * Dynamic palette groups: a source turns the typed text into items (e.g. 'Open project…' asking
 * the API for matching titles). Kept apart from the static command registry because its items
 * depend on a query, not on the context. `useItems` is a React hook called by the palette.
 */
import { useEffect, useState } from 'react'
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

/** `value` after it has stopped changing for `ms` milliseconds. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/** 'Open project…': projects whose title, description, technologies or tags match (2+ characters). */
const projectsSource: PaletteSource = {
  id: 'open-project',
  group: 'Open project…',
  useItems(search) {
    const { data } = useProjectTitleSearch(useDebounced(search, 200))
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
