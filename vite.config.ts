import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from './scripts/precompress.ts'

/**
 * Vite config: the SPA in dev proxies /api and /git to the API server (PORT, default 8080); the
 * build stores .br/.gz copies of its text files for the server to send (scripts/precompress.ts).
 */
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
      '/git': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
      '/files': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
    },
  },
  build: { outDir: 'dist', sourcemap: true },
})
