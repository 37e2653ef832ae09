/**
 * The one auth actor of the app, shared through React context (@xstate/react). Views select
 * narrow slices: `AuthActor.useSelector((s) => s.context.admin)`, and send events through
 * `AuthActor.useActorRef()`.
 */
import { createActorContext } from '@xstate/react'
import { authMachine } from '../../machines/auth.machine'

export const AuthActor = createActorContext(authMachine)
