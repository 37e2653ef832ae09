/**
 * The one error type of the API. Handlers throw `ApiError`; the app's onError turns it into
 * `{ success: false, message, errors?, issues?, code? }` with its HTTP status (DESIGN.md
 * "Errors"); `code` is a machine-readable reason where the client must act on it (e.g.
 * 'step_up_required'); `issues` name the refused fields of a 400; `details` are further fields of
 * the body a `code` defines (a version_conflict's `version` and `changes`, src/api/schemas/live.ts).
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { FieldIssue } from '../../src/api/schemas/common'

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: string[],
    readonly code?: string,
    readonly issues?: FieldIssue[],
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, errors?: string[]) => new ApiError(400, message, errors)
/** A 400 for refused input: the first issue's message, all messages as `errors`, and the issues by field. */
export const invalidInput = (issues: FieldIssue[]) =>
  new ApiError(
    400,
    issues[0]?.message ?? 'Invalid request',
    issues.map((i) => i.message),
    undefined,
    issues,
  )
export const unauthorized = (message = 'Authentication required') => new ApiError(401, message)
export const forbidden = (message = 'Admin access required') => new ApiError(403, message)
export const notFound = (message = 'Not found') => new ApiError(404, message)
export const conflict = (message: string) => new ApiError(409, message)
export const tooLarge = (message: string) => new ApiError(413, message)
export const tooManyRequests = (message: string) => new ApiError(429, message)
/** An upstream service (the mail server) failed; `message` says why, for a person. */
export const badGateway = (message: string) => new ApiError(502, message)

/** The message of the 503 answered while the database cannot be reached. */
export const DATABASE_UNAVAILABLE = 'Database unavailable, try again shortly'

/**
 * Error codes meaning "the database server cannot be reached right now", not "this query is
 * wrong": socket errors (Node) and SQLSTATE classes 08 (connection exception) and 57P01-57P03
 * (admin shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
 * Source: PostgreSQL "Appendix A. PostgreSQL Error Codes".
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])
/** node-postgres reports a dropped connection or a full pool by message only. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|not queryable|timeout exceeded when trying to connect|Client was closed/i

/** What the error objects of a cause chain may carry (node-postgres and PGlite: `code`, `constraint`). */
export type ChainedError = { code?: unknown; message?: unknown; constraint?: unknown }

/**
 * `error` and its causes, outermost first: drizzle wraps a driver error in DrizzleQueryError's
 * `cause`, a route may wrap it again. Objects only, at most 5 deep.
 */
export function causeChain(error: unknown): ChainedError[] {
  const chain: ChainedError[] = []
  for (let e = error; e !== null && typeof e === 'object' && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    chain.push(e as ChainedError)
  }
  return chain
}

/** True when `error` or one of its causes has one of `codes` (a SQLSTATE such as '23505', or a Node code). */
export function hasErrorCode(error: unknown, ...codes: string[]): boolean {
  return causeChain(error).some((e) => typeof e.code === 'string' && codes.includes(e.code))
}

/**
 * True when `error` (or one of its causes) says the database is unreachable, so the API answers
 * 503 DATABASE_UNAVAILABLE instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some(
    ({ code, message }) =>
      (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) ||
      UNAVAILABLE_MESSAGES.test(String(message ?? '')),
  )
}
