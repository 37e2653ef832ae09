import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

/** Vite config: the SPA in dev proxies /api and /git to the API server (PORT, default 8080). */
export default defineConfig({
  plugins: [react()],
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
