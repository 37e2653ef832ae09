/**
 * The I/O of the users list's status actions: one row through PUT /api/users/{id}/status, a bulk
 * action through PUT /api/users/bulk-update (one transaction server-side, all or nothing).
 */
import type { UndoTicket } from '../api/schemas/undo'
import { bulkUpdateUsers, setUserStatus } from '../api/users'
import type { UsersStatusAction } from './users-list.rules'

/** Runs `action` against the API; a bulk action resolves with its undo ticket. Rejects with an ApiError. */
export async function runUsersAction(action: UsersStatusAction): Promise<UndoTicket | null> {
  if (action.bulk) return bulkUpdateUsers(action.ids, action.isActive ? 'activate' : 'deactivate')
  await Promise.all(action.ids.map((id) => setUserStatus(id, action.isActive ? 'active' : 'inactive')))
  return null
}
