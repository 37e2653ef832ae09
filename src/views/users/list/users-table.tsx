/**
 * The users table (SPEC.md 2 "Users list"), virtualized with @tanstack/react-virtual: only the
 * rows in view are mounted, and the j/k focus row is scrolled into view.
 */
import type { UserSummary } from '../../../api/schemas/users'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { TableHeadCell } from '../../../components/table'
import { VirtualTable } from '../../../components/list/virtual-table'
import { UserRow } from './user-row'

/**
 * Checkbox, User, Role, Status, Joined, Actions. The fixed columns fit their longest content
 * ('Inactive', '30 Sept 2026', three icon buttons); User takes the rest and cuts with an
 * ellipsis. Minimums add up to 700 px (Table's --table-min-width).
 */
export const USER_COLUMNS = '40px minmax(240px, 1fr) 96px 96px 116px 112px'
const ROW_HEIGHT = 52

export interface UsersTableProps {
  users: readonly UserSummary[]
  focus: number
  selection: readonly string[]
  onOpen: (id: string) => void
}

const HEADER = (
  <>
    <TableHeadCell>
      <CommandCheckbox id="users.selectAll" />
    </TableHeadCell>
    <TableHeadCell>User</TableHeadCell>
    <TableHeadCell>Role</TableHeadCell>
    <TableHeadCell>Status</TableHeadCell>
    <TableHeadCell>Joined</TableHeadCell>
    <TableHeadCell align="end">Actions</TableHeadCell>
  </>
)

export function UsersTable({ users, focus, selection, onOpen }: UsersTableProps) {
  return (
    <VirtualTable
      rows={users}
      rowId={(u) => u._id}
      columns={USER_COLUMNS}
      rowHeight={ROW_HEIGHT}
      header={HEADER}
      focus={focus}
      selection={selection}
      className="users-table"
      bodyTestId="users-rows"
      renderRow={(user, slot) => <UserRow user={user} {...slot} onOpen={onOpen} />}
    />
  )
}
