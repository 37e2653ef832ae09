import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from './scripts/precompress.ts'
import { routePreload } from './scripts/route-preload.ts'

/**
 * Vite config: the SPA in dev proxies /api and /git to the API server (PORT, default 8080); the
 * build stores .br/.gz copies of its text files for the server to send (scripts/precompress.ts)
 * and lets index.html preload the login screen's chunks on /login (scripts/route-preload.ts).
 */
export default defineConfig({
  plugins: [react(), routePreload([{ path: '/login', module: 'src/views/login/login.view.tsx' }]), precompress()],
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
