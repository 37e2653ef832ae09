/**
 * Request validation with valibot (the contract schemas from src/api/schemas). On failure the
 * request is answered 400 with `{ success: false, message, errors }`, where each error names
 * the field: `price: Price must be at least 0`.
 */
import { vValidator } from '@hono/valibot-validator'
import type { ValidationTargets } from 'hono'
import * as v from 'valibot'

/** Format valibot issues as `path: message` lines. */
export function formatIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const dotPath = v.getDotPath(issue)
    return dotPath ? `${dotPath}: ${issue.message}` : issue.message
  })
}

/** Hono middleware validating `target` (json, query, param, form) against `schema`. */
export function validate<T extends keyof ValidationTargets, S extends v.GenericSchema | v.GenericSchemaAsync>(
  target: T,
  schema: S,
) {
  return vValidator(target, schema, (result, c) => {
    if (!result.success) {
      const errors = formatIssues(result.issues)
      return c.json({ success: false, message: errors[0] ?? 'Invalid request', errors }, 400)
    }
  })
}
