/**
 * Request validation with valibot (the contract schemas from src/api/schemas). On failure the
 * request is answered 400 with `{ success: false, message, errors }`, where each error names
 * the field: `price: Price must be at least 0`. JSON, query and params go through `validate`
 * (middleware); multipart bodies (files and text fields) through `parseMultipart`.
 */
import { vValidator } from '@hono/valibot-validator'
import type { Context, ValidationTargets } from 'hono'
import { resolver, uniqueSymbol } from 'hono-openapi'
import * as v from 'valibot'
import type { ErrorBody } from '../../src/api/schemas/common'
import { badRequest } from './errors'

/**
 * Format valibot issues as `path: message` lines; a message that already ends with its field's
 * name ('Unknown field: role') is left as it is rather than 'role: Unknown field: role'.
 */
export function formatIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const dotPath = v.getDotPath(issue)
    if (!dotPath) return issue.message
    const key = dotPath.split('.').at(-1)!
    return issue.message.endsWith(`: ${key}`) ? issue.message : `${dotPath}: ${issue.message}`
  })
}

/**
 * The JSON Schema options for the OpenAPI document: describe what a client sends (a schema's
 * input side, before transforms), and skip what JSON Schema cannot say (checks, transforms).
 */
export const OPENAPI_SCHEMA_OPTIONS = { typeMode: 'input', errorMode: 'ignore' } as const

/**
 * Hono middleware validating `target` (json, query, param, form) against `schema`. The schema
 * is also recorded on the middleware (hono-openapi's marker) so server/openapi puts it in the
 * OpenAPI document as that route's request body or parameters.
 */
export function validate<T extends keyof ValidationTargets, S extends v.GenericSchema | v.GenericSchemaAsync>(
  target: T,
  schema: S,
) {
  const middleware = vValidator(target, schema, (result, c) => {
    if (!result.success) {
      const errors = formatIssues(result.issues)
      return c.json({ success: false, message: errors[0] ?? 'Invalid request', errors } satisfies ErrorBody, 400)
    }
  })
  return Object.assign(middleware, {
    [uniqueSymbol]: { target, ...resolver(schema, OPENAPI_SCHEMA_OPTIONS), options: OPENAPI_SCHEMA_OPTIONS },
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
