import { describe, expect, it } from 'vitest'
import { patternSource, preloadScript } from '../../../scripts/route-preload'

const TABLE = [
  { pattern: patternSource('/login'), session: false, files: ['/assets/login.js'] },
  { pattern: patternSource('/projects/new'), session: true, files: ['/assets/area.js', '/assets/add.js'] },
  { pattern: patternSource('/projects/:id'), session: true, files: ['/assets/area.js', '/assets/detail.js'] },
]

/** Runs the inline script at `pathname` with `stored` in localStorage; returns the preloaded hrefs. */
function preloadsAt(pathname: string, stored: Record<string, string> = {}): string[] {
  const links: Array<{ rel: string; href: string }> = []
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (l: { rel: string; href: string }) => links.push(l) },
  }
  const localStorage = { getItem: (key: string) => stored[key] ?? null }
  new Function('location', 'localStorage', 'document', preloadScript(TABLE))({ pathname }, localStorage, document)
  return links.map((l) => `${l.rel} ${l.href}`)
}

describe('route-preload inline script', () => {
  it('matches wouter-style patterns exactly', () => {
    expect(new RegExp(patternSource('/projects/:id')).test('/projects/42')).toBe(true)
    expect(new RegExp(patternSource('/projects/:id')).test('/projects/42/edit')).toBe(false)
    expect(new RegExp(patternSource('/')).test('/projects')).toBe(false)
  })

  it('preloads the login chunks on /login, signed out', () => {
    expect(preloadsAt('/login')).toEqual(['modulepreload /assets/login.js'])
  })

  it("preloads a signed-in screen's chunks only with a stored session, first match wins", () => {
    expect(preloadsAt('/projects/new')).toEqual([])
    expect(preloadsAt('/projects/new', { refreshToken: 'r' })).toEqual([
      'modulepreload /assets/area.js',
      'modulepreload /assets/add.js',
    ])
    expect(preloadsAt('/projects/7', { accessToken: 'a' })).toEqual([
      'modulepreload /assets/area.js',
      'modulepreload /assets/detail.js',
    ])
    expect(preloadsAt('/orders', { accessToken: 'a' })).toEqual([])
  })
})
