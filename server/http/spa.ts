/**
 * The built SPA on the API's port: files from `dist` (Vite's output), and index.html for every
 * other GET so that client-side routes (/projects, /login) load the app.
 *
 * Compression: the build stores .br and .gz copies beside each text file (scripts/precompress.ts);
 * the copy the browser accepts is sent with its Content-Encoding, at no CPU cost per request.
 * Caching: files under /assets/ carry a content hash in their name, so they are cached for a
 * year as immutable; everything else (index.html) is revalidated on every load, so a deploy is
 * seen at once. A missing /assets/ file is a 404, never index.html under a script's URL.
 */
import path from 'node:path'
import type { Env, Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'

/** Cache-Control of content-hashed build output. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Cache-Control of index.html and other unhashed files. */
export const REVALIDATE = 'no-cache'

/** Mounts the static files of `distDir` (absolute or relative to the cwd) and the index.html fallback on `app`. */
export function serveSpa<E extends Env>(app: Hono<E>, distDir: string) {
  // serveStatic takes a root relative to the working directory only.
  const root = path.relative(process.cwd(), path.resolve(distDir))
  app.use('/*', async (c, next) => {
    await next()
    const hashed = c.req.path.startsWith('/assets/') && c.res.status === 200
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE)
  })
  app.use('/*', serveStatic({ root, precompressed: true }))
  app.get('/assets/*', (c) => c.text('Not found', 404))
  app.get('*', serveStatic({ root, path: 'index.html', precompressed: true }))
}
