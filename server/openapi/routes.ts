/**
 * The OpenAPI routes: `GET /api/openapi.json` (the document of server/openapi/document.ts,
 * built once per app on first request; behind requireAdmin like the rest of the API) and the
 * browsable docs at `GET /api/docs` (Swagger UI served from node_modules/swagger-ui-dist, no CDN).
 * The docs page is a static shell and public; its script (docs.js, no inline code, so it runs
 * under `script-src 'self'`) fetches the document with the console's access token, read from
 * localStorage where the console keeps it (src/api/session.ts), so only a signed-in admin sees it.
 * CSP the docs page needs: `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';
 * img-src 'self' data:; connect-src 'self'`.
 */
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Hono } from 'hono'
import type { OpenAPIV3_1 } from 'openapi-types'
import type { AppEnv } from '../deps'
import { notFound } from '../http/errors'
import { buildOpenApiDocument } from './document'

/** `GET /openapi.json` for the app `getApp()` returns (the app is complete by the first request). */
export function openApiDocumentRoutes(getApp: () => Hono<AppEnv>) {
  const app = new Hono<AppEnv>()
  let document: Promise<OpenAPIV3_1.Document> | undefined
  app.get('/openapi.json', async (c) => {
    document ??= buildOpenApiDocument(getApp())
    try {
      return c.json(await document)
    } catch (error) {
      document = undefined
      throw error
    }
  })
  return app
}

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Admin console API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<noscript>The API docs need JavaScript.</noscript>
<p id="docs-note">The document is read with the console's session: sign in to the console in this browser first.</p>
<div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script>
</body>
</html>
`

/** Runs Swagger UI on /api/openapi.json, sending the console's access token (no inline script). */
const DOCS_JS = `window.addEventListener('load', function () {
  var token = function () { try { return localStorage.getItem('accessToken') } catch (e) { return null } }
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#docs',
    deepLinking: true,
    requestInterceptor: function (request) {
      var t = token()
      if (t && !request.headers.Authorization) request.headers.Authorization = 'Bearer ' + t
      return request
    },
  })
})
`

/** The files of swagger-ui-dist the page uses, with their media types; nothing else is served. */
const ASSETS = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
])

/** `GET /` (the page) and `GET /:file` (its assets), mounted at /api/docs without the admin guard. */
export function docsRoutes() {
  const app = new Hono<AppEnv>()
  const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  const cache = new Map<string, Promise<Buffer>>()
  const read = (file: string) => {
    let bytes = cache.get(file)
    if (!bytes) {
      bytes = fs.readFile(path.join(distDir, file))
      cache.set(file, bytes)
      bytes.catch(() => cache.delete(file))
    }
    return bytes
  }
  app.get('/', (c) => c.html(DOCS_HTML))
  app.get('/:file', async (c) => {
    const file = c.req.param('file')
    if (file === 'docs.js') return c.body(DOCS_JS, 200, { 'content-type': 'text/javascript; charset=utf-8' })
    const type = ASSETS.get(file)
    if (!type) throw notFound('No such docs asset')
    return c.body(new Uint8Array(await read(file)), 200, {
      'content-type': type,
      'cache-control': 'public, max-age=3600',
    })
  })
  return app
}
