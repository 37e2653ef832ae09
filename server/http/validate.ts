/**
 * Request validation with valibot (the contract schemas from src/api/schemas). On failure the
 * request is answered 400 with `{ success: false, message, errors }`, where each error names
 * the field: `price: Price must be at least 0`. JSON, query and params go through `validate`
 * (middleware); multipart bodies (files and text fields) through `parseMultipart`.
 */
import { vValidator } from '@hono/valibot-validator'
import type { Context, ValidationTargets } from 'hono'
import * as v from 'valibot'
import type { ErrorBody } from '../../src/api/schemas/common'
import { badRequest } from './errors'

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
      return c.json({ success: false, message: errors[0] ?? 'Invalid request', errors } satisfies ErrorBody, 400)
    }
  })
}

/**
 * The multipart body of `c` (`parseBody({ all: true })`: repeated fields as arrays) parsed
 * against the contract's `schema`; throws 400 `{ success: false, message, errors }` otherwise.
 */
export async function parseMultipart<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, await c.req.parseBody({ all: true }))
  if (parsed.success) return parsed.output
  const errors = formatIssues(parsed.issues)
  throw badRequest(errors[0], errors)
}
