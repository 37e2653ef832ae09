/**
 * The words of a screen that failed to render (the error view inside the shell): a chunk that
 * could not be fetched, a request that got no answer, or a fault in the screen itself.
 */
import { isNetworkError } from '../api/client'

/** True for a rejected dynamic import or chunk preload: the screen's code never arrived. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
    error.message,
  )
}

/** `{ title, message }` of the error view for `error`. */
export function describeScreenFailure(error: unknown): { title: string; message: string } {
  if (isChunkLoadError(error) || isNetworkError(error)) {
    return {
      title: 'This screen could not be loaded',
      message:
        'The console could not reach the server to load this screen. Nothing was lost: Retry once the connection is back.',
    }
  }
  const reason = error instanceof Error && error.message ? error.message : 'An unexpected error occurred.'
  return { title: 'This screen stopped working', message: reason }
}
