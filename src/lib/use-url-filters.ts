/**
 * A list's filters bound to the URL query (wouter), plus the search box text that reaches the
 * URL 300 ms after typing stops (SPEC.md 9, use-debounce). `useUrlFilters` serves any list with
 * a `search` (and a `page`, reset to 1 by a new search, when it has one) given its parse/serialise
 * pair. `goToQuery` navigates to another query of the list (a new history entry), dropping a
 * search still waiting for its debounce.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useDebouncedCallback } from 'use-debounce'
import { useLocation, useSearch } from 'wouter'

export const SEARCH_DEBOUNCE_MS = 300

/** Filters from `location.search` with `parse`; the typed search text goes to the URL (page 1) through `serialise`. */
export function useUrlFilters<F extends { search: string; page?: number }>(
  parse: (search: string) => F,
  serialise: (filters: F) => string,
) {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const filters = useMemo(() => parse(search), [parse, search])
  const setFilters = useCallback(
    (patch: Partial<F>) => {
      const query = serialise({ ...parse(window.location.search), ...patch })
      navigate(query ? `${location}?${query}` : location, { replace: true })
    },
    [location, navigate, parse, serialise],
  )

  const [searchText, setText] = useState(filters.search)
  // Back/forward, a bookmark or a filter command changes the URL: show its search text.
  useEffect(() => setText(filters.search), [filters.search])
  const pushSearch = useDebouncedCallback((text: string) => {
    const current = parse(window.location.search)
    if (text !== current.search) setFilters({ search: text, ...('page' in current ? { page: 1 } : {}) } as Partial<F>)
  }, SEARCH_DEBOUNCE_MS)
  const setSearchText = useCallback(
    (text: string) => {
      setText(text)
      pushSearch(text)
    },
    [pushSearch],
  )
  const goToQuery = useCallback(
    (query: string) => {
      pushSearch.cancel()
      navigate(query ? `${location}?${query}` : location)
    },
    [pushSearch, location, navigate],
  )
  return { filters, searchText, setSearchText, goToQuery }
}
