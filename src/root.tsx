/**
 * The whole app as one element: what the entry hydrates or renders (src/main.tsx) and what the
 * build prerenders for /login (src/login-prerender.tsx). Both must build the same tree, or React
 * throws the prerendered HTML away; so the runtime configuration and the address come in as props.
 */
import { StrictMode } from 'react'
import type { Admin } from './api/schemas/auth'
import { Router } from 'wouter'
import { actorOptions } from './machines/shared/inspect'
import { AuthActor } from './views/layout/auth-context'
import { AdminEmailContext } from './lib/runtime-config'
import { App } from './app'
import { screenCodeAt } from './routes'
import { holdMovesForScreenCode } from './lib/screen-navigation'

/** Moves within the console wait for their screen's code (src/lib/screen-navigation.ts). */
const aroundNav = holdMovesForScreenCode(screenCodeAt)

export interface RootProps {
  /** The chunks of the first address (`preloadRoute`). */
  preloaded: Promise<void>
  /** True when `preloaded` has already settled: the first render shows the route, not the loading state. */
  ready?: boolean
  /** The login hint's e-mail: the server's ADMIN_EMAIL, or the prerender's placeholder. */
  adminEmail: string
  /** The address to render outside a browser (the prerender); the browser's own address otherwise. */
  ssrPath?: string
  /** The stored session's profile, to show the console before the profile is fetched again (auth machine input). */
  cachedAdmin?: Admin | null
}

export function Root({ preloaded, ready, adminEmail, ssrPath, cachedAdmin = null }: RootProps) {
  return (
    <StrictMode>
      <AdminEmailContext.Provider value={adminEmail}>
        <Router ssrPath={ssrPath} aroundNav={aroundNav}>
          <AuthActor.Provider options={actorOptions({ input: { cachedAdmin } })}>
            <App preloaded={preloaded} ready={ready} />
          </AuthActor.Provider>
        </Router>
      </AdminEmailContext.Provider>
    </StrictMode>
  )
}
