/**
 * Errors by field, the one way every form gets them: from the contract's schema before a request
 * (the same valibot rules the server runs) and from the server's 400 `issues` after one. A field
 * is the last key of an issue's path ('bankDetails.ifscCode' → 'ifscCode') when the form has it;
 * anything else goes to `form`. Messages are the schema's own text: never a path.
 */
import * as v from 'valibot'
import { ApiError } from './client'
import { errorText } from './error-text'
import type { FieldIssue } from './schemas/common'

/** Messages by field (the first per field), and `form` for those that name no field of the form. */
export type FieldErrors<F extends string = string> = Partial<Record<F | 'form', string>>

/** `issues` ({ path, message }) under the form's `fields`; several form-level messages are joined by '\n'. */
export function issueErrors<F extends string>(issues: readonly FieldIssue[], fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {}
  for (const { path, message } of issues) {
    const key = path.split('.').at(-1) as F | undefined
    if (key && fields.includes(key)) errors[key] ??= message
    else errors.form = errors.form ? `${errors.form}\n${message}` : message
  }
  return errors
}

/** The contract's messages for `value` against `schema`, by field; {} when the server would take it. */
export function schemaErrors<F extends string>(
  schema: v.GenericSchema,
  value: unknown,
  fields: readonly F[],
): FieldErrors<F> {
  const result = v.safeParse(schema, value)
  if (result.success) return {}
  return issueErrors(
    result.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message })),
    fields,
  )
}

/** The server's refusal by field (its 400 `issues`), else the reason (or `fallback`) on the form. */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
): FieldErrors<F> {
  if (error instanceof ApiError && error.issues?.length) return issueErrors(error.issues, fields)
  return { form: errorText(error, fallback) } as FieldErrors<F>
}

/** Whether `errors` holds any message. */
export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean)
