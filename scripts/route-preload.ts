/**
 * Vite build plugin: lets index.html start fetching a route's lazy chunks together with the
 * entry instead of after it. For each `{ path, module }` it finds the chunk built from `module`
 * and the chunks that chunk imports statically, and injects an inline script that, when the page
 * opens at exactly `path`, adds `<link rel="modulepreload">` for them. Without it the login
 * screen's chunks would only be requested once the entry has downloaded and run.
 */
import path from 'node:path'
import type { Plugin } from 'vite'

/** A page address and the source module of its lazy screen (relative to the project root). */
export interface RoutePreload {
  path: string
  module: string
}

/** The plugin: one inline script in the head of index.html, covering every entry of `routes`. */
export function routePreload(routes: RoutePreload[]): Plugin {
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
        const entryFiles = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName), byFile)
        const table: Record<string, string[]> = {}
        for (const route of routes) {
          const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(root, route.module))
          if (!chunk) throw new Error(`route-preload: no chunk built from ${route.module}`)
          table[route.path] = [...closure([chunk.fileName], byFile)].filter((f) => !entryFiles.has(f)).map((f) => base + f)
        }
        // crossorigin as on Vite's own tags, so the preload matches the module request and is reused.
        const script = `(function(){var files=${JSON.stringify(table)}[location.pathname]||[];`
          + `files.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)})})()`
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }]
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
