/**
 * The I/O behind the users list's status actions and the texts of their outcomes (SPEC.md 8
 * "Users, orders, contacts"): one row through PUT /api/users/{id}/status, a bulk action through
 * PUT /api/users/bulk-update (one transaction server-side, all or nothing).
 */
import type { UndoTicket } from '../api/schemas/undo'
import { bulkUpdateUsers, setUserStatus } from '../api/users'

/** Activate (`isActive` true) or deactivate `ids`; `bulk` is the Activate/Deactivate of the selection. */
export interface UsersStatusAction {
  ids: string[]
  isActive: boolean
  bulk: boolean
}

/** SPEC.md 5: a bulk action without a selection. */
export const NO_SELECTION_TEXT = 'Please select users to update'

/** Runs `action` against the API; a bulk action resolves with its undo ticket. Rejects with an ApiError. */
export async function runUsersAction(action: UsersStatusAction): Promise<UndoTicket | null> {
  if (action.bulk) return bulkUpdateUsers(action.ids, action.isActive ? 'activate' : 'deactivate')
  await Promise.all(action.ids.map((id) => setUserStatus(id, action.isActive ? 'active' : 'inactive')))
  return null
}

/** 'User deactivated successfully', '3 users activated successfully'. */
export function successText(a: UsersStatusAction): string {
  const word = a.isActive ? 'activated' : 'deactivated'
  return a.ids.length > 1 ? `${a.ids.length} users ${word} successfully` : `User ${word} successfully`
}

/** SPEC.md 8: 'Failed to update user status: {msg}' for a row, 'Failed to update users: {msg}' for a bulk action. */
export function failureText(a: UsersStatusAction, msg: string): string {
  return a.bulk ? `Failed to update users: ${msg}` : `Failed to update user status: ${msg}`
}
