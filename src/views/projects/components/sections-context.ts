/** The project detail's sections actor, shared by every section card without prop drilling. */
import { createContext, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { projectSectionsMachine } from '../../../machines/project-sections.machine'

export type SectionsActor = ActorRefFrom<typeof projectSectionsMachine>
export const SectionsActorContext = createContext<SectionsActor | null>(null)

export function useSectionsActor(): SectionsActor {
  const actor = useContext(SectionsActorContext)
  if (!actor) throw new Error('useSectionsActor must be used inside the project detail view')
  return actor
}
