/**
 * Field builders shared by the request schemas of the contract (projects, users, ...): the
 * strict-object message and the bounded number field. Pure valibot, imports only its siblings.
 */
import * as v from 'valibot'
import { coerceNumber } from './normalise'

/** Strict-object message: names an unknown field, or the missing required one. */
export function strictMessage(required: Record<string, string>) {
  return (issue: v.StrictObjectIssue) => {
    const key = v.getDotPath(issue) ?? String(issue.input)
    if (issue.expected === 'never') return `Unknown field: ${key}`
    return required[key] ?? `${key} is required`
  }
}

/**
 * A number or numeric string within [min, max] with at most 2 decimals (rupees, percent, stars;
 * 1e-300 would underflow the database's real); `integer` for counts and days. The number branch
 * carries the bounds itself, so the OpenAPI document states them; a string is coerced first.
 */
export function numberField(label: string, min: number, max = Number.MAX_SAFE_INTEGER, integer = false) {
  const whole = () => v.check((n: number) => !integer || Number.isInteger(n), `${label} must be a whole number`)
  const cents = () =>
    v.check((n: number) => {
      const hundredths = n * 100
      return Math.abs(hundredths - Math.round(hundredths)) < 1e-6 && (n === 0 || Math.round(hundredths) !== 0)
    }, `${label} can have at most 2 decimals`)
  const atLeast = () => v.minValue<number, number, string>(min, `${label} must be at least ${min}`)
  const atMost = () => v.maxValue<number, number, string>(max, `${label} cannot exceed ${max}`)
  const number = integer
    ? v.pipe(v.number(`${label} must be a number`), v.integer(`${label} must be a whole number`), atLeast(), atMost())
    : v.pipe(v.number(`${label} must be a number`), atLeast(), atMost(), cents())
  return v.union(
    [
      number,
      v.pipe(
        v.string(),
        v.transform((input) => coerceNumber(input)),
        v.check((n) => Number.isFinite(n), `${label} must be a number`),
        whole(),
        atLeast(),
        atMost(),
        cents(),
      ),
    ],
    `${label} must be a number`,
  )
}
