/**
 * Shared pieces of the API contract (valibot), used by the client to parse responses and by the
 * server to validate requests.
 */
import * as v from 'valibot'

/**
 * `{ success: false, message, errors?, code? }`: every error body (DESIGN.md). `code` is a
 * machine-readable reason the client acts on: 'step_up_required' (confirm with a fresh OTP).
 */
export const ErrorBodySchema = v.object({
  success: v.literal(false),
  message: v.string(),
  errors: v.optional(v.array(v.string())),
  code: v.optional(v.string()),
})
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>

/** `GET /api/health`: the process answers (DESIGN.md). */
export const HealthResponseSchema = v.object({ success: v.literal(true), status: v.literal('ok') })

/** An id path parameter (UUID). */
export const IdParamSchema = v.object({ id: v.pipe(v.string(), v.uuid('Invalid id')) })

/** ISO-8601 timestamp string as sent by the server. */
export const IsoDateSchema = v.string()

/** A trimmed, lower-cased e-mail address. */
export const EmailSchema = v.pipe(
  v.string('Email is required'),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.email('Please enter a valid email address'),
  v.toLowerCase(),
)
