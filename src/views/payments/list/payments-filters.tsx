/**
 * The payments controls (SPEC.md 2 "Payments"): the search box 'Search payments...' (paymentId,
 * order number, transaction id; to the URL 300 ms after typing stops; Escape returns to the list
 * keeping the text) and the status filter, whose options are the `payments.filter.status.*`
 * commands.
 */
import type { Ref } from 'react'
import { CommandSelect, type CommandOption } from '../../../commands/command-select'
import { ListFiltersBar } from '../../../components/list/list-filters-bar'

const STATUS: CommandOption[] = ['all', 'pending', 'completed', 'failed', 'refunded'].map((s) => ({
  id: `payments.filter.status.${s}`,
}))

export interface PaymentsFiltersProps {
  searchText: string
  onSearchText: (text: string) => void
  searchRef: Ref<HTMLInputElement>
}

export function PaymentsFilters(props: PaymentsFiltersProps) {
  return (
    <ListFiltersBar {...props} searchLabel="Search payments" placeholder="Search payments...">
      <CommandSelect aria-label="Status filter" options={STATUS} />
    </ListFiltersBar>
  )
}
