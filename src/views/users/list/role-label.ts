/**
 * A user's role label from the flags (SPEC.md 6): Admin if isAdmin, else Agent if isAgent, else
 * User; and the badge tone each label wears in the list.
 */
import type { BadgeTone } from '../../../components/badge'

export type RoleLabel = 'Admin' | 'Agent' | 'User'

/** 'Admin' | 'Agent' | 'User' from `{ isAdmin, isAgent }`. */
export function roleLabel(user: { isAdmin: boolean; isAgent: boolean }): RoleLabel {
  return user.isAdmin ? 'Admin' : user.isAgent ? 'Agent' : 'User'
}

export const ROLE_TONE: Record<RoleLabel, BadgeTone> = { Admin: 'accent', Agent: 'info', User: 'neutral' }
