/**
 * Typed success answers: `ok(c, ProjectResponseSchema, body)` sends `body` as JSON, and the
 * compiler checks it against the contract schema the client parses that answer with
 * (src/api/schemas), so the two sides cannot drift apart. The schema is not run at runtime.
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as v from 'valibot'

/** Answer `body` (the input shape of the response schema `_schema`) with `status` (default 200). */
export function ok<S extends v.GenericSchema>(
  c: Context,
  _schema: S,
  body: v.InferInput<S>,
  status: ContentfulStatusCode = 200,
): Response {
  return c.json(body as Record<string, unknown>, status)
}
