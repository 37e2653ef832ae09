/**
 * Moves to a screen without React's Suspense fallback and without a loading state where its data
 * comes quickly: wouter's `aroundNav` (src/root.tsx) starts the screen's first request, and holds
 * a move until the screen's code is in and its first data has answered. React 19 keeps a fallback
 * on screen for at least 300 ms once it shows, so a first `g o` that suspended took ~400 ms on
 * localhost where the chunk itself took ~30 ms; and a screen drawn before its data is drawn twice.
 *
 * The admin keeps the screen they are on meanwhile. A code load that takes longer than `waitMs`,
 * or data that takes longer than `dataWaitMs`, moves anyway (the screen's loading state shows
 * what is happening), as does a load that fails (the screen's error view says so, with Retry; a
 * chunk gone after a deploy reloads at the new address, src/lib/stale-chunk.ts). A screen whose
 * data is cached moves at once and refreshes behind. A move overtaken by a later one is dropped:
 * the last one wins. Back and Forward are the browser's own and are not held (decisions 052, 053).
 */
import type { AroundNavHandler } from 'wouter'

/** What a move to an address needs before it renders complete. */
export interface ScreenCode {
  /** True when the code is in. */
  loaded(): boolean
  /** Loads the code; settles when it is in or failed. */
  load(): Promise<unknown>
  /**
   * Starts the screen's first request: a promise that settles when it has answered (or failed),
   * or undefined when the cache holds what the screen shows first (nothing to wait for).
   */
  data?(): Promise<unknown> | undefined
}

/** How long a move waits for its screen's code before it shows the screen's loading state, ms. */
export const SCREEN_CODE_WAIT_MS = 500
/** How long a move waits for its screen's first data before it shows the screen's loading state, ms. */
export const SCREEN_DATA_WAIT_MS = 150

/**
 * wouter's `aroundNav`: `codeAt(url)` tells what a move to `url` needs (undefined: nothing), and
 * the move is held until its code is loaded (at most `waitMs` ms) and its first data has answered
 * (at most `dataWaitMs` ms). A move that needs neither happens at once, in the caller's task.
 */
export function holdMovesForScreenCode(
  codeAt: (url: URL) => ScreenCode | undefined,
  waitMs = SCREEN_CODE_WAIT_MS,
  dataWaitMs = SCREEN_DATA_WAIT_MS,
): AroundNavHandler {
  let latest = 0
  return (navigate, to, options) => {
    const move = ++latest
    // `to` is a path within the console; only its pathname and search are read.
    const code = codeAt(new URL(to, 'http://console.invalid'))
    const data = code?.data?.()
    // [what, how long at most, whether its failure moves at once]. A failed chunk moves without
    // waiting for the data: the screen's error view, or the reload of a chunk gone after a
    // deploy (src/lib/stale-chunk.ts), must happen at the new address.
    const waits: Array<[Promise<unknown>, number, boolean]> = []
    if (code && !code.loaded()) waits.push([code.load(), waitMs, true])
    if (data) waits.push([data, dataWaitMs, false])
    if (waits.length === 0) {
      navigate(to, options)
      return
    }
    let pending = waits.length
    let moved = false
    const timers: Array<ReturnType<typeof setTimeout>> = []
    const go = () => {
      if (moved) return
      moved = true
      for (const timer of timers) clearTimeout(timer)
      if (move === latest) navigate(to, options)
    }
    for (const [promise, ms, failureMoves] of waits) {
      let settled = false
      const settle = () => {
        if (settled) return
        settled = true
        if (--pending === 0) go()
      }
      timers.push(setTimeout(settle, ms))
      promise.then(settle, failureMoves ? go : settle)
    }
  }
}
