/**
 * The contacts list controls (SPEC.md 2 "Contacts list"): search over name, e-mail, subject and
 * message, then status and page size, whose options are the `contacts.filter.status.*` /
 * `contacts.pageSize.*` commands.
 */
import type { Ref } from 'react'
import { CONTACT_STATUSES } from '../../../api/schemas/contacts'
import { CommandSelect, type CommandOption } from '../../../commands/command-select'
import { ListFiltersBar } from '../../../components/list/list-filters-bar'
import { PAGE_SIZES } from '../../../lib/list-url'

const ids = (...list: string[]): CommandOption[] => list.map((id) => ({ id }))
const STATUS = ids('contacts.filter.status.all', ...CONTACT_STATUSES.map((s) => `contacts.filter.status.${s}`))
const SIZES = ids(...PAGE_SIZES.map((n) => `contacts.pageSize.${n}`))

export interface ContactsFiltersProps {
  searchText: string
  onSearchText: (text: string) => void
  searchRef: Ref<HTMLInputElement>
}

export function ContactsFilters({ searchText, onSearchText, searchRef }: ContactsFiltersProps) {
  return (
    <ListFiltersBar
      searchText={searchText}
      onSearchText={onSearchText}
      searchRef={searchRef}
      searchLabel="Search contacts"
      placeholder="Search name, e-mail, subject or message…  ( / )"
    >
      <CommandSelect aria-label="Status filter" options={STATUS} />
      <CommandSelect aria-label="Page size" options={SIZES} />
    </ListFiltersBar>
  )
}
