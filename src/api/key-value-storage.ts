/** Key-value storage for the client's session and boot requests: localStorage in a browser, memory elsewhere. */

/** Minimal Storage surface, so tests can pass a Map-backed fake instead of localStorage. */
export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Storage that forgets everything: used where no localStorage exists (node, SSR). */
export function createMemoryStorage(): KeyValueStorage {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

/** localStorage where it exists and may be used; memory otherwise. */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage
  } catch {
    // Access to localStorage can throw (privacy modes); fall through to memory.
  }
  return createMemoryStorage()
}
