/**
 * One users table row: checkbox, user (name, e-mail, phone), role label, status, joined date and
 * the row actions (activate/deactivate, View, Edit). Its controls are the list's commands with
 * this row as `target`, so they act on this row only.
 */
import { memo } from 'react'
import { Eye, Pencil, Power } from 'lucide-react'
import type { UserSummary } from '../../../api/schemas/users'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { Badge } from '../../../components/badge'
import { TableCell } from '../../../components/table'
import { VirtualRow, type VirtualRowSlot } from '../../../components/list/virtual-table'
import { formatDate } from '../../../lib/format'
import { ROLE_TONE, roleLabel } from './role-label'

interface UserRowProps extends VirtualRowSlot {
  user: UserSummary
  onOpen: (id: string) => void
}

export const UserRow = memo(function UserRow({
  user: u,
  index,
  start,
  height,
  active,
  selected,
  onOpen,
}: UserRowProps) {
  const target = { kind: 'user', id: u._id }
  const role = roleLabel(u)
  return (
    <VirtualRow
      id={u._id}
      index={index}
      start={start}
      height={height}
      active={active}
      selected={selected}
      onOpen={onOpen}
      data-testid="user-row"
    >
      <TableCell>
        <CommandCheckbox id="users.toggleSelect" target={target} />
      </TableCell>
      <TableCell className="users-row__user">
        <span className="users-row__avatar" aria-hidden="true">
          {u.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <span className="list-row__text">
          <span className="list-row__title">{u.name}</span>
          <span className="list-row__desc faint">
            {u.email}
            {u.phone ? (
              <>
                {' '}
                · <span className="num">{u.phone}</span>
              </>
            ) : null}
          </span>
        </span>
      </TableCell>
      <TableCell data-testid="role-cell">
        <Badge tone={ROLE_TONE[role]}>{role}</Badge>
      </TableCell>
      <TableCell data-testid="status-cell">
        <Badge tone={u.isActive ? 'success' : 'neutral'}>{u.isActive ? 'Active' : 'Inactive'}</Badge>
      </TableCell>
      <TableCell className="muted num" data-fit>
        {formatDate(u.createdAt)}
      </TableCell>
      <TableCell align="end" className="list-row__actions">
        <CommandIconButton
          id="users.toggleActive"
          target={target}
          size="sm"
          icon={<Power size={14} />}
          className={u.isActive ? 'list-row__power--on' : ''}
        />
        <CommandIconButton id="users.view" target={target} size="sm" icon={<Eye size={14} />} />
        <CommandIconButton id="users.edit" target={target} size="sm" icon={<Pencil size={14} />} />
      </TableCell>
    </VirtualRow>
  )
})
