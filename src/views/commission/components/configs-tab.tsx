/**
 * The Configurations tab (SPEC.md 2 "Commission Management"): the search box (to the URL 300 ms
 * after typing stops), the status filter (All Status, Active, Inactive; `commission.filter.status.*`),
 * the card grid of the current page, and Previous/Next with 'Page X of Y' only when there is more
 * than one page. A failed load shows 'Failed to load commission configurations' with Retry.
 */
import type { Ref } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { withReason } from '../../../api/error-text'
import type { CommissionConfigListResponse } from '../../../api/schemas/commission'
import { CommandButton } from '../../../commands/command-button'
import { CommandRetry } from '../../../commands/command-retry'
import { CommandSelect, type CommandOption } from '../../../commands/command-select'
import { ListFiltersBar } from '../../../components/list/list-filters-bar'
import { EmptyState, ErrorState, LoadingState } from '../../../components/states'
import { formatCount, formatQuantity } from '../../../lib/format'
import { ConfigCard } from './config-card'

const STATUS: CommandOption[] = ['all', 'active', 'inactive'].map((s) => ({ id: `commission.filter.status.${s}` }))

export interface ConfigsTabProps {
  query: UseQueryResult<CommissionConfigListResponse>
  searchText: string
  onSearchText: (text: string) => void
  searchRef: Ref<HTMLInputElement>
  filtered: boolean
  focus: number
  onFocus: (index: number) => void
}

export function ConfigsTab({ query, searchText, onSearchText, searchRef, filtered, focus, onFocus }: ConfigsTabProps) {
  const { data, error, isPending, refetch } = query
  const pagination = data?.pagination
  return (
    <>
      <ListFiltersBar
        searchText={searchText}
        onSearchText={onSearchText}
        searchRef={searchRef}
        searchLabel="Search configurations"
        placeholder="Search by project or notes..."
      >
        <CommandSelect aria-label="Status filter" options={STATUS} />
      </ListFiltersBar>
      {isPending ? (
        <LoadingState title="Loading configurations" />
      ) : error && !data ? (
        <ErrorState
          title="Error Loading Configurations"
          message={withReason('Failed to load commission configurations', error)}
          action={<CommandRetry retry={() => void refetch()} />}
        />
      ) : !data || data.configs.length === 0 ? (
        <EmptyState
          title="No configurations found"
          description={
            filtered ? 'No configurations match your search criteria.' : 'Create one with New Configuration.'
          }
        />
      ) : (
        <>
          {error ? (
            <p className="field__error" role="alert">
              {withReason('Failed to load commission configurations', error)}
            </p>
          ) : null}
          <div className="commission-grid" data-testid="commission-grid" aria-busy={query.isFetching || undefined}>
            {data.configs.map((config, index) => (
              <ConfigCard key={config._id} config={config} index={index} active={index === focus} onFocus={onFocus} />
            ))}
          </div>
          <div className="list-pagination" data-testid="commission-pagination">
            <span className="muted">{formatQuantity(pagination?.totalConfigs ?? 0, 'configuration')}</span>
            {pagination && pagination.totalPages > 1 ? (
              <span className="list-pagination__controls">
                <CommandButton id="commission.prevPage" size="sm" />
                <span className="muted" data-testid="page-label">
                  Page {formatCount(pagination.currentPage)} of {formatCount(pagination.totalPages)}
                </span>
                <CommandButton id="commission.nextPage" size="sm" />
              </span>
            ) : null}
          </div>
        </>
      )}
    </>
  )
}
