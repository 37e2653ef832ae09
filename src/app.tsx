/**
 * Routes (SPEC.md 2 "Route table"): /login, and the protected area around every other screen.
 * The entry holds only what signing in needs (React, the router, the auth machine and its API
 * client); the login screen, the protected area and each screen are lazy chunks (src/routes.tsx).
 * Until `preloaded` (the chunks of the address the page opened at) settles, App shows the page
 * spinner as plain output, not as a Suspense fallback (React 19 keeps a shown fallback for at
 * least 300 ms), while the auth actor above it already restores the session.
 */
import { Suspense, useEffect, useState } from 'react'
import { Route, Switch } from 'wouter'
import { Spinner } from './components/spinner'
import { LoginView, NotFoundView, ProtectedArea, SCREENS } from './routes'

/** The page-wide loading state (the spinner the session restore shows too) while a chunk loads. */
const pageFallback = (
  <div className="page-center" data-testid="page-loading">
    <Spinner size={24} label="Loading" />
  </div>
)

/** The routes, once the chunks of the first address (`preloaded`, from `preloadRoute`) have settled. */
export function App({ preloaded }: { preloaded: Promise<void> }) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void preloaded.then(() => live && setReady(true))
    return () => void (live = false)
  }, [preloaded])
  if (!ready) return pageFallback
  return (
    <Suspense fallback={pageFallback}>
      <Switch>
        <Route path="/login">
          <LoginView />
        </Route>
        <Route>
          <ProtectedArea>
            <Switch>
              {SCREENS.map((s) => (
                <Route key={s.path} path={s.path}>
                  {s.element}
                </Route>
              ))}
              <Route>
                <NotFoundView />
              </Route>
            </Switch>
          </ProtectedArea>
        </Route>
      </Switch>
    </Suspense>
  )
}
