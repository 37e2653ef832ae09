/** SPEC.md 6: a user's role label from the flags — Admin if isAdmin, else Agent if isAgent, else User. */
import type { BadgeTone } from '../../components/badge'

export function roleLabel(user: { isAdmin: boolean; isAgent: boolean }): 'Admin' | 'Agent' | 'User' {
  return user.isAdmin ? 'Admin' : user.isAgent ? 'Agent' : 'User'
}

/** The badge tone of each role label. */
export const ROLE_TONE: Record<ReturnType<typeof roleLabel>, BadgeTone> = { Admin: 'accent', Agent: 'info', User: 'neutral' }
