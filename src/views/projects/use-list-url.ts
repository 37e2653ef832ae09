/**
 * The list filters bound to the URL query (wouter), plus the search box text that reaches the
 * URL 300 ms after typing stops (SPEC.md 9, use-debounce).
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useDebouncedCallback } from 'use-debounce'
import { useLocation, useSearch } from 'wouter'
import type { ProjectListFilters } from '../../api/projects'
import { parseListSearch, toListSearch } from './list-url'

export const SEARCH_DEBOUNCE_MS = 300

export function useListUrl() {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const filters = useMemo(() => parseListSearch(search), [search])
  const setFilters = useCallback((patch: Partial<ProjectListFilters>) => {
    const query = toListSearch({ ...parseListSearch(window.location.search), ...patch })
    navigate(query ? `${location}?${query}` : location, { replace: true })
  }, [location, navigate])

  const [searchText, setText] = useState(filters.search)
  // Back/forward, a bookmark or a filter command changes the URL: show its search text.
  useEffect(() => setText(filters.search), [filters.search])
  const pushSearch = useDebouncedCallback((text: string) => {
    if (text !== parseListSearch(window.location.search).search) setFilters({ search: text, page: 1 })
  }, SEARCH_DEBOUNCE_MS)
  const setSearchText = useCallback((text: string) => {
    setText(text)
    pushSearch(text)
  }, [pushSearch])
  return { filters, searchText, setSearchText }
}
