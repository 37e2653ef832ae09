/**
 * The body of every list screen (decision 029) under its header and filters: 'Loading …', the
 * error with Retry, the empty state, or the screen's table, followed on a paged list by the
 * pagination ([ and ] commands) and on a scrolled list by the count line ('120 of 5,200 orders
 * loaded · 3 selected'); a scrolled table's footer (the next page loading, or its error with
 * Retry) comes from here too.
 *
 * Empty has two meanings: with nothing searched or filtered the list itself is empty (the
 * screen's own words, SPEC.md's 'No projects found' / 'Get started by creating your first
 * project'); while a search or filter narrows it, nothing matches: 'No projects match “foo”'
 * with Clear filters (`<scope>.clearFilters`, Shift+Escape).
 */
import type { ReactNode } from 'react'
import { SearchX } from 'lucide-react'
import { errorText } from '../../api/error-text'
import { CommandButton } from '../../commands/command-button'
import { CommandRetry } from '../../commands/command-retry'
import { formatCount } from '../../lib/format'
import { Spinner } from '../spinner'
import { EmptyState, ErrorState, LoadingState } from '../states'
import { ListPagination } from './list-pagination'
import type { ListPaging, ListScrolling, ListStatus } from './use-list-screen'

/** The words of a list's states ('Loading projects', 'Failed to load projects', 'No projects found'). */
export interface ListTexts {
  loading: string
  errorTitle: string
  /** The error message when the error has none. */
  errorFallback: string
  /** The list itself is empty (nothing searched or filtered). */
  empty: string
  emptyDescription?: string
  /** Under 'No payments match “upi”' when a search or filter matches nothing (default: NO_MATCH_HINT). */
  noMatch?: string
  /** The row noun of the no-match title and a scrolled list's count line: ['order', 'orders']. */
  noun: readonly [string, string]
  /** A scrolled list's footer spinner label: 'Loading more orders'. */
  loadingMore?: string
}

export interface ListScreenBodyProps {
  screen: {
    status: ListStatus
    error: Error | null
    retry: () => void
    paging: ListPaging | undefined
    scrolling: ListScrolling | undefined
    items: readonly unknown[]
    selection: readonly string[]
    /** A search or filter narrows the list. */
    filtered: boolean
    url: { search: string }
  }
  texts: ListTexts
  /** The list's command scope: its page commands (`<scope>.prevPage`) and test ids (`<scope>-count`, `<scope>-total`). */
  scope: string
  /** Renders the table; a scrolled table puts `footer` after its loaded rows. */
  children: (footer: ReactNode) => ReactNode
}

export function ListScreenBody({ screen, texts, scope, children }: ListScreenBodyProps) {
  const { status, error, paging, scrolling } = screen
  if (status === 'loading') return <LoadingState title={texts.loading} />
  if (status === 'error')
    return (
      <ErrorState
        title={texts.errorTitle}
        message={(paging === undefined && scrolling ? errorText(error, '') : error?.message) || texts.errorFallback}
        action={<CommandRetry retry={screen.retry} />}
      />
    )
  if (status === 'empty' && screen.filtered)
    return (
      <EmptyState
        icon={<SearchX size={20} />}
        title={noMatchTitle(texts.noun[1], screen.url.search)}
        description={texts.noMatch ?? NO_MATCH_HINT}
        action={<CommandButton id={`${scope}.clearFilters`} showShortcut />}
      />
    )
  if (status === 'empty') return <EmptyState title={texts.empty} description={texts.emptyDescription} />
  const footer = scrolling?.loadFailed ? (
    <span className="infinite-table__error" role="alert">
      {errorText(error, texts.errorFallback)}
      <CommandRetry retry={scrolling.loadMore} />
    </span>
  ) : (
    <Spinner size={14} label={texts.loadingMore ?? texts.loading} />
  )
  return (
    <>
      {children(footer)}
      {paging ? (
        <ListPagination
          page={paging.page}
          totalPages={paging.totalPages}
          total={paging.total}
          limit={paging.limit}
          commands={{ prev: `${scope}.prevPage`, next: `${scope}.nextPage` }}
        />
      ) : null}
      {scrolling ? (
        <ListCount
          testId={`${scope}-count`}
          totalTestId={`${scope}-total`}
          loaded={screen.items.length}
          scrolling={scrolling}
          selected={screen.selection.length}
          noun={texts.noun}
        />
      ) : null}
    </>
  )
}

/** What a list that matches nothing suggests by default. */
export const NO_MATCH_HINT = 'Try other words or filters, or clear them to see the whole list.'

/** 'No projects match “foo”' for a search (trimmed), 'No projects match these filters' without one. */
export function noMatchTitle(many: string, search: string): string {
  const words = search.trim()
  return words ? `No ${many} match “${words}”` : `No ${many} match these filters`
}

/**
 * '120 of 5,200 orders loaded · 3 selected'; with a capped total '50 of 1,000+ orders loaded';
 * without a total '40 entries loaded, more as you scroll'.
 */
function ListCount(props: {
  testId: string
  totalTestId: string
  loaded: number
  scrolling: ListScrolling
  selected: number
  noun: readonly [string, string]
}) {
  const { loaded, scrolling, selected, noun } = props
  const { total } = scrolling
  return (
    <p className="list-count muted" data-testid={props.testId}>
      {total === undefined ? (
        <>
          {formatCount(loaded)} {loaded === 1 ? noun[0] : noun[1]} loaded
          {scrolling.hasMore ? ', more as you scroll' : ''}
        </>
      ) : (
        <>
          {formatCount(loaded)} of{' '}
          <span className="num" data-testid={props.totalTestId}>
            {formatCount(total)}
            {scrolling.totalCapped ? '+' : ''}
          </span>{' '}
          {total === 1 && !scrolling.totalCapped ? noun[0] : noun[1]} loaded
        </>
      )}
      {selected ? <> · {formatCount(selected)} selected</> : null}
    </p>
  )
}
