/**
 * The I/O of the users list's status actions: one row through PUT /api/users/{id}/status, a bulk
 * action through PUT /api/users/bulk-update (one transaction server-side, all or nothing).
 */
import type { BulkOutcome } from '../api/bulk-outcome'
import { bulkUpdateUsers, setUserStatus } from '../api/users'
import type { UsersStatusAction } from './users-list.rules'

/**
 * Runs `action` against the API with the rows' versions as listed; a bulk action resolves with its
 * outcome (undo ticket, stale rows). Rejects with an ApiError.
 */
export async function runUsersAction(action: UsersStatusAction): Promise<BulkOutcome | null> {
  const { versions } = action
  if (action.bulk) return bulkUpdateUsers(action.ids, action.isActive ? 'activate' : 'deactivate', versions)
  await Promise.all(action.ids.map((id) => setUserStatus(id, action.isActive ? 'active' : 'inactive', versions?.[id])))
  return null
}
