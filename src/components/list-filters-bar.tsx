/**
 * The controls bar shared by the admin lists (SPEC.md 2, 9): a search box (its text reaches the
 * URL debounced, see useUrlFilters) followed by the list's filter selects (`CommandSelect`s,
 * passed as children). Escape leaves the search box; `/` focuses it through `searchRef`.
 */
import type { ReactNode, Ref } from 'react'
import { Search } from 'lucide-react'
import { Input } from './field'

export interface ListFiltersBarProps {
  searchText: string
  onSearchText: (text: string) => void
  searchRef: Ref<HTMLInputElement>
  /** Accessible name of the search box, e.g. 'Search users'. */
  searchLabel: string
  placeholder: string
  /** The filter selects, in display order. */
  children: ReactNode
}

export function ListFiltersBar({ searchText, onSearchText, searchRef, searchLabel, placeholder, children }: ListFiltersBarProps) {
  return (
    <div className="projects-filters">
      <div className="projects-filters__search">
        <Search size={14} className="projects-filters__icon faint" />
        <Input
          ref={searchRef}
          type="search"
          aria-label={searchLabel}
          placeholder={placeholder}
          value={searchText}
          onChange={(e) => onSearchText(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && e.currentTarget.blur()}
        />
      </div>
      {children}
    </div>
  )
}
