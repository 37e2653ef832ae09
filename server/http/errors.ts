/**
 * The one error type of the API. Handlers throw `ApiError`; the app's onError turns it into
 * `{ success: false, message, errors?, code? }` with its HTTP status (DESIGN.md "Errors"); `code`
 * is a machine-readable reason where the client must act on it (e.g. 'step_up_required').
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: string[],
    readonly code?: string,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, errors?: string[]) => new ApiError(400, message, errors)
export const unauthorized = (message = 'Authentication required') => new ApiError(401, message)
export const forbidden = (message = 'Admin access required') => new ApiError(403, message)
export const notFound = (message = 'Not found') => new ApiError(404, message)
export const conflict = (message: string) => new ApiError(409, message)
export const tooLarge = (message: string) => new ApiError(413, message)
export const tooManyRequests = (message: string) => new ApiError(429, message)
