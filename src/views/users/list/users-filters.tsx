/**
 * The users list controls (SPEC.md 2 "Users list"): search over name, e-mail and phone, then
 * role, status and page size, whose options are the `users.filter.*` / `users.pageSize.*` commands.
 */
import type { Ref } from 'react'
import { CommandSelect, type CommandOption } from '../../../commands/command-select'
import { ListFiltersBar } from '../../../components/list/list-filters-bar'
import { PAGE_SIZES } from '../../../lib/list-url'

const ids = (...list: string[]): CommandOption[] => list.map((id) => ({ id }))
const ROLE = ids(
  'users.filter.role.all',
  'users.filter.role.admin',
  'users.filter.role.agent',
  'users.filter.role.user',
)
const STATUS = ids('users.filter.status.all', 'users.filter.status.active', 'users.filter.status.inactive')
const SIZES = ids(...PAGE_SIZES.map((n) => `users.pageSize.${n}`))

export interface UsersFiltersProps {
  searchText: string
  onSearchText: (text: string) => void
  searchRef: Ref<HTMLInputElement>
}

export function UsersFilters({ searchText, onSearchText, searchRef }: UsersFiltersProps) {
  return (
    <ListFiltersBar
      searchText={searchText}
      onSearchText={onSearchText}
      searchRef={searchRef}
      searchLabel="Search users"
      placeholder="Search name, e-mail or phone…  ( / )"
    >
      <CommandSelect aria-label="Role filter" options={ROLE} />
      <CommandSelect aria-label="Status filter" options={STATUS} />
      <CommandSelect aria-label="Page size" options={SIZES} />
    </ListFiltersBar>
  )
}
