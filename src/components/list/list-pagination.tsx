/**
 * Pagination (SPEC.md 2): Previous, 'Page x of y', Next and 'Showing a to b of n results'. The
 * buttons are the list's previous/next page commands ([ and ]): projects.prevPage /
 * projects.nextPage unless `commands` names another list's (users.prevPage / users.nextPage).
 */
import { CommandButton } from '../../commands/command-button'
import { formatCount } from '../../lib/format'
import { showingRange } from '../../lib/list-url'

export interface ListPaginationProps {
  page: number
  totalPages: number
  total: number
  limit: number
  /** The page commands, projects' by default. */
  commands?: { prev: string; next: string }
}

const PROJECT_PAGES = { prev: 'projects.prevPage', next: 'projects.nextPage' }

export function ListPagination({ page, totalPages, total, limit, commands = PROJECT_PAGES }: ListPaginationProps) {
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
