/**
 * Moves to a screen whose code has not loaded yet without React's Suspense fallback: wouter's
 * `aroundNav` (src/root.tsx) holds such a move until the code is in, and starts the screen's first
 * request alongside it. React 19 keeps a fallback on screen for at least 300 ms once it shows, so a
 * first `g o` that suspended took ~400 ms on localhost where the chunk itself took ~30 ms.
 *
 * The admin keeps the screen they are on meanwhile. A load that takes longer than `waitMs` moves
 * anyway (the screen's loading state shows what is happening), as does a load that fails (the
 * screen's error view says so, with Retry; a chunk gone after a deploy reloads at the new address,
 * src/lib/stale-chunk.ts). A move overtaken by a later one is dropped: the last one wins.
 * Back and Forward are the browser's own and are not held (decision 052).
 */
import type { AroundNavHandler } from 'wouter'

/** What a move to an address needs before it renders without suspending. */
export interface ScreenCode {
  /** True when the code is in: the move happens at once, in the caller's task. */
  loaded(): boolean
  /** Loads the code (and starts the screen's first request); settles when the code is in or failed. */
  load(): Promise<unknown>
}

/** How long a move waits for its screen's code before it shows the screen's loading state, ms. */
export const SCREEN_CODE_WAIT_MS = 500

/**
 * wouter's `aroundNav`: `codeAt(url)` tells what a move to `url` needs (undefined: nothing), and
 * the move is held until that is loaded, at most `waitMs` ms.
 */
export function holdMovesForScreenCode(
  codeAt: (url: URL) => ScreenCode | undefined,
  waitMs = SCREEN_CODE_WAIT_MS,
): AroundNavHandler {
  let latest = 0
  return (navigate, to, options) => {
    const move = ++latest
    // `to` is a path within the console; only its pathname and search are read.
    const code = codeAt(new URL(to, 'http://console.invalid'))
    if (!code || code.loaded()) {
      navigate(to, options)
      return
    }
    let done = false
    const go = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      if (move === latest) navigate(to, options)
    }
    const timer = setTimeout(go, waitMs)
    code.load().then(go, go)
  }
}
