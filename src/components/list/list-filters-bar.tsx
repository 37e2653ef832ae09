/**
 * The controls bar shared by the admin lists (SPEC.md 2, 9): a search box (its text reaches the
 * URL debounced, see useUrlFilters) followed by the list's filter selects (`CommandSelect`s,
 * passed as children). Escape leaves the search box, keeping its text; `/` focuses it through
 * `searchRef`.
 */
import type { KeyboardEvent, ReactNode, Ref } from 'react'
import { Search } from 'lucide-react'
import { DateInput } from '../date-input'
import { Input } from '../field'

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

/** Escape blurs the box; its default is prevented, as a search input's native Escape clears the text (and the URL 300 ms later). */
function leaveOnEscape(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key !== 'Escape') return
  e.preventDefault()
  e.currentTarget.blur()
}

export function ListFiltersBar({
  searchText,
  onSearchText,
  searchRef,
  searchLabel,
  placeholder,
  children,
}: ListFiltersBarProps) {
  return (
    <div className="list-filters">
      <div className="list-filters__search">
        <Search size={14} className="list-filters__icon faint" />
        <Input
          ref={searchRef}
          type="search"
          aria-label={searchLabel}
          placeholder={placeholder}
          value={searchText}
          onChange={(e) => onSearchText(e.target.value)}
          onKeyDown={leaveOnEscape}
        />
      </div>
      {children}
    </div>
  )
}

/** A list's from–to date filter ('YYYY-MM-DD' or ''), typed as dd/mm/yyyy: each end bounds the other. */
export function DateRangeFields({
  from,
  to,
  onDate,
}: {
  from: string
  to: string
  onDate: (end: 'from' | 'to', value: string) => void
}) {
  return (
    <>
      <label className="list-filters__date">
        <span className="faint">From</span>
        <DateInput aria-label="From date" value={from} max={to || undefined} onDate={(day) => onDate('from', day)} />
      </label>
      <label className="list-filters__date">
        <span className="faint">To</span>
        <DateInput aria-label="To date" value={to} min={from || undefined} onDate={(day) => onDate('to', day)} />
      </label>
    </>
  )
}
