/** The user detail's sections actor, shared by every section card without prop drilling. */
import type { ActorRefFrom } from 'xstate'
import { createActorContext } from '../../../lib/actor-context'
import type { userSectionsMachine } from '../../../machines/user-sections.machine'

export type UserSectionsActor = ActorRefFrom<typeof userSectionsMachine>
export const [UserSectionsContext, useUserSections] = createActorContext<UserSectionsActor>(
  'useUserSections',
  'the user detail view',
)
