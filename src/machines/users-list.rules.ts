/**
 * The texts of the users list's status actions' outcomes (SPEC.md 8
 * "Users, orders, contacts"): one row through PUT /api/users/{id}/status, a bulk action through
 * PUT /api/users/bulk-update (one transaction server-side, all or nothing).
 */

import type { RowVersions } from '../api/schemas/versions'

/** Activate (`isActive` true) or deactivate `ids`; `bulk` is the Activate/Deactivate of the selection. */
export interface UsersStatusAction {
  ids: string[]
  isActive: boolean
  bulk: boolean
  /** The rows' versions as listed (updatedAt by id). */
  versions?: RowVersions
}

/** SPEC.md 5: a bulk action without a selection. */
export const NO_SELECTION_TEXT = 'Please select users to update'

/** 'User deactivated successfully', '3 users activated successfully'. */
export function successText(a: UsersStatusAction): string {
  const word = a.isActive ? 'activated' : 'deactivated'
  return a.ids.length > 1 ? `${a.ids.length} users ${word} successfully` : `User ${word} successfully`
}

/** SPEC.md 8: 'Failed to update user status: {msg}' for a row, 'Failed to update users: {msg}' for a bulk action. */
export function failureText(a: UsersStatusAction, msg: string): string {
  return a.bulk ? `Failed to update users: ${msg}` : `Failed to update user status: ${msg}`
}
