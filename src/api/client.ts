/**
 * The one HTTP client (SPEC.md 4, 7, 8). Adds the bearer access token; on a 401 it refreshes the
 * token pair once (one refresh in flight, shared by every call that got a 401; tabs take turns
 * under a Web Lock and reuse another tab's fresh token), retries the call
 * once with the new token, and when the server refuses the refresh it clears the tokens and
 * expires the session (the auth machine then signs out). Every response body is parsed with a
 * valibot schema; every failure is an `ApiError`.
 */
import { createFetch, FetchError, type $Fetch } from 'ofetch'
import * as v from 'valibot'
import { ErrorBodySchema, type FieldIssue } from './schemas/common'
import { etagOf } from './schemas/etag'
import { RefreshResponseSchema } from './schemas/auth'
import { STEP_UP_REQUIRED } from './schemas/step-up'
import { session as defaultSession, type SessionStore } from './session'
import { bootRequests, type BootRequests } from './boot-requests'

/**
 * Any API failure: `status` is the HTTP status (0 when no response arrived), `message` the
 * server's, `code` its machine-readable reason when it gave one ('step_up_required'), `issues`
 * the refused fields of a 400 (src/api/field-errors.ts puts them under their fields), `body` the
 * error body as answered (a 409's is read by versionConflictOf, src/api/version-conflict.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: string[],
    readonly code?: string,
    readonly issues?: FieldIssue[],
    readonly body?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** True for the 403 that asks for a fresh OTP before a sensitive change (src/machines/step-up.machine.ts). */
export const isStepUpRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === STEP_UP_REQUIRED

/** The `code` of an ApiError for a request that got no answer at all (server down, connection lost). */
export const NETWORK_ERROR = 'network'

/** True when no answer arrived (fetch's network TypeError), as opposed to a refusal or a server error. */
export const isNetworkError = (error: unknown): boolean => error instanceof ApiError && error.code === NETWORK_ERROR

/** What a request that got no answer says: a read only that the server was not reached, a write also that nothing was saved. */
export function networkErrorText(method: string): string {
  return method.toUpperCase() === 'GET'
    ? 'Could not reach the server. Check the connection; the console retries when it is back.'
    : 'Could not reach the server. Your change was not saved.'
}

/** What the client tells its `onConnection` listener: a request got no answer, or got one (any status). */
export type ConnectionSignal = 'failed' | 'answered'

/** Per-call options: `auth: false` for the public sign-in routes (no bearer, no refresh on 401). */
export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  auth?: boolean
  signal?: AbortSignal
  /** Let the request outlive the page (fetch keepalive): for sign-out before a navigation. */
  keepalive?: boolean
  /** The version (updatedAt) of the record the write is based on, sent as `If-Match: etagOf(version)`. */
  version?: string
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type AnySchema = v.GenericSchema

export interface ApiClient {
  request<S extends AnySchema>(
    method: Method,
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<v.InferOutput<S>>
  get<S extends AnySchema>(path: string, schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>
  post<S extends AnySchema>(path: string, body: unknown, schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>
  put<S extends AnySchema>(path: string, body: unknown, schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>
  del<S extends AnySchema>(path: string, schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>
  /**
   * An access token for a request the client does not send itself (the event stream's fetch):
   * the stored one unless it is `rejected` (the one a 401 just refused), else a refreshed one
   * (shared with the client's own refreshes). Rejects as a refresh does (a refusal expires the session).
   */
  accessToken(rejected: string | null): Promise<string>
}

/** The part of the Web Locks API (`navigator.locks`) the client uses to refresh one tab at a time. */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>
}

/** The name of the Web Lock held around a refresh, shared by every tab of this origin. */
export const REFRESH_LOCK = 'marketplace-console:token-refresh'

/** The browser's Web Locks when present (every current browser, secure contexts), else none. */
function browserLocks(): RefreshLocks | null {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: RefreshLocks }).locks
  return locks ?? null
}

export interface ApiClientOptions {
  /** Injected fetch (tests); defaults to the global one. */
  fetch?: typeof globalThis.fetch
  /** Cross-tab lock around refreshes; defaults to `navigator.locks`, null for none (tests). */
  locks?: RefreshLocks | null
  session?: SessionStore
  /** '' = same origin (Vite dev proxies /api). */
  baseURL?: string
  /** Told after every request whether an answer arrived (the connection status bar listens). */
  onConnection?: (signal: ConnectionSignal) => void
  /** GETs index.html sent before the scripts ran (src/api/boot-requests.ts); none by default. */
  boot?: BootRequests
}

/**
 * Turns an ofetch failure into an ApiError carrying the server's `{ message, errors }` when
 * present. No response at all (fetch's TypeError) becomes status 0 with code NETWORK_ERROR and
 * `networkErrorText(method)`; an aborted request keeps its AbortError message.
 */
export function toApiError(error: unknown, fallback = 'Request failed', method = 'GET'): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof FetchError) {
    const parsed = v.safeParse(ErrorBodySchema, error.data)
    const status = error.statusCode ?? error.response?.status ?? 0
    if (parsed.success) {
      const { message, errors, code, issues } = parsed.output
      return new ApiError(status, message, errors, code, issues, error.data)
    }
    if (status === 0 && !error.response && error.cause instanceof TypeError) {
      return new ApiError(0, networkErrorText(method), undefined, NETWORK_ERROR)
    }
    return new ApiError(status, status === 0 ? networkErrorText(method) : fallback)
  }
  return new ApiError(0, error instanceof Error ? error.message : fallback)
}

