/**
 * Entry: styles, the auth actor and the routes. Only what the login screen needs is imported
 * here; react-query, tooltips, toasts and the command system come with the protected area's
 * lazy chunk (src/views/layout/protected-area.view.tsx). The chunks of the current address are
 * fetched at once, in parallel with the session restore, and shown without a loading fallback;
 * a screen's first request (the projects list page) starts then too. On /login the server sends
 * the form prerendered at build time, and the entry hydrates it.
 */
import { createRoot, hydrateRoot } from 'react-dom/client'
import { startInspector } from './machines/shared/inspect'
import { authApi } from './api/auth'
import { readAdminEmail } from './lib/runtime-config'
import { Root } from './root'
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
void startInspector().then(async () => {
  const container = document.getElementById('root')!
  const adminEmail = readAdminEmail()
  if (container.hasAttribute('data-prerendered')) {
    // The login form is already on screen (src/login-prerender.tsx): hydrated once its chunk is
    // here, so the first render builds the same tree as the prerender did.
    await preloaded
    hydrateRoot(container, <Root preloaded={preloaded} ready adminEmail={adminEmail} />)
  } else {
    // Not on /login: it asks the server before it leaves the form (and a prerendered form must
    // hydrate into the same form).
    const cachedAdmin = window.location.pathname === '/login' ? null : authApi.cachedAdmin()
    createRoot(container).render(<Root preloaded={preloaded} adminEmail={adminEmail} cachedAdmin={cachedAdmin} />)
  }
})
