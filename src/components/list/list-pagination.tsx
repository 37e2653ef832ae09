/**
 * Pagination of a paged list (SPEC.md 2; decision 029): Previous, 'Page x of y', Next and
 * 'Showing a to b of n results'. The buttons are the list's previous/next page commands ([ and ],
 * e.g. users.prevPage / users.nextPage).
 */
import { CommandButton } from '../../commands/command-button'
import { formatCount } from '../../lib/format'
import { showingRange } from '../../lib/list-url'

export interface ListPaginationProps {
  page: number
  totalPages: number
  total: number
  limit: number
  /** The list's page command ids. */
  commands: { prev: string; next: string }
}

export function ListPagination({ page, totalPages, total, limit, commands }: ListPaginationProps) {
  const { from, to } = showingRange(page, limit, total)
  return (
    <div className="list-pagination" data-testid="pagination">
      <span className="muted">
        Showing {formatCount(from)} to {formatCount(to)} of {formatCount(total)} results
      </span>
      <div className="list-pagination__controls">
        <CommandButton id={commands.prev} size="sm" />
        <span>
          Page {formatCount(page)} of {formatCount(Math.max(totalPages, 1))}
        </span>
        <CommandButton id={commands.next} size="sm" />
      </div>
    </div>
  )
}
