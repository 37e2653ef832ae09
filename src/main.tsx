/**
 * Entry: styles, the auth actor and the routes. Only what the login screen needs is imported
 * here; react-query, tooltips, toasts and the command system come with the protected area's
 * lazy chunk (src/views/layout/protected-area.view.tsx). The chunks of the current address are
 * fetched at once, in parallel with the session restore, and shown without a loading fallback;
 * a screen's first request (the projects list page) starts then too.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { actorOptions, startInspector } from './machines/shared/inspect'
import { AuthActor } from './views/layout/auth-context'
import { App } from './app'
import { preloadRoute } from './routes'
import { reloadOnStaleChunks } from './lib/stale-chunk'
import './styles/tokens.css'
import './styles/base.css'
import './styles/components.css'
import './styles/layout.css'
import './components/list/list.css'
// The login screen's CSS rides in the entry's stylesheet: a cold /login then needs no second stylesheet (decision 035).
import './views/login/login.css'

// Registered before the first import can fail: a chunk gone after a deploy reloads the page once.
reloadOnStaleChunks()
const preloaded = preloadRoute(window.location.pathname, window.location.search)
// `?inspect`: every actor reports to the Stately inspector (decision 007); without it, nothing
// loads. A promise, not a top-level await: an awaiting entry makes the bundler split the modules
// the lazy screens share with it into many small chunks, and the login route grows by a fifth.
void startInspector().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AuthActor.Provider options={actorOptions()}>
        <App preloaded={preloaded} />
      </AuthActor.Provider>
    </StrictMode>,
  )
})
