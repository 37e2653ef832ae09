import { describe, expect, it } from 'vitest'
import { patternSource, preloadScript } from '../../../scripts/route-preload'

const TABLE = [
  { pattern: patternSource('/login'), session: false, files: ['/assets/login.js'], styles: [] },
  { pattern: patternSource('/projects/new'), session: true, files: ['/assets/area.js', '/assets/add.js'], styles: [] },
  {
    pattern: patternSource('/projects/:id'),
    session: true,
    files: ['/assets/area.js', '/assets/detail.js'],
    styles: ['/assets/detail.css'],
  },
]

/** Runs the inline script at `pathname` with `stored` in localStorage; returns the preloaded hrefs. */
function preloadsAt(pathname: string, stored: Record<string, string> = {}): string[] {
  type Link = { rel: string; as: string; href: string; crossOrigin: string | null }
  const links: Link[] = []
  const document = {
    createElement: (): Link => ({ rel: '', as: '', href: '', crossOrigin: null }),
    head: { appendChild: (l: Link) => links.push(l) },
  }
  const localStorage = { getItem: (key: string) => stored[key] ?? null }
  new Function('location', 'localStorage', 'document', preloadScript(TABLE))({ pathname }, localStorage, document)
  return links.map((l) => `${l.rel}${l.as ? ` as=${l.as}` : ''}${l.crossOrigin === '' ? ' crossorigin' : ''} ${l.href}`)
}

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
})
