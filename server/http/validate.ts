/**
 * Request validation with valibot (the contract schemas from src/api/schemas). On failure the
 * request is answered 400 with `{ success: false, message, errors, issues }`: the messages as a
 * person reads them ('Price must be at least 0') and, in `issues`, each with the field it refuses
 * (`{ path: 'price', message }`), so a form shows it under that field and no one sees a path.
 * JSON, query and params go through `validate` (middleware); multipart bodies (files and text
 * fields) through `parseMultipart`.
 */
import { vValidator } from '@hono/valibot-validator'
import type { Context, ValidationTargets } from 'hono'
import { resolver, uniqueSymbol } from 'hono-openapi'
import * as v from 'valibot'
import type { ErrorBody, FieldIssue } from '../../src/api/schemas/common'
import { invalidInput } from './errors'

/** Valibot issues as the contract's field issues: the dot path ('' for the whole body) and the message. */
export function fieldIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  return issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }))
}

/** The messages of valibot issues, for a person: no field paths (fieldIssues has them). */
export function formatIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => issue.message)
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
      const issues = fieldIssues(result.issues)
      const errors = issues.map((i) => i.message)
      return c.json(
        { success: false, message: errors[0] ?? 'Invalid request', errors, issues } satisfies ErrorBody,
        400,
      )
    }
  })
  return Object.assign(middleware, {
    [uniqueSymbol]: { target, ...resolver(schema, OPENAPI_SCHEMA_OPTIONS), options: OPENAPI_SCHEMA_OPTIONS },
  })
}

/**
 * The multipart body of `c` (`parseBody({ all: true })`: repeated fields as arrays) parsed
 * against the contract's `schema`; throws 400 `{ success: false, message, errors, issues }` otherwise.
 */
export async function parseMultipart<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, await c.req.parseBody({ all: true }))
  if (parsed.success) return parsed.output
  throw invalidInput(fieldIssues(parsed.issues))
}
