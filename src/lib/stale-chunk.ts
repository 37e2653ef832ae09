/**
 * A deploy replaces the hashed chunk files: a tab opened before it asks for chunks that no longer
 * exist, and Vite dispatches `vite:preloadError`. Such a tab reloads once, at the same address,
 * to get the new index.html and its chunks. A chunk that fails because the server cannot be
 * reached is not stale: the health probe tells them apart, and that failure is left to the screen's
 * error view and the connection pill. A sessionStorage marker per failed file stops a reload loop:
 * if the same file fails again after the reload, the error view stays.
 */

/** The sessionStorage key of the files this tab has already reloaded for. */
export const STALE_CHUNK_MARKER = 'console:reloaded-for-chunk'

/** What `handleStaleChunk` needs from the browser (injected in tests). */
export interface StaleChunkDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>
  /** Resolves true when the server answers its health check. */
  serverAnswers: () => Promise<boolean>
  reload: () => void
}

/** The file a preload error names ('Failed to fetch dynamically imported module: …/x-abc.js'), else its whole message. */
export function failedFile(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return /(\S+\.(?:m?js|css))\b/.exec(message)?.[1] ?? message
}

/**
 * Decides what a `vite:preloadError` with `error` leads to: 'reload' (done, marker set), 'shown'
 * (this file already caused a reload: the error view stays) or 'offline' (the server does not
 * answer: not a stale chunk).
 */
export async function handleStaleChunk(error: unknown, deps: StaleChunkDeps): Promise<'reload' | 'shown' | 'offline'> {
  const file = failedFile(error)
  const reloadedFor = deps.storage.getItem(STALE_CHUNK_MARKER)
  if (reloadedFor === file) return 'shown'
  if (!(await deps.serverAnswers())) return 'offline'
  deps.storage.setItem(STALE_CHUNK_MARKER, file)
  deps.reload()
  return 'reload'
}

/** Registers the `vite:preloadError` listener on `win` (the entry calls it once). */
export function reloadOnStaleChunks(win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    // Not prevented: the failed import still rejects, so the screen's error view shows meanwhile.
    void handleStaleChunk((event as Event & { payload?: unknown }).payload, {
      storage: win.sessionStorage,
      serverAnswers: () =>
        win.fetch('/api/health', { cache: 'no-store' }).then(
          (response) => response.ok,
          () => false,
        ),
      reload: () => win.location.reload(),
    })
  })
}
