/**
 * Vite build plugin: lets index.html start fetching a route's lazy chunks together with the
 * entry instead of after it. For each `{ path, modules }` it finds the chunks built from the
 * modules and every chunk those import statically, and injects an inline script that, when the
 * page opens at an address matching `path` (wouter syntax: `/projects/:id`), adds
 * `<link rel="modulepreload">` for them and `<link rel="preload" as="style">` for their CSS (a lazy
 * chunk's CSS is otherwise requested only once that chunk has run, and Vite's loader holds the
 * chunk's import, and the screen's first data request behind it, until the CSS has arrived).
 * Routes marked `session` (the signed-in screens) preload only when a session is stored, since
 * without one the console redirects to /login. Without it
 * the screen's chunks would only be requested once the entry has downloaded and run.
 */
import path from 'node:path'
import type { Plugin } from 'vite'
import { BOOT_REQUESTS_KEY } from '../src/api/boot-requests.ts'

/** A page address pattern and the source modules of what it shows first (relative to the project root). */
export interface RoutePreload {
  path: string
  modules: string[]
  /** Preload only with a stored session (the keys src/api/session.ts writes). */
  session?: boolean
  /**
   * The GETs a cold load of the address without a query string asks for first (the screen's
   * first page), sent with the stored access token before the scripts run, beside what the
   * address asked for on its last cold load (src/api/boot-requests.ts).
   */
  requests?: string[]
}

/** `/projects/:id` → the source of a RegExp matching that address exactly. */
export function patternSource(route: string): string {
  const escaped = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return `^${escaped}$`
}

/** One row of the inline script's table: an address pattern, whether it needs a stored session, its JS and CSS files. */
export interface PreloadRow {
  pattern: string
  session: boolean
  files: string[]
  styles: string[]
  requests: string[]
}

/**
 * The inline script: the first route matching location.pathname gets its files preloaded. The CSS
 * is preloaded with crossorigin as Vite's loader adds it, so its stylesheet reuses the response.
 * With a stored access token, a signed-in route also sends its boot requests (src/api/boot-requests.ts):
 * `always` (the profile, the preferences), the route's `requests` when the address has no query
 * string, and what this address asked for on its last cold load, each URL once; the responses
 * wait on `window.__bootRequests` for the API client.
 */
export function preloadScript(table: PreloadRow[], always: string[] = []): string {
  return (
    `(function(){var t=${JSON.stringify(table)},p=location.pathname,q=location.search,s,k;` +
    `try{k=localStorage.getItem('accessToken');s=!!(k||localStorage.getItem('refreshToken'))}catch(e){s=false}` +
    `function a(rel,as,href){var l=document.createElement('link');l.rel=rel;if(as)l.as=as;l.crossOrigin='';l.href=href;document.head.appendChild(l)}` +
    `function b(d){var r,m={},u=${JSON.stringify(always)};try{r=JSON.parse(localStorage.getItem('${BOOT_REQUESTS_KEY}')||'{}')[p+q]}catch(e){}` +
    `u=u.concat(q?[]:d,Array.isArray(r)?r:[]);` +
    `u.forEach(function(x){if(typeof x!=='string'||x.indexOf('/api/')!==0||m[x])return;` +
    `m[x]=fetch(x,{headers:{Authorization:'Bearer '+k}});m[x].catch(function(){})});` +
    `window.__bootRequests={token:k,responses:m}}` +
    `for(var i=0;i<t.length;i++){if(!new RegExp(t[i].pattern).test(p))continue;if(t[i].session&&!s)return;` +
    `t[i].files.forEach(function(h){a('modulepreload','',h)});t[i].styles.forEach(function(h){a('preload','style',h)});` +
    `if(t[i].session&&k)b(t[i].requests);return}})()`
  )
}

/**
 * The plugin: one inline script in the head of index.html, covering every entry of `routes` in
 * order; `always` are the boot requests of every signed-in route (the profile, the preferences).
 */
export function routePreload(routes: RoutePreload[], always: string[] = []): Plugin {
  let root = ''
  let base = '/'
  return {
    name: 'console:route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []))
        const byFile = new Map(chunks.map((c) => [c.fileName, c]))
        // Files the entry imports statically are in the HTML already (script or modulepreload).
        const entryFiles = closure(
          chunks.filter((c) => c.isEntry).map((c) => c.fileName),
          byFile,
        )
        const entryStyles = new Set(
          [...entryFiles].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]),
        )
        const table = routes.map((route): PreloadRow => {
          const files = route.modules.map((module) => {
            const id = path.resolve(root, module)
            // A module in a chunk group (vite.config.ts) is one of that chunk's modules, not its facade.
            const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id))
            if (!chunk) throw new Error(`route-preload: no chunk built from ${module}`)
            return chunk.fileName
          })
          const routeFiles = [...closure(files, byFile)].filter((f) => !entryFiles.has(f))
          const styles = new Set(routeFiles.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))
          return {
            pattern: patternSource(route.path),
            session: !!route.session,
            files: routeFiles.map((f) => base + f),
            styles: [...styles].filter((f) => !entryStyles.has(f)).map((f) => base + f),
            requests: route.requests ?? [],
          }
        })
        // crossorigin as on Vite's own tags, so the preload matches the module request and is reused.
        return [{ tag: 'script', children: preloadScript(table, always), injectTo: 'head-prepend' }]
      },
    },
  }
}

/** `files` and every chunk they import statically, transitively. */
function closure(files: string[], byFile: Map<string, { imports: string[] }>): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const next of byFile.get(file)?.imports ?? []) visit(next)
  }
  files.forEach(visit)
  return seen
}
