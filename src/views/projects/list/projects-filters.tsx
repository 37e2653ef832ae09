/**
 * The list controls (SPEC.md 2): search, then status, verification, category, risk and page size, whose
 * options are the `projects.filter.*` / `projects.pageSize.*` commands.
 */
import type { Ref } from 'react'
import { CommandSelect, type CommandOption } from '../../../commands/command-select'
import { ListFiltersBar } from '../../../components/list/list-filters-bar'
import { PAGE_SIZES } from './projects-url'

const ids = (...list: string[]): CommandOption[] => list.map((id) => ({ id }))
const STATUS = ids(
  'projects.filter.status.all',
  'projects.filter.status.active',
  'projects.filter.status.inactive',
  'projects.filter.status.draft',
)
const VERIFICATION = ids(
  'projects.filter.verification.all',
  ...['approved', 'pending', 'under_review', 'rejected', 'needs_changes'].map(
    (s) => `projects.filter.verification.${s}`,
  ),
)
const RISK = ids(
  'projects.filter.risk.all',
  'projects.filter.risk.secrets',
  'projects.filter.risk.noLicence',
  'projects.filter.risk.high',
  'projects.filter.risk.unreported',
)
const SIZES = ids(...PAGE_SIZES.map((n) => `projects.pageSize.${n}`))

export interface ProjectsFiltersProps {
  searchText: string
  onSearchText: (text: string) => void
  categories: string[]
  searchRef: Ref<HTMLInputElement>
}

export function ProjectsFilters({ searchText, onSearchText, categories, searchRef }: ProjectsFiltersProps) {
  const categoryOptions: CommandOption[] = [
    { id: 'projects.filter.category.all' },
    ...categories.map((c) => ({ id: 'projects.filter.category', target: { kind: 'category', id: c } })),
  ]
  return (
    <ListFiltersBar
      searchText={searchText}
      onSearchText={onSearchText}
      searchRef={searchRef}
      searchLabel="Search projects"
      placeholder="Search projects…  ( / )"
    >
      <CommandSelect aria-label="Status filter" options={STATUS} />
      <CommandSelect aria-label="Verification filter" options={VERIFICATION} />
      <CommandSelect aria-label="Category filter" options={categoryOptions} />
      <CommandSelect aria-label="Risk filter" options={RISK} />
      <CommandSelect aria-label="Page size" options={SIZES} />
    </ListFiltersBar>
  )
}
