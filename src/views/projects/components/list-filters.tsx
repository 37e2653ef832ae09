/** The list controls (SPEC.md 2): search, status, verification, category and page size. */
import type { Ref } from 'react'
import { Search } from 'lucide-react'
import type { ProjectListFilters } from '../../../api/projects'
import { VERIFICATION_STATUSES } from '../../../api/schemas/projects'
import { Input } from '../../../components/field'
import { Select } from '../../../components/select'
import { PAGE_SIZES } from '../list-url'
import { statusTitle } from './verification-badge'

// radix Select needs non-empty values: 'all' stands for "no filter".
const ALL = 'all'
const STATUS_OPTIONS = [{ value: ALL, label: 'All Status' }, { value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }]
const VERIFICATION_OPTIONS = [{ value: ALL, label: 'All Verification' },
  ...(['approved', 'pending', 'under_review', 'rejected', 'needs_changes'] as const).map((s) => ({ value: s, label: statusTitle(s) }))]
const SIZE_OPTIONS = PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} per page` }))

export interface ListFiltersProps {
  filters: ProjectListFilters
  searchText: string
  onSearchText: (text: string) => void
  categories: string[]
  onChange: (patch: Partial<ProjectListFilters>) => void
  searchRef: Ref<HTMLInputElement>
}

export function ListFilters({ filters, searchText, onSearchText, categories, onChange, searchRef }: ListFiltersProps) {
  const none = (value: string) => (value === ALL ? '' : value)
  return (
    <div className="projects-filters">
      <div className="projects-filters__search">
        <Search size={14} className="projects-filters__icon faint" />
        <Input
          ref={searchRef}
          type="search"
          aria-label="Search projects"
          placeholder="Search projects…  ( / )"
          value={searchText}
          onChange={(e) => onSearchText(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && e.currentTarget.blur()}
        />
      </div>
      <Select aria-label="Status filter" value={filters.status || ALL} options={STATUS_OPTIONS}
        onValueChange={(v) => onChange({ status: none(v) as ProjectListFilters['status'], page: 1 })} />
      <Select aria-label="Verification filter" value={filters.verificationStatus || ALL} options={VERIFICATION_OPTIONS}
        onValueChange={(v) => onChange({ verificationStatus: (VERIFICATION_STATUSES as readonly string[]).includes(v) ? (v as ProjectListFilters['verificationStatus']) : '', page: 1 })} />
      <Select aria-label="Category filter" value={filters.category || ALL}
        options={[{ value: ALL, label: 'All Categories' }, ...categories.map((c) => ({ value: c, label: c }))]}
        onValueChange={(v) => onChange({ category: none(v), page: 1 })} />
      <Select aria-label="Page size" value={String(filters.limit)} options={SIZE_OPTIONS} onValueChange={(v) => onChange({ limit: Number(v), page: 1 })} />
    </div>
  )
}
