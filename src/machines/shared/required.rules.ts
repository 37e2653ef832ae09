/** Narrows a context value a state relies on; throws a clear error instead of a silent `!`. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is not known in this state`)
  return value
}
