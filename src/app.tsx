/**
 * Routes (SPEC.md 2 "Route table"): /login, and the protected area around every other screen.
 * The entry holds only what signing in needs (React, the router, the auth machine and its API
 * client); the login screen, the protected area and each screen are lazy chunks (src/routes.tsx).
 * Until `preloaded` (the chunks of the address the page opened at) settles, App shows the page
 * spinner as plain output, not as a Suspense fallback (React 19 keeps a shown fallback for at
 * least 300 ms), while the auth actor above it already restores the session. When the login
 * screen's or the protected area's own chunk fails, a page-wide error view with Retry replaces
 * them (no shell exists yet); a screen's failure stays inside the shell (screen-boundary.tsx).
 * Above them, the notice of a `?inspect` whose inspector could not open or connect.
 */
import { Suspense, useEffect, useState } from 'react'
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary'
import { Route, Switch, useLocation } from 'wouter'
import { Spinner } from './components/spinner'
import { renewFailedLoads } from './lib/preloadable'
import { InspectorNotice } from './views/layout/components/inspector-notice'
import { describeScreenFailure } from './lib/screen-failure'
import { LoginView, NotFoundView, ProtectedArea, SCREENS } from './routes'

/** The page-wide loading state (the spinner the session restore shows too) while a chunk loads. */
const pageFallback = (
  <div className="page-center" data-testid="page-loading">
    <Spinner size={24} label="Loading" />
  </div>
)

/** The routes, once the chunks of the first address (`preloaded`, from `preloadRoute`) have settled (at once when `ready`). */
export function App({ preloaded, ready: settled = false }: { preloaded: Promise<void>; ready?: boolean }) {
  const [ready, setReady] = useState(settled)
  const [location] = useLocation()
  useEffect(() => {
    let live = true
    void preloaded.then(() => live && setReady(true))
    return () => void (live = false)
  }, [preloaded])
  if (!ready) return pageFallback
  return (
    <>
      <InspectorNotice />
      <ErrorBoundary FallbackComponent={PageError} resetKeys={[location]} onReset={renewFailedLoads}>
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
      </ErrorBoundary>
    </>
  )
}

/**
 * The page-wide error view. The command system lives in the chunk that failed, so Retry is a
 * plain button; the markup is ErrorState's (components/states.tsx), written out so that the entry
 * does not take in the other states and their icons.
 */
function PageError({ error, resetErrorBoundary }: FallbackProps) {
  const { title, message } = describeScreenFailure(error)
  return (
    <div className="page-center" data-testid="page-error">
      <div className="state state--error" role="alert">
        <h2>{title}</h2>
        <p className="muted">{message}</p>
        <button type="button" className="btn btn--secondary" onClick={resetErrorBoundary}>
          Retry
        </button>
      </div>
    </div>
  )
}
