/**
 * The built SPA (`vite build` → dist/) on the API's port (DESIGN.md: SPA at `/`, API under
 * `/api`): index.html for `/` and every client route with the running server's configuration
 * injected (server/http/spa.ts), read once per app; the other built files as they are.
 *
 * Compression: the build stores .br and .gz copies beside each text file (scripts/precompress.ts)
 * and the copy the browser accepts goes out with its Content-Encoding at no CPU cost per request;
 * the injected index.html is gzipped on the fly. Caching: /assets/ names carry a content hash, so
 * they are immutable for a year; everything else is revalidated. A missing asset is a 404, never
 * index.html under a script's URL. index.html carries its own Content-Security-Policy (its inline
 * script allowed by hash; server/http/security-headers.ts). /login gets login.html, the same page
 * with the login form prerendered at build time (scripts/prerender-login.ts) and the admin e-mail
 * filled in.
 */
import fsp from 'node:fs/promises'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import { compress } from 'hono/compress'
import type { AppDeps, AppEnv } from '../deps'
import { IMMUTABLE, LOGIN_PAGE, REVALIDATE, fillAdminEmailSlot, injectRuntimeConfig } from '../http/spa'
import { htmlPolicy } from '../http/security-headers'

/** Routes serving the SPA in `distDir` for the app of `deps`. */
export function spaRoutes(deps: Pick<AppDeps, 'env'>, distDir: string) {
  const app = new Hono<AppEnv>()
  const pages = new Map<string, Promise<{ html: string; csp: string }>>()
  /** A built page with the runtime configuration in it, read once. */
  const page = (file: string): Promise<{ html: string; csp: string }> => {
    let loaded = pages.get(file)
    if (!loaded) {
      loaded = readBuilt(distDir, file)
        .then((html) =>
          injectRuntimeConfig(fillAdminEmailSlot(html, deps.env.ADMIN_EMAIL), { adminEmail: deps.env.ADMIN_EMAIL }),
        )
        .then((html) => ({ html, csp: htmlPolicy(html) }))
      pages.set(file, loaded)
    }
    return loaded
  }
  const serve = (file: string) => async (c: Context) => {
    const { html: body, csp } = await page(file)
    return c.html(body, 200, { 'cache-control': REVALIDATE, 'content-security-policy': csp })
  }
  const html = serve('index.html')

  app.use('/*', async (c, next) => {
    await next()
    const hashed = c.req.path.startsWith('/assets/') && c.res.status === 200
    if (!c.res.headers.has('cache-control')) c.header('cache-control', hashed ? IMMUTABLE : REVALIDATE)
  })
  app.get('/', compress(), html)
  app.get('/index.html', compress(), html)
  app.get('/login', compress(), serve(LOGIN_PAGE))
  // The prerendered page's file holds the unfilled slot: never served as it is.
  app.get(`/${LOGIN_PAGE}`, compress(), serve(LOGIN_PAGE))
  // serveStatic resolves `root` against the working directory.
  app.use('/*', serveStatic({ root: path.relative(process.cwd(), distDir), precompressed: true }))
  app.get('/assets/*', (c) => c.text('Not found', 404))
  app.get('*', compress(), html)
  return app
}

/** `file` of the build; the login page falls back to index.html (a build from before the prerender), rendered by the script. */
async function readBuilt(distDir: string, file: string): Promise<string> {
  try {
    return await fsp.readFile(path.join(distDir, file), 'utf8')
  } catch (error) {
    if (file === LOGIN_PAGE && (error as NodeJS.ErrnoException).code === 'ENOENT')
      return fsp.readFile(path.join(distDir, 'index.html'), 'utf8')
    throw error
  }
}