/** Builds a client; the app uses the `api` instance below, tests build their own with a fake fetch. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const store = options.session ?? defaultSession
  const baseFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const boot = options.boot
  const raw: $Fetch = createFetch({
    // ofetch passes the URL it built (base, path and query) as a string.
    fetch: boot
      ? (input, init) => {
          if (typeof input !== 'string') return baseFetch(input, init)
          boot.note(input, init)
          return boot.take(input, init) ?? baseFetch(input, init)
        }
      : baseFetch,
    defaults: { baseURL: options.baseURL ?? '', retry: 0 },
  })
  const locks = options.locks === undefined ? browserLocks() : options.locks
  const signal = (error?: unknown) =>
    options.onConnection?.(error !== undefined && isNetworkError(error) ? 'failed' : 'answered')
  let refreshing: Promise<string> | null = null

  /**
   * Refresh unless another tab already did: tabs share the stored tokens, so inside the cross-tab
   * lock a stored access token other than `rejected` (the one that got the 401) is another tab's
   * fresh token and is used as is. Without this, two tabs would send the same refresh token and the
   * server would take the second for reuse (the server also has a short grace).
   */
  async function refreshTokens(rejected: string | null): Promise<string> {
    const run = async () => {
      const current = store.getAccessToken()
      if (current && current !== rejected) return current
      return rotate()
    }
    return locks ? locks.request(REFRESH_LOCK, run) : run()
  }

  async function rotate(): Promise<string> {
    const refreshToken = store.getRefreshToken()
    if (!refreshToken) {
      store.expire()
      throw new ApiError(401, 'Session expired. Please sign in again.')
    }
    let body: unknown
    try {
      body = await raw('/api/auth/refresh', { method: 'POST', body: { refreshToken } })
    } catch (error) {
      const apiError = toApiError(error, 'Request failed', 'POST')
      // A network failure says nothing about the tokens: keep them. A refusal ends the session.
      if (apiError.status !== 0) store.expire()
      throw apiError
    }
    const parsed = v.safeParse(RefreshResponseSchema, body)
    if (!parsed.success) {
      store.expire()
      throw new ApiError(401, 'Session expired. Please sign in again.')
    }
    store.setTokens(parsed.output.tokens)
    return parsed.output.tokens.accessToken
  }

  /** One refresh in flight per tab: concurrent 401s all await the same promise. */
  function refreshOnce(rejected: string | null): Promise<string> {
    refreshing ??= refreshTokens(rejected).finally(() => {
      refreshing = null
    })
    return refreshing
  }

  async function request<S extends AnySchema>(method: Method, path: string, schema: S, opts: RequestOptions = {}) {
    const useAuth = opts.auth !== false
    const send = (token: string | null) =>
      raw(path, {
        method,
        query: opts.query,
        body: opts.body as BodyInit | Record<string, unknown> | undefined,
        signal: opts.signal,
        keepalive: opts.keepalive,
        headers: {
          ...(useAuth && token ? { Authorization: `Bearer ${token}` } : {}),
          ...(opts.version === undefined ? {} : { 'If-Match': etagOf(opts.version) }),
        },
      })

    const usedToken = useAuth ? store.getAccessToken() : null
    let body: unknown
    try {
      body = await send(usedToken)
    } catch (error) {
      const apiError = toApiError(error, 'Request failed', method)
      if (!useAuth || apiError.status !== 401) {
        signal(apiError)
        throw apiError
      }
      // If another call already refreshed since we sent, retry with its token instead of refreshing again.
      const current = store.getAccessToken()
      let token: string
      try {
        token = current && current !== usedToken ? current : await refreshOnce(usedToken)
        body = await send(token)
      } catch (retryError) {
        const retryApiError = toApiError(retryError, 'Request failed', method)
        signal(retryApiError)
        throw retryApiError
      }
    }
    signal()
    const parsed = v.safeParse(schema, body)
    if (!parsed.success) throw new ApiError(0, `Unexpected response from ${method} ${path}`)
    return parsed.output
  }

  return {
    request,
    get: (path, schema, opts) => request('GET', path, schema, opts),
    post: (path, body, schema, opts) => request('POST', path, schema, { ...opts, body }),
    put: (path, body, schema, opts) => request('PUT', path, schema, { ...opts, body }),
    del: (path, schema, opts) => request('DELETE', path, schema, opts),
    accessToken: async (rejected) => {
      const current = store.getAccessToken()
      return current && current !== rejected ? current : refreshOnce(rejected)
    },
  }
}

const connectionListeners = new Set<(signal: ConnectionSignal) => void>()

/**
 * Follows whether the app's requests get answers (the connection machine's input); returns the
 * unsubscribe. Tests' own clients pass `onConnection` instead.
 */
export function onApiConnection(listener: (signal: ConnectionSignal) => void): () => void {
  connectionListeners.add(listener)
  return () => void connectionListeners.delete(listener)
}

/** The app's client: same origin, tokens in localStorage, answers reported to `onApiConnection`. */
export const api: ApiClient = createApiClient({
  boot: bootRequests,
  onConnection: (signal) => connectionListeners.forEach((listener) => listener(signal)),
})
