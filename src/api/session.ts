/**
 * Token storage (SPEC.md 6: tokens kept in browser storage) and the "session ended" signal.
 * The API client writes tokens here and calls `expire()` when a refresh fails; the auth machine
 * subscribes with `onExpired` and signs the user out. Beside the tokens, the signed-in admin's
 * profile as last answered, so a reload can show the console before the profile is fetched again.
 */
import * as v from 'valibot'
import { AdminSchema, type Admin, type TokenPair } from './schemas/auth'
import { BOOT_REQUESTS_KEY } from './boot-requests'
import { browserStorage, type KeyValueStorage } from './key-value-storage'

export { createMemoryStorage, type KeyValueStorage } from './key-value-storage'

/** Token store plus an expiry event. */
export interface SessionStore {
  getAccessToken(): string | null
  getRefreshToken(): string | null
  setTokens(tokens: TokenPair): void
  /** Replaces the access token only (a step-up answers a new one for the same session). */
  setAccessToken(accessToken: string): void
  /** The admin's profile as last answered, when tokens are stored too; null otherwise or when unreadable. */
  getAdmin(): Admin | null
  setAdmin(admin: Admin): void
  /** Forgets the tokens, the profile and the addresses of the last cold loads (src/api/boot-requests.ts). */
  clear(): void
  /** Clears the tokens and tells every `onExpired` listener that the session is over. */
  expire(): void
  /** Registers a listener for `expire()`; returns the unsubscribe function. */
  onExpired(listener: () => void): () => void
}

const ACCESS_KEY = 'accessToken'
const REFRESH_KEY = 'refreshToken'
const ADMIN_KEY = 'admin'

/** The stored profile: JSON text of an Admin (anything else reads as none). */
const StoredAdminSchema = v.pipe(v.string(), v.parseJson(), AdminSchema)

/** A session store over any KeyValueStorage. */
export function createSessionStore(storage: KeyValueStorage): SessionStore {
  const listeners = new Set<() => void>()
  const clear = () => {
    storage.removeItem(ACCESS_KEY)
    storage.removeItem(REFRESH_KEY)
    storage.removeItem(ADMIN_KEY)
    // The addresses and searches of the last cold loads are the signed-in admin's too.
    storage.removeItem(BOOT_REQUESTS_KEY)
  }
  const getAdmin = (): Admin | null => {
    const stored = storage.getItem(ADMIN_KEY)
    if (!stored || !(storage.getItem(ACCESS_KEY) || storage.getItem(REFRESH_KEY))) return null
    const parsed = v.safeParse(StoredAdminSchema, stored)
    return parsed.success ? parsed.output : null
  }
  return {
    getAccessToken: () => storage.getItem(ACCESS_KEY),
    getRefreshToken: () => storage.getItem(REFRESH_KEY),
    setTokens(tokens) {
      storage.setItem(ACCESS_KEY, tokens.accessToken)
      storage.setItem(REFRESH_KEY, tokens.refreshToken)
    },
    setAccessToken: (accessToken) => storage.setItem(ACCESS_KEY, accessToken),
    getAdmin,
    setAdmin: (admin) => storage.setItem(ADMIN_KEY, JSON.stringify(admin)),
    clear,
    expire() {
      clear()
      for (const listener of [...listeners]) listener()
    },
    onExpired(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** The app's session: localStorage in the browser, memory elsewhere. */
export const session: SessionStore = createSessionStore(browserStorage())
