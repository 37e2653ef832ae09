import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from './scripts/precompress.ts'
import { prerenderLogin } from './scripts/prerender-login.ts'
import { routePreload, type RoutePreload } from './scripts/route-preload.ts'

const AREA = 'src/views/layout/protected-area.view.tsx'
/** A signed-in screen at `path`: the protected area and the screen's modules under src/views. */
const screen = (path: string, modules: string[], requests: string[] = []): RoutePreload => ({
  path,
  modules: [AREA, ...modules.map((m) => `src/views/${m}`)],
  session: true,
  requests,
})
/** Sent by every signed-in cold load: the auth machine's profile check and the shell's preferences. */
const BOOT_ALWAYS = ['/api/auth/profile', '/api/admin/preferences']
/**
 * What each address shows first, in src/routes.tsx's matching order (/projects/new before
 * /projects/:id), and what it requests first without a query string (tests/e2e/boot-requests.test.ts
 * checks each is the URL the screen asks for).
 */
export const PRELOADS: RoutePreload[] = [
  { path: '/login', modules: ['src/views/login/login.view.tsx'] },
  screen(
    '/',
    ['dashboard/dashboard.view.tsx', 'dashboard/prefetch.ts'],
    ['/api/admin/dashboard/stats', '/api/admin/triage/stats'],
  ),
  screen(
    '/projects',
    ['projects/list/projects-list.view.tsx', 'projects/list/list-prefetch.ts'],
    ['/api/projects?includeInactive=true&page=1&limit=20', '/api/projects/categories', '/api/admin/triage/claims'],
  ),
  screen('/projects/new', ['projects/new/add-project.view.tsx']),
  screen('/projects/triage', ['triage/triage.view.tsx'], ['/api/admin/triage/queue?limit=200']),
  screen(
    '/users',
    ['users/list/users-list.view.tsx', 'users/list/list-prefetch.ts'],
    ['/api/users?page=1&limit=20', '/api/users/stats'],
  ),
  screen(
    '/orders',
    ['orders/list/orders-list.view.tsx', 'orders/list/list-prefetch.ts'],
    ['/api/orders?limit=50', '/api/orders/stats'],
  ),
  screen(
    '/payments',
    ['payments/list/payments-list.view.tsx', 'payments/list/list-prefetch.ts'],
    ['/api/payments?limit=50', '/api/payments/stats'],
  ),
  screen(
    '/contacts',
    ['contacts/list/contacts-list.view.tsx', 'contacts/list/list-prefetch.ts'],
    ['/api/contacts?page=1&limit=20', '/api/contacts/stats'],
  ),
  screen(
    '/commission',
    ['commission/commission.view.tsx', 'commission/list-prefetch.ts'],
    ['/api/commission/configs?page=1', '/api/commission/configs/default'],
  ),
  screen('/analytics', ['analytics/analytics.view.tsx', 'analytics/prefetch.ts'], ['/api/admin/analytics?period=30d']),
  screen('/settings', ['settings/settings.view.tsx']),
  screen('/audit', ['audit/audit.view.tsx']),
  screen('/projects/:id', ['projects/detail/project-detail.view.tsx', 'projects/detail/detail-prefetch.ts']),
  screen('/users/:id', ['users/detail/user-detail.view.tsx', 'users/detail/detail-prefetch.ts']),
  screen('/contacts/:id', ['contacts/detail/contact-detail.view.tsx', 'contacts/detail/detail-prefetch.ts']),
]

/**
 * The chunks a first load fetches, grouped by what loads together (decision 049): the framework
 * (what the entry imports: React, the router, the auth actor), the login screen, the shell (the
 * protected area and everything it imports: react-query, radix, the command system), and the
 * code two or more screens share. Each screen's own code stays its own chunk, and what only one
 * lazy import needs (the chart, the inspector, the zip reader) stays out of all of them.
 */
const CHUNK_GROUPS = [
  { name: 'framework', tags: ['$initial' as const], priority: 40 },
  { name: 'login', test: /[\\/]src[\\/]views[\\/]login[\\/]/, priority: 30 },
  { name: 'prefetch', test: /[\\/]src[\\/]views[\\/].*prefetch\.ts$/, priority: 25 },
  { name: 'shell', test: /[\\/]src[\\/]views[\\/]layout[\\/]protected-area\.view\.tsx$/, priority: 20 },
  { name: 'screens', minShareCount: 2, priority: 10 },
]

/**
 * Vite config: the SPA in dev proxies /api and /git to the API server (PORT, default 8080); the
 * build stores .br/.gz copies of its text files for the server to send (scripts/precompress.ts)
 * and lets index.html preload the chunks of the screen it opens on (scripts/route-preload.ts).
 */
export default defineConfig({
  plugins: [react(), routePreload(PRELOADS, BOOT_ALWAYS), prerenderLogin(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
      '/git': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
      '/files': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
    },
  },
  // Every browser the console supports has modulepreload; the polyfill would only add bytes to the entry.
  build: {
    outDir: 'dist',
    sourcemap: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
})
