/**
 * The built SPA on the API's port: files from `dist` (Vite's output), and index.html for every
 * other GET so that client-side routes (/projects, /login) load the app.
 */
import path from 'node:path'
import type { Env, Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'

/** Mounts the static files of `distDir` (absolute or relative to the cwd) and the index.html fallback on `app`. */
export function serveSpa<E extends Env>(app: Hono<E>, distDir: string) {
  // serveStatic takes a root relative to the working directory only.
  const root = path.relative(process.cwd(), path.resolve(distDir))
  app.use('/*', serveStatic({ root }))
  app.get('*', serveStatic({ root, path: 'index.html' }))
}
