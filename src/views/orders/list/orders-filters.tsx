/**
 * The orders list controls (SPEC.md 2 "Orders list") in the shared ListFiltersBar: search over
 * order id, customer name and e-mail and project title (300 ms to the URL), the status filter whose
 * options are the `orders.filter.status.*` commands, and the date range (From/To, India calendar
 * days, both ends inclusive) straight to the URL, with its Clear command.
 */
import type { Ref } from 'react'
import { ORDER_STATUSES } from '../../../api/schemas/orders'
import { CommandButton } from '../../../commands/command-button'
import { CommandSelect, type CommandOption } from '../../../commands/command-select'
import { DateRangeFields, ListFiltersBar } from '../../../components/list/list-filters-bar'

const STATUS: CommandOption[] = [
  'orders.filter.status.all',
  ...ORDER_STATUSES.map((s) => `orders.filter.status.${s}`),
].map((id) => ({ id }))

export interface OrdersFiltersProps {
  searchText: string
  onSearchText: (text: string) => void
  searchRef: Ref<HTMLInputElement>
  from: string
  to: string
  /** Sets one end of the date range in the URL ('' clears it). */
  onDate: (end: 'from' | 'to', value: string) => void
}

export function OrdersFilters({ searchText, onSearchText, searchRef, from, to, onDate }: OrdersFiltersProps) {
  return (
    <ListFiltersBar
      searchText={searchText}
      onSearchText={onSearchText}
      searchRef={searchRef}
      searchLabel="Search orders"
      placeholder="Search order id, customer, e-mail or project…  ( / )"
    >
      <CommandSelect aria-label="Status filter" options={STATUS} />
      <DateRangeFields from={from} to={to} onDate={onDate} />
      <CommandButton id="orders.filter.clearDates" variant="ghost" size="sm" />
    </ListFiltersBar>
  )
}
