/**
 * Pagination (SPEC.md 2): Previous, 'Page x of y', Next and 'Showing a to b of n results'. The
 * buttons are the projects.prevPage / projects.nextPage commands ([ and ]).
 */
import { CommandButton } from '../../../commands/command-button'
import { formatCount } from '../../../lib/format'
import { showingRange } from '../list-url'

export interface ListPaginationProps {
  page: number
  totalPages: number
  total: number
  limit: number
}

export function ListPagination({ page, totalPages, total, limit }: ListPaginationProps) {
  const { from, to } = showingRange(page, limit, total)
  return (
    <div className="projects-pagination" data-testid="pagination">
      <span className="muted">Showing {formatCount(from)} to {formatCount(to)} of {formatCount(total)} results</span>
      <div className="projects-pagination__controls">
        <CommandButton id="projects.prevPage" size="sm" />
        <span>Page {formatCount(page)} of {formatCount(Math.max(totalPages, 1))}</span>
        <CommandButton id="projects.nextPage" size="sm" />
      </div>
    </div>
  )
}
