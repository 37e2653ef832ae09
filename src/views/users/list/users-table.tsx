/**
 * The users table (SPEC.md 2 "Users list"), virtualized with @tanstack/react-virtual: only the
 * rows in view are mounted, and the j/k focus row is scrolled into view.
 */
import { useEffect, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { UserSummary } from '../../../api/schemas/users'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { Table, TableBody, TableHeadCell, TableHeader } from '../../../components/table'
import { UserRow } from './user-row'

/**
 * Checkbox, User, Role, Status, Joined, Actions. The fixed columns fit their longest content
 * ('Inactive', '30 Sept 2026', three icon buttons); User takes the rest and cuts with an
 * ellipsis. Minimums add up to 744 px (users.css).
 */
export const USER_COLUMNS = '40px minmax(240px, 1fr) 96px 96px 116px 112px'
const ROW_HEIGHT = 52

export interface UsersTableProps {
  users: UserSummary[]
  focus: number
  selection: readonly string[]
  onOpen: (id: string) => void
}

export function UsersTable({ users, focus, selection, onOpen }: UsersTableProps) {
  const bodyRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: users.length,
    getScrollElement: () => bodyRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  })
  useEffect(() => {
    if (focus >= 0) virtualizer.scrollToIndex(focus, { align: 'auto' })
  }, [focus, virtualizer])

  return (
    <Table columns={USER_COLUMNS} className="projects-table users-table" aria-rowcount={users.length}>
      <TableHeader>
        <TableHeadCell><CommandCheckbox id="users.selectAll" /></TableHeadCell>
        <TableHeadCell>User</TableHeadCell>
        <TableHeadCell>Role</TableHeadCell>
        <TableHeadCell>Status</TableHeadCell>
        <TableHeadCell>Joined</TableHeadCell>
        <TableHeadCell align="end">Actions</TableHeadCell>
      </TableHeader>
      <TableBody ref={bodyRef} className="projects-table__body" data-testid="users-rows">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const user = users[item.index]
            return (
              <UserRow key={user._id} user={user} index={item.index} start={item.start} height={item.size}
                active={item.index === focus} selected={selection.includes(user._id)} onOpen={onOpen} />
            )
          })}
        </div>
      </TableBody>
    </Table>
  )
}
