/**
 * One cold page load in headless Chromium: a new browser context (empty cache and storage),
 * optional localStorage entries set before any script runs, navigation, and the time from
 * navigation start (the page's `performance.timeOrigin`) until the first frame in which
 * `selector` matches an element with a layout box. Also lists every JavaScript response with its gzip -9 size and its size on
 * the wire (as the server sent it, after any Content-Encoding).
 */
import zlib from 'node:zlib'
import type { Browser } from 'playwright-core'

/** A JavaScript file the page loaded: URL, bytes decoded, gzip -9 bytes, bytes on the wire. */
export interface ScriptLoad {
  url: string
  bytes: number
  gzip9: number
  wire: number
  encoding: string
}

/** What one cold load measured: ms to the selector, and the scripts loaded by then (plus 500 ms of quiet). */
export interface PageLoad {
  ms: number
  scripts: ScriptLoad[]
}

declare global {
  interface Window {
    __benchVisibleAt?: number
  }
}

/**
 * Runs in the page before its own scripts: records performance.now() at the first frame after
 * `selector` has a box. A string, not a function: tsx's keepNames would wrap a function in helpers the page lacks.
 */
const watchFor = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)}
  const observer = new MutationObserver(() => {
    const el = document.querySelector(selector)
    if (el && el.getClientRects().length > 0) {
      observer.disconnect()
      // The next frame: a prerendered element has a box while the page's stylesheet still blocks
      // rendering, and no frame is drawn until it has loaded.
      requestAnimationFrame(() => (window.__benchVisibleAt = performance.now()))
    }
  })
  observer.observe(document, { childList: true, subtree: true, attributes: true })
})()`

/**
 * Cold-loads `url` in a new context of `browser` and times `selector`; `storage` goes into
 * localStorage first. With `repeat`, the context first loads `url` once, untimed, and the timed
 * load is a second visit in a new tab of it (the HTTP cache and storage kept, as for an admin
 * coming back to the console).
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  selector: string,
  storage: Record<string, string> = {},
  { repeat = false }: { repeat?: boolean } = {},
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    const entries = Object.entries(storage).map(
      ([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)})`,
    )
    await context.addInitScript(entries.join(';'))
    await context.addInitScript(watchFor(selector))
    if (repeat) {
      const first = await context.newPage()
      await first.goto(url)
      await first.waitForFunction(() => window.__benchVisibleAt !== undefined, null, { timeout: 60_000, polling: 50 })
      await first.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)
      await first.close()
    }
    const page = await context.newPage()
    const pending: Array<Promise<ScriptLoad | null>> = []
    page.on('response', (response) => {
      pending.push(
        (async () => {
          if (!(response.headers()['content-type'] ?? '').includes('javascript')) return null
          const body = await response.body()
          const sizes = await response.request().sizes()
          return {
            url: new URL(response.url()).pathname,
            bytes: body.length,
            gzip9: zlib.gzipSync(body, { level: 9 }).length,
            wire: Math.max(0, sizes.responseBodySize), // -1 when served from the cache
            encoding: response.headers()['content-encoding'] ?? 'identity',
          }
          // A response that arrives as the context closes has nothing left to read: not counted.
        })().catch(() => null),
      )
    })
    await page.goto(url)
    await page.waitForFunction(() => window.__benchVisibleAt !== undefined, null, { timeout: 60_000, polling: 50 })
    const ms = await page.evaluate(() => window.__benchVisibleAt!)
    // Chunks requested right after first render (lazy screens, preloads) count toward the route.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)
    const scripts = (await Promise.all(pending)).filter((s): s is ScriptLoad => s !== null)
    return { ms, scripts }
  } finally {
    await context.close()
  }
}
