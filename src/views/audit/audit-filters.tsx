/**
 * The audit screen's controls in the shared ListFiltersBar: the search (action, record id, admin,
 * record title; 300 ms to the URL), the entity, admin and action menus (their options are the
 * `audit.filter.*` commands, the values from GET /api/admin/audit/facets), the date range (From/To,
 * India calendar days, inclusive) straight to the URL, and Clear dates / Clear filters.
 */
import type { Ref } from 'react'
import type { AuditFacets } from '../../api/schemas/audit'
import { AUDIT_ACTION, AUDIT_ACTOR, AUDIT_ENTITY_TYPE } from '../../commands/audit.commands'
import { CommandButton } from '../../commands/command-button'
import { CommandSelect, type CommandOption } from '../../commands/command-select'
import { DateRangeFields, ListFiltersBar } from '../../components/list/list-filters-bar'
import { actionOptions } from './audit-url'

export interface AuditFiltersProps {
  searchText: string
  onSearchText: (text: string) => void
  searchRef: Ref<HTMLInputElement>
  facets: AuditFacets | undefined
  from: string
  to: string
  onDate: (end: 'from' | 'to', value: string) => void
}

export function AuditFilters({ searchText, onSearchText, searchRef, facets, from, to, onDate }: AuditFiltersProps) {
  const entity: CommandOption[] = [
    { id: 'audit.filter.entity.all' },
    ...(facets?.entityTypes ?? []).map((id) => ({
      id: 'audit.filter.entity',
      target: { kind: AUDIT_ENTITY_TYPE, id },
    })),
  ]
  const admin: CommandOption[] = [
    { id: 'audit.filter.admin.all' },
    ...(facets?.actors ?? []).map((a) => ({ id: 'audit.filter.admin', target: { kind: AUDIT_ACTOR, id: a.id } })),
  ]
  const action: CommandOption[] = [
    { id: 'audit.filter.action.all' },
    ...actionOptions(facets?.actions ?? []).map((id) => ({
      id: 'audit.filter.action',
      target: { kind: AUDIT_ACTION, id },
    })),
  ]
  return (
    <ListFiltersBar
      searchText={searchText}
      onSearchText={onSearchText}
      searchRef={searchRef}
      searchLabel="Search the audit log"
      placeholder="Search action, record, admin…  ( / )"
    >
      <CommandSelect aria-label="Entity filter" options={entity} />
      <CommandSelect aria-label="Admin filter" options={admin} />
      <CommandSelect aria-label="Action filter" options={action} />
      <DateRangeFields from={from} to={to} onDate={onDate} />
      <CommandButton id="audit.filter.clearDates" variant="ghost" size="sm" />
      <CommandButton id="audit.clearFilters" variant="ghost" size="sm" />
    </ListFiltersBar>
  )
}
