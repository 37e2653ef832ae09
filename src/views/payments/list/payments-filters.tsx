/**
 * The payments controls (SPEC.md 2 "Payments"): the search box 'Search payments...' (paymentId,
 * order number, transaction id; to the URL 300 ms after typing stops) and the status filter, whose
 * options are the `payments.filter.status.*` commands.
 */
import type { Ref } from 'react'
import { Search } from 'lucide-react'
import { CommandSelect, type CommandOption } from '../../../commands/command-select'
import { Input } from '../../../components/field'

const STATUS: CommandOption[] = ['all', 'pending', 'completed', 'failed', 'refunded'].map((s) => ({ id: `payments.filter.status.${s}` }))

export interface PaymentsFiltersProps {
  searchText: string
  onSearchText: (text: string) => void
  searchRef: Ref<HTMLInputElement>
}

export function PaymentsFilters({ searchText, onSearchText, searchRef }: PaymentsFiltersProps) {
  return (
    <div className="projects-filters">
      <div className="projects-filters__search">
        <Search size={14} className="projects-filters__icon faint" />
        <Input ref={searchRef} type="search" aria-label="Search payments" placeholder="Search payments..." value={searchText}
          onChange={(e) => onSearchText(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && e.currentTarget.blur()} />
      </div>
      <CommandSelect aria-label="Status filter" options={STATUS} />
    </div>
  )
}
