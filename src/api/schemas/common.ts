/**
 * Shared pieces of the API contract (valibot), used by the client to parse responses and by the
 * server to validate requests.
 */
import * as v from 'valibot'

/**
 * One refused input of a 400: `path` names the field the way the request nested it
 * ('bankDetails.ifscCode'; '' for the body as a whole), `message` is for a person and never
 * contains the path ('IFSC code must look like SBIN0001234 …'). Clients put it under that field.
 */
export const FieldIssueSchema = v.object({ path: v.string(), message: v.string() })
export type FieldIssue = v.InferOutput<typeof FieldIssueSchema>

/**
 * `{ success: false, message, errors?, issues?, code? }`: every error body (DESIGN.md). `message`
 * and `errors` are plain text for a person (no field paths); a refused input also lists `issues`
 * by field. `code` is a machine-readable reason the client acts on: 'step_up_required' (confirm
 * with a fresh OTP).
 */
export const ErrorBodySchema = v.object({
  success: v.literal(false),
  message: v.string(),
  errors: v.optional(v.array(v.string())),
  issues: v.optional(v.array(FieldIssueSchema)),
  code: v.optional(v.string()),
})
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>

/** `GET /api/health`: the process answers (DESIGN.md). */
export const HealthResponseSchema = v.object({ success: v.literal(true), status: v.literal('ok') })

/** One dependency's state in GET /api/ready: 'ok' or why it failed (no internals: a short reason). */
export const ReadyCheckSchema = v.picklist(['ok', 'unreachable', 'timeout'])

/**
 * GET /api/ready: 200 when the database and the storage answer, else 503 with
 * `success: false`, a message naming what is down and the same checks. For load balancers.
 */
export const ReadyResponseSchema = v.object({
  success: v.boolean(),
  status: v.picklist(['ready', 'unavailable']),
  message: v.optional(v.string()),
  checks: v.object({ database: ReadyCheckSchema, storage: ReadyCheckSchema }),
})

/** An id path parameter (UUID). */
export const IdParamSchema = v.object({ id: v.pipe(v.string(), v.uuid('Invalid id')) })

/**
 * Path parameters of a stored file (`/files/images/{projectId}/{file}`, `/files/reports/...`):
 * the project's id and a plain file name (the server names files `{uuid}.{ext}`).
 */
export const StoredFileParamSchema = v.object({
  projectId: v.pipe(v.string(), v.uuid('Invalid file path')),
  file: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}\.[a-z0-9]{1,10}$/, 'Invalid file path')),
})

/** ISO-8601 timestamp string as sent by the server. */
export const IsoDateSchema = v.string()

/**
 * C0 control characters and DEL that no text field accepts: NUL breaks PostgreSQL text ('invalid
 * byte sequence'), the others have no place in a console's data. Single-line text allows tab;
 * multi-line text (descriptions, notes, messages) also allows LF and CR.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u0008\u000A-\u001F\u007F]/
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/** A UTF-16 surrogate without its pair: no UTF-8 form, so the database refuses it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * valibot check refusing control characters in a string ('Title must not contain control
 * characters') and unpaired surrogates ('Title must be valid Unicode text'): `label` names the
 * field; `multiline` also allows LF and CR.
 */
export function noControlChars(label: string, multiline = false) {
  const pattern = multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE
  return v.check(
    (input: string) => !pattern.test(input) && !LONE_SURROGATE.test(input),
    (issue) =>
      LONE_SURROGATE.test(String(issue.input))
        ? `${label} must be valid Unicode text`
        : `${label} must not contain control characters`,
  )
}

/**
 * A trimmed text field of at most `max` characters (UTF-16 code units), without control
 * characters; `multiline` allows LF/CR; `typeMessage` answers a non-string. Empty is allowed.
 */
export function textSchema(label: string, max: number, options: { multiline?: boolean; typeMessage?: string } = {}) {
  return v.pipe(
    v.string(options.typeMessage ?? `${label} must be text`),
    noControlChars(label, options.multiline),
    v.trim(),
    v.maxLength(max, `${label} cannot exceed ${max} characters`),
  )
}

/** RFC 5321 §4.5.3.1.3: a forward-path is at most 256 octets including the angle brackets. */
export const EMAIL_MAX = 254

/** A trimmed, lower-cased e-mail address of at most EMAIL_MAX characters (RFC 5321). */
export const EmailSchema = v.pipe(
  v.string('Email is required'),
  noControlChars('Email'),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(EMAIL_MAX, `Email cannot exceed ${EMAIL_MAX} characters`),
  v.email('Please enter a valid email address'),
  v.toLowerCase(),
)
