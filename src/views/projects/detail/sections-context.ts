/** The project detail's sections actor, shared by every section card without prop drilling. */
import type { ActorRefFrom } from 'xstate'
import { createActorContext } from '../../../lib/actor-context'
import type { projectSectionsMachine } from '../../../machines/project-sections.machine'

export type SectionsActor = ActorRefFrom<typeof projectSectionsMachine>
export const [SectionsActorContext, useSectionsActor] = createActorContext<SectionsActor>(
  'useSectionsActor',
  'the project detail view',
)
