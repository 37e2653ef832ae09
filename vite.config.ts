import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from './scripts/precompress.ts'
import { routePreload, type RoutePreload } from './scripts/route-preload.ts'

const AREA = 'src/views/layout/protected-area.view.tsx'
/** What each address shows first, in src/routes.tsx's matching order (/projects/new before /projects/:id). */
const PRELOADS: RoutePreload[] = [
  { path: '/login', modules: ['src/views/login/login.view.tsx'] },
  { path: '/', modules: [AREA, 'src/views/dashboard/dashboard.view.tsx'], session: true },
  {
    path: '/projects',
    modules: [AREA, 'src/views/projects/list/projects-list.view.tsx', 'src/views/projects/list/list-prefetch.ts'],
    session: true,
  },
  { path: '/projects/new', modules: [AREA, 'src/views/projects/new/add-project.view.tsx'], session: true },
  { path: '/projects/:id', modules: [AREA, 'src/views/projects/detail/project-detail.view.tsx'], session: true },
]

/**
 * Vite config: the SPA in dev proxies /api and /git to the API server (PORT, default 8080); the
 * build stores .br/.gz copies of its text files for the server to send (scripts/precompress.ts)
 * and lets index.html preload the chunks of the screen it opens on (scripts/route-preload.ts).
 */
export default defineConfig({
  plugins: [react(), routePreload(PRELOADS), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
      '/git': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
      '/files': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
    },
  },
  // Every browser the console supports has modulepreload; the polyfill would only add bytes to the entry.
  build: { outDir: 'dist', sourcemap: true, modulePreload: { polyfill: false } },
})
