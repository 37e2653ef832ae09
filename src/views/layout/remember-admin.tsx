/**
 * The one writer of the stored profile: while the auth actor is signed in, its admin (from
 * sign-in, the profile check, a profile edit or a password set alike) is kept beside the tokens,
 * so the next load shows the shell with it before the profile is fetched again (the auth
 * machine's `cachedAdmin` input).
 */
import { useEffect } from 'react'
import { authApi } from '../../api/auth'
import { AuthActor } from './auth-context'

export function RememberAdmin() {
  const admin = AuthActor.useSelector((s) => (s.matches('signedIn') ? s.context.admin : null))
  useEffect(() => {
    if (admin) authApi.rememberAdmin(admin)
  }, [admin])
  return null
}
