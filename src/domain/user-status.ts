/**
 * Whether a user's active flag may be set (SPEC.md 6; the server's admin guards,
 * server/domain/user-rules.ts): nobody deactivates their own account. The users list's commands
 * leave such a row out and say why, so the all-or-nothing bulk update is not refused for it.
 */
import { alreadyIn, type Refusal } from './bulk'

/** 409 text of an admin deactivating themself (answered by the server, shown by the list). */
export const SELF_DEACTIVATE = 'You cannot deactivate your own account'

/**
 * Null when user `row` may be set to `isActive` by admin `actorId` (undefined: not known yet);
 * else why not: 'Already active' / 'Already inactive', or SELF_DEACTIVATE.
 */
export function userStatusRefusal(
  row: { id: string; isActive: boolean },
  isActive: boolean,
  actorId: string | undefined,
): Refusal | null {
  if (row.isActive === isActive) return alreadyIn(isActive ? 'active' : 'inactive')
  if (!isActive && row.id === actorId) return { reason: SELF_DEACTIVATE }
  return null
}
