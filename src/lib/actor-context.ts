/**
 * A React context carrying one actor (e.g. a detail page's sections machine) to every card
 * without prop drilling. `createActorContext<A>(hookName, where)` returns the context and its
 * hook; the hook throws `{hookName} must be used inside {where}` outside a provider.
 */
import { createContext, useContext, type Context } from 'react'

export function createActorContext<A>(hookName: string, where: string): [Context<A | null>, () => A] {
  const ActorContext = createContext<A | null>(null)
  function useActor(): A {
    const actor = useContext(ActorContext)
    if (!actor) throw new Error(`${hookName} must be used inside ${where}`)
    return actor
  }
  return [ActorContext, useActor]
}
