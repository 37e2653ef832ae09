/** The user detail's sections actor, shared by every section card without prop drilling. */
import { createContext, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { userSectionsMachine } from '../../../../machines/user-sections.machine'

export type UserSectionsActor = ActorRefFrom<typeof userSectionsMachine>
export const UserSectionsContext = createContext<UserSectionsActor | null>(null)

export function useUserSections(): UserSectionsActor {
  const actor = useContext(UserSectionsContext)
  if (!actor) throw new Error('useUserSections must be used inside the user detail view')
  return actor
}
