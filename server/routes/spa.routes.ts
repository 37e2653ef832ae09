/**
 * The built SPA (`vite build` → dist/) on the API's port (DESIGN.md: SPA at `/`, API under
 * `/api`): files as they are, and index.html for `/` and every client route with the running
 * server's configuration injected (server/http/spa.ts), read once per app.
 */
import fsp from 'node:fs/promises'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import type { AppDeps, AppEnv } from '../deps'
import { injectRuntimeConfig } from '../http/spa'

/** Routes serving the SPA in `distDir` for the app of `deps`. */
export function spaRoutes(deps: Pick<AppDeps, 'env'>, distDir: string) {
  const app = new Hono<AppEnv>()
  let page: Promise<string> | undefined
  const index = () => (page ??= fsp.readFile(path.join(distDir, 'index.html'), 'utf8')
    .then((html) => injectRuntimeConfig(html, { adminEmail: deps.env.ADMIN_EMAIL })))
  const html = async (c: Context) => c.html(await index(), 200, { 'cache-control': 'no-cache' })

  app.get('/', html)
  app.get('/index.html', html)
  // serveStatic resolves `root` against the working directory.
  app.use('/*', serveStatic({ root: path.relative(process.cwd(), distDir) }))
  app.get('*', html)
  return app
}
