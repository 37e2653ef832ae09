/**
 * The one way to turn a failure into the text a person reads (SPEC.md 8): the server's list of
 * errors joined by line breaks, else its message, else a fallback. Every machine and view uses
 * these three; none restates the rule.
 */
import { ApiError } from './client'

/** The server's reason for `error`: its `errors` joined by '\n', else the message; undefined when there is none. */
export function errorReason(error: unknown): string | undefined {
  if (error instanceof ApiError && error.errors?.length) return error.errors.join('\n')
  return error instanceof Error && error.message ? error.message : undefined
}

/** The reason, or `fallback` when the failure carries none: `errorText(e, 'Failed to save')`. */
export function errorText(error: unknown, fallback: string): string {
  return errorReason(error) ?? fallback
}

/** SPEC.md 8 '{title}: {reason}' alerts: `withReason('Failed to delete project', e)`; 'Request failed' when no reason. */
export function withReason(title: string, error: unknown): string {
  return `${title}: ${errorReason(error) ?? 'Request failed'}`
}
