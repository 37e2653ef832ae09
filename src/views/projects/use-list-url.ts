/**
 * The list filters bound to the URL query (wouter), plus the search box text that reaches the
 * URL 300 ms after typing stops (SPEC.md 9).
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
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

  const [searchText, setSearchText] = useState(filters.search)
  // Back/forward or a bookmark changes the URL: show its search text.
  useEffect(() => setSearchText(filters.search), [filters.search])
  useEffect(() => {
    if (searchText === filters.search) return
    const timer = setTimeout(() => setFilters({ search: searchText, page: 1 }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [searchText, filters.search, setFilters])
  return { filters, setFilters, searchText, setSearchText }
}
