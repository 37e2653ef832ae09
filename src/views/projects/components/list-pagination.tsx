/** Pagination (SPEC.md 2): Previous, 'Page x of y', Next and 'Showing a to b of n results'. */
import { Button } from '../../../components/button'
import { showingRange } from '../list-url'

export interface ListPaginationProps {
  page: number
  totalPages: number
  total: number
  limit: number
  onPage: (page: number) => void
}

export function ListPagination({ page, totalPages, total, limit, onPage }: ListPaginationProps) {
  const { from, to } = showingRange(page, limit, total)
  const pages = Math.max(totalPages, 1)
  return (
    <div className="projects-pagination" data-testid="pagination">
      <span className="muted">Showing {from} to {to} of {total} results</span>
      <div className="projects-pagination__controls">
        <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</Button>
        <span>Page {page} of {pages}</span>
        <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</Button>
      </div>
    </div>
  )
}
