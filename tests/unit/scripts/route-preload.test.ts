import { describe, expect, it } from 'vitest'
import { patternSource, preloadScript } from '../../../scripts/route-preload'

const TABLE = [
  { route: '/login', pattern: patternSource('/login'), session: false, files: ['/assets/login.js'], styles: [] },
  {
    route: '/projects/new',
    pattern: patternSource('/projects/new'),
    session: true,
    files: ['/assets/area.js', '/assets/add.js'],
    styles: [],
  },
  {
    route: '/projects/:id',
    pattern: patternSource('/projects/:id'),
    session: true,
    files: ['/assets/area.js', '/assets/detail.js'],
    styles: ['/assets/detail.css'],
  },
]

type Link = { rel: string; as: string; href: string; crossOrigin: string | null }
const shown = (l: Link) => `${l.rel}${l.as ? ` as=${l.as}` : ''}${l.crossOrigin === '' ? ' crossorigin' : ''} ${l.href}`

/**
 * Runs the inline script at `pathname` with `stored` in localStorage; returns the links it added
 * and the window it left `__preloadRoute` on.
 */
function run(pathname: string, stored: Record<string, string> = {}) {
  const links: Link[] = []
  const document = {
    createElement: (): Link => ({ rel: '', as: '', href: '', crossOrigin: null }),
    head: { appendChild: (l: Link) => links.push(l) },
    querySelector: (selector: string) => links.find((l) => selector === `link[href="${l.href}"]`) ?? null,
  }
  const localStorage = { getItem: (key: string) => stored[key] ?? null }
  const window: { __preloadRoute?: (route: string) => void } = {}
  new Function('location', 'localStorage', 'document', 'window', preloadScript(TABLE))(
    { pathname },
    localStorage,
    document,
    window,
  )
  return { links, window }
}

/** The preloaded links of the inline script at `pathname`, as text. */
const preloadsAt = (pathname: string, stored: Record<string, string> = {}): string[] =>
  run(pathname, stored).links.map(shown)

describe('route-preload inline script', () => {
  it('matches wouter-style patterns exactly', () => {
    expect(new RegExp(patternSource('/projects/:id')).test('/projects/42')).toBe(true)
    expect(new RegExp(patternSource('/projects/:id')).test('/projects/42/edit')).toBe(false)
    expect(new RegExp(patternSource('/')).test('/projects')).toBe(false)
  })

  it('preloads the login chunks on /login, signed out', () => {
    expect(preloadsAt('/login')).toEqual(['modulepreload crossorigin /assets/login.js'])
  })

  it("preloads a signed-in screen's chunks and their CSS only with a stored session, first match wins", () => {
    expect(preloadsAt('/projects/new')).toEqual([])
    expect(preloadsAt('/projects/new', { refreshToken: 'r' })).toEqual([
      'modulepreload crossorigin /assets/area.js',
      'modulepreload crossorigin /assets/add.js',
    ])
    expect(preloadsAt('/projects/7', { accessToken: 'a' })).toEqual([
      'modulepreload crossorigin /assets/area.js',
      'modulepreload crossorigin /assets/detail.js',
      'preload as=style crossorigin /assets/detail.css',
    ])
    expect(preloadsAt('/orders', { accessToken: 'a' })).toEqual([])
  })

  it("window.__preloadRoute(route) preloads that route's files once, skipping those already linked", () => {
    const { links, window } = run('/projects/new', { accessToken: 'a' })
    window.__preloadRoute!('/projects/:id')
    window.__preloadRoute!('/projects/:id')
    window.__preloadRoute!('/no/such/route')
    expect(links.map(shown)).toEqual([
      'modulepreload crossorigin /assets/area.js',
      'modulepreload crossorigin /assets/add.js',
      'modulepreload crossorigin /assets/detail.js',
      'preload as=style crossorigin /assets/detail.css',
    ])
  })
})
