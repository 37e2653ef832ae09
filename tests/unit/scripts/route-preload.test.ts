import { describe, expect, it } from 'vitest'
import { patternSource, preloadScript } from '../../../scripts/route-preload'

const TABLE = [
  { pattern: patternSource('/login'), session: false, files: ['/assets/login.js'], styles: [], requests: [] },
  {
    pattern: patternSource('/projects/new'),
    session: true,
    files: ['/assets/area.js', '/assets/add.js'],
    styles: [],
    requests: [],
  },
  {
    pattern: patternSource('/projects/:id'),
    session: true,
    files: ['/assets/area.js', '/assets/detail.js'],
    styles: ['/assets/detail.css'],
    requests: [],
  },
  {
    pattern: patternSource('/projects'),
    session: true,
    files: ['/assets/area.js', '/assets/list.js'],
    styles: [],
    requests: ['/api/projects?page=1', '/api/auth/profile'],
  },
]
const ALWAYS = ['/api/auth/profile', '/api/admin/preferences']

/** What one run of the inline script did: the hrefs it preloaded, the boot requests it sent and what it left on window. */
interface Run {
  links: string[]
  sent: Array<{ url: string; authorization: string }>
  boot: { token: string; responses: Record<string, Promise<unknown>> } | undefined
}

/** Runs the inline script at `pathname` + `search` with `stored` in localStorage. */
function runAt(pathname: string, stored: Record<string, string> = {}, search = ''): Run {
  type Link = { rel: string; as: string; href: string; crossOrigin: string | null }
  const links: Link[] = []
  const sent: Run['sent'] = []
  const document = {
    createElement: (): Link => ({ rel: '', as: '', href: '', crossOrigin: null }),
    head: { appendChild: (l: Link) => links.push(l) },
  }
  const localStorage = { getItem: (key: string) => stored[key] ?? null }
  const fetch = (url: string, init: { headers: { Authorization: string } }) => {
    sent.push({ url, authorization: init.headers.Authorization })
    return Promise.resolve({ url })
  }
  const window: { __bootRequests?: Run['boot'] } = {}
  new Function('location', 'localStorage', 'document', 'fetch', 'window', preloadScript(TABLE, ALWAYS))(
    { pathname, search },
    localStorage,
    document,
    fetch,
    window,
  )
  return {
    links: links.map(
      (l) => `${l.rel}${l.as ? ` as=${l.as}` : ''}${l.crossOrigin === '' ? ' crossorigin' : ''} ${l.href}`,
    ),
    sent,
    boot: window.__bootRequests,
  }
}

const preloadsAt = (pathname: string, stored: Record<string, string> = {}) => runAt(pathname, stored).links

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

  it('sends no boot request signed out, on /login, or with only a refresh token stored', () => {
    expect(runAt('/projects').sent).toEqual([])
    expect(runAt('/login', { accessToken: 'a' }).sent).toEqual([])
    expect(runAt('/projects', { refreshToken: 'r' }).sent).toEqual([])
    expect(runAt('/projects', { refreshToken: 'r' }).boot).toBeUndefined()
  })

  it("sends the profile, the preferences and the route's requests with the stored access token, each once", () => {
    const run = runAt('/projects', { accessToken: 'tok' })
    expect(run.sent).toEqual([
      { url: '/api/auth/profile', authorization: 'Bearer tok' },
      { url: '/api/admin/preferences', authorization: 'Bearer tok' },
      { url: '/api/projects?page=1', authorization: 'Bearer tok' },
    ])
    expect(run.boot?.token).toBe('tok')
    expect(Object.keys(run.boot?.responses ?? {})).toEqual([
      '/api/auth/profile',
      '/api/admin/preferences',
      '/api/projects?page=1',
    ])
  })

  it("sends what the address asked for on its last cold load; the route's defaults only without a query string", () => {
    const remembered = JSON.stringify({
      '/projects?q=kumar': ['/api/projects?q=kumar&page=1', 'https://elsewhere.example/x', 42],
      '/projects/7': ['/api/projects/7'],
    })
    const searched = runAt('/projects', { accessToken: 't', bootRequests: remembered }, '?q=kumar')
    expect(searched.sent.map((s) => s.url)).toEqual([
      '/api/auth/profile',
      '/api/admin/preferences',
      '/api/projects?q=kumar&page=1',
    ])
    expect(runAt('/projects/7', { accessToken: 't', bootRequests: remembered }).sent.map((s) => s.url)).toEqual([
      '/api/auth/profile',
      '/api/admin/preferences',
      '/api/projects/7',
    ])
    expect(runAt('/projects', { accessToken: 't', bootRequests: '{not json' }).sent.map((s) => s.url)).toEqual([
      '/api/auth/profile',
      '/api/admin/preferences',
      '/api/projects?page=1',
    ])
  })
})
