/**
 * Boot requests: the GETs a signed-in cold load makes before its first screen shows (the profile
 * and the screen's first page), sent by index.html's inline script (scripts/route-preload.ts) with
 * the stored access token while the scripts download, and handed to the API client when it asks
 * for the same URL with the same token. Each address remembers the URLs its last cold load asked
 * for (`save`), so the next cold load of it sends them at once, beside the route's defaults when
 * the address has no query string. A response nobody asks for is dropped (GETs change nothing), and one sent with
 * another token (a tab refreshed meanwhile) is not used: the client sends its own request.
 */
import { browserStorage, type KeyValueStorage } from './key-value-storage.ts'

/** localStorage key of the remembered URLs: `{ [pathname + search]: string[] }`, oldest address first. */
export const BOOT_REQUESTS_KEY = 'bootRequests'
/** Addresses remembered; the least recently loaded is forgotten first. */
export const MAX_BOOT_ADDRESSES = 20
/** URLs remembered per address. */
export const MAX_BOOT_URLS = 8

/** What the inline script left on `window.__bootRequests`: the token it sent and each URL's response. */
export interface PendingBootRequests {
  token: string
  responses: Record<string, Promise<Response>>
}

declare global {
  interface Window {
    __bootRequests?: PendingBootRequests
  }
}

/** The client's side: take a sent response, note what a cold load asks for, and save it for its address. */
export interface BootRequests {
  /** The response sent early for a GET of `url` carrying the same bearer token, once; undefined otherwise. */
  take(url: string, init?: RequestInit): Promise<Response> | undefined
  /** Notes an authenticated GET of `url` while the cold load is still being recorded. */
  note(url: string, init?: RequestInit): void
  /** Stops recording and remembers the noted URLs for `address` (pathname + search). */
  save(address: string): void
}

type Remembered = Record<string, string[]>

const isGet = (init?: RequestInit) => (init?.method ?? 'GET').toUpperCase() === 'GET'
const authorizationOf = (init?: RequestInit) => new Headers(init?.headers).get('authorization')

/** `response`, or an AbortError as soon as `signal` aborts (fetch's own behaviour for an aborted request). */
function abortable(response: Promise<Response>, signal?: AbortSignal | null): Promise<Response> {
  if (!signal) return response
  if (signal.aborted) return Promise.reject(signal.reason as Error)
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error)
    signal.addEventListener('abort', onAbort, { once: true })
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** The remembered map, or an empty one when the stored text is missing or not of that shape. */
export function readRemembered(storage: KeyValueStorage): Remembered {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(BOOT_REQUESTS_KEY) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    const out: Remembered = {}
    for (const [address, urls] of Object.entries(parsed)) {
      if (Array.isArray(urls) && urls.every((u) => typeof u === 'string')) out[address] = urls as string[]
    }
    return out
  } catch {
    return {}
  }
}

/** Boot requests over `storage`, taking from `pending` (what the inline script sent; undefined when it sent none). */
export function createBootRequests(storage: KeyValueStorage, pending: PendingBootRequests | undefined): BootRequests {
  let noted: string[] | null = []
  return {
    take(url, init) {
      if (!pending || !Object.hasOwn(pending.responses, url)) return undefined
      if (!isGet(init) || authorizationOf(init) !== `Bearer ${pending.token}`) return undefined
      const response = pending.responses[url]
      // Taken once: what is left on the page is what nobody asked for.
      delete pending.responses[url]
      return abortable(response, init?.signal)
    },
    note(url, init) {
      if (!noted || !isGet(init) || !authorizationOf(init) || noted.includes(url)) return
      if (url.startsWith('/api/') && noted.length < MAX_BOOT_URLS) noted.push(url)
    },
    save(address) {
      const urls = noted
      noted = null
      if (!urls) return
      const remembered = readRemembered(storage)
      delete remembered[address]
      if (urls.length > 0) remembered[address] = urls
      const addresses = Object.keys(remembered)
      for (const old of addresses.slice(0, Math.max(0, addresses.length - MAX_BOOT_ADDRESSES))) delete remembered[old]
      try {
        storage.setItem(BOOT_REQUESTS_KEY, JSON.stringify(remembered))
      } catch {
        // A full or refused storage only costs the next cold load its head start.
      }
    },
  }
}

/** The app's boot requests: localStorage, and what this page's inline script sent. */
export const bootRequests: BootRequests = createBootRequests(
  browserStorage(),
  typeof window === 'undefined' ? undefined : window.__bootRequests,
)
