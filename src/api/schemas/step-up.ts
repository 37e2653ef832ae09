/**
 * Step-up ("sudo mode"): sensitive changes (the admin's own e-mail; later a commission
 * configuration, a user's admin flag, bank details) need an OTP proof younger than
 * STEP_UP_MAX_AGE_SECONDS. Older sessions get 403 with `code: STEP_UP_REQUIRED`; the client then
 * sends a fresh code to the signed-in admin (POST /api/auth/step-up/send-otp), verifies it (POST
 * /api/auth/step-up/verify → a new access token with a fresh `auth_time`, same session) and retries.
 */
import * as v from 'valibot'

/** The error code of a 403 that asks for a fresh OTP (ErrorBodySchema.code). */
export const STEP_UP_REQUIRED = 'step_up_required'
/** How old the last OTP proof may be for a sensitive change: 15 minutes (as GitHub's sudo mode). */
export const STEP_UP_MAX_AGE_SECONDS = 15 * 60

export const StepUpSendResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  sessionToken: v.string(),
})

export const StepUpVerifyRequestSchema = v.strictObject(
  {
    otp: v.pipe(v.string('OTP is required'), v.trim(), v.regex(/^\d{6}$/, 'OTP must be 6 digits')),
    sessionToken: v.pipe(
      v.string('Session token is required'),
      v.nonEmpty('Session token is required'),
      v.maxLength(100),
    ),
  },
  (issue) =>
    issue.expected === 'never'
      ? `Unknown field: ${issue.received.replace(/^"|"$/g, '')}`
      : issue.expected === 'Object'
        ? 'Request body must be a JSON object'
        : `${issue.expected === '"otp"' ? 'OTP' : 'Session token'} is required`,
)

export const StepUpVerifyResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  accessToken: v.string(),
})
