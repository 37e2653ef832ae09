/**
 * The route preloads of vite.config.ts follow the screens of src/routes.tsx: the same addresses
 * in the same matching order, each preloading its screen's module and, where the screen opens
 * with a prefetch, the prefetch's module, so a cold load of any address fetches what it runs.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PRELOADS } from '../../../vite.config'

const routes = fs.readFileSync('src/routes.tsx', 'utf8')
/** View constant → its module ('ProjectsListView' → 'src/views/projects/list/projects-list.view.tsx'). */
const views = new Map(
  [...routes.matchAll(/const (\w+) = preloadable\(\(\) => import\('\.\/([^']+)'\)\)/g)].map(([, name, module]) => [
    name,
    `src/${module}.tsx`,
  ]),
)
/** Each defineScreen call: path, view module, prefetch module (if any), in order. */
const screens = [
  ...routes.matchAll(/defineScreen\(\s*'([^']+)',\s*(\w+)(?:,\s*lazyPrefetch\(\s*\(\) => import\('\.\/([^']+)'\))?/g),
].map(([, path, view, prefetch]) => ({ path, view: views.get(view), prefetch: prefetch && `src/${prefetch}.ts` }))

describe('route preloads and screens', () => {
  it('finds the screens it compares', () => {
    expect(screens.length).toBeGreaterThanOrEqual(15)
    expect(screens.every((s) => s.view !== undefined)).toBe(true)
    expect(screens.filter((s) => s.prefetch).length).toBeGreaterThanOrEqual(10)
  })

  it('preloads every screen, in the same order, after /login', () => {
    expect(PRELOADS.map((p) => p.path)).toEqual(['/login', ...screens.map((s) => s.path)])
  })

  it("preloads each screen's module and its prefetch's module", () => {
    for (const screen of screens) {
      const preload = PRELOADS.find((p) => p.path === screen.path)!
      expect(preload.modules, screen.path).toContain(screen.view)
      if (screen.prefetch) expect(preload.modules, screen.path).toContain(screen.prefetch)
      for (const module of preload.modules) expect(fs.existsSync(module), module).toBe(true)
    }
  })
})
