/**
 * Auth and profile contract (SPEC.md 3 "Admin", "Token pair"; SPEC.md 7 "Authentication and
 * profile"). Request schemas are strict: unknown fields are rejected.
 */
import * as v from 'valibot'
import { EmailSchema, noControlChars, textSchema } from './common'

export const OTP_LENGTH = 6
export const OTP_RESEND_SECONDS = 60
export const MIN_PASSWORD_LENGTH = 6
/** Longest token accepted in a body (characters): JWTs and refresh tokens are far shorter. */
export const TOKEN_MAX = 4096

/**
 * Message for a strict request object's own issues: a missing key reads '{Label} is required'
 * (valibot would say 'Invalid key: Expected "name" but received undefined'), an extra key
 * 'Unknown field: {key}', a non-object 'Request body must be a JSON object'.
 */
function bodyMessage(labels: Record<string, string>) {
  return (issue: v.StrictObjectIssue) => {
    const key = issue.expected.replace(/^"|"$/g, '')
    if (issue.expected === 'never') return `Unknown field: ${issue.received.replace(/^"|"$/g, '')}`
    if (issue.expected === 'Object') return 'Request body must be a JSON object'
    return `${labels[key] ?? key} is required`
  }
}

export const SendOtpRequestSchema = v.strictObject({ email: EmailSchema }, bodyMessage({ email: 'Email' }))
export const SendOtpResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  sessionToken: v.string(),
})

export const VerifyOtpRequestSchema = v.strictObject(
  {
    email: EmailSchema,
    otp: v.pipe(v.string('OTP is required'), v.trim(), v.regex(/^\d{6}$/, 'OTP must be 6 digits')),
    sessionToken: v.pipe(
      v.string('Session token is required'),
      v.nonEmpty('Session token is required'),
      v.maxLength(TOKEN_MAX, 'Invalid session token'),
      noControlChars('Session token'),
    ),
  },
  bodyMessage({ email: 'Email', otp: 'OTP', sessionToken: 'Session token' }),
)

export const AdminSchema = v.object({
  _id: v.string(),
  name: v.string(),
  email: v.string(),
  phone: v.nullish(v.string(), ''),
  role: v.string(),
  /** False for an admin who signs in by OTP only and has never set a password (Settings hides Current Password). */
  hasPassword: v.optional(v.boolean(), false),
})
export type Admin = v.InferOutput<typeof AdminSchema>

export const TokenPairSchema = v.object({ accessToken: v.string(), refreshToken: v.string() })
export type TokenPair = v.InferOutput<typeof TokenPairSchema>

export const VerifyOtpResponseSchema = v.object({
  success: v.literal(true),
  admin: AdminSchema,
  tokens: TokenPairSchema,
})

export const RefreshRequestSchema = v.strictObject(
  {
    refreshToken: v.pipe(
      v.string('Refresh token is required'),
      v.nonEmpty('Refresh token is required'),
      v.maxLength(TOKEN_MAX, 'Invalid refresh token'),
      noControlChars('Refresh token'),
    ),
  },
  bodyMessage({ refreshToken: 'Refresh token' }),
)
export const RefreshResponseSchema = v.object({ success: v.literal(true), tokens: TokenPairSchema })

export const ProfileResponseSchema = v.object({ success: v.literal(true), admin: AdminSchema })

export const UpdateProfileRequestSchema = v.strictObject(
  {
    name: v.pipe(textSchema('Name', 120, { typeMessage: 'Name is required' }), v.nonEmpty('Name is required')),
    email: EmailSchema,
    phone: v.optional(textSchema('Phone', 20), ''),
  },
  bodyMessage({ name: 'Name', email: 'Email' }),
)
export const UpdateProfileResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  user: AdminSchema,
})

export const ChangePasswordRequestSchema = v.strictObject(
  {
    currentPassword: v.optional(
      v.pipe(v.string('Current password must be text'), v.maxLength(200, 'Current password is incorrect')),
      '',
    ),
    newPassword: v.pipe(
      v.string('New password is required'),
      v.minLength(MIN_PASSWORD_LENGTH, 'New password must be at least 6 characters long'),
      v.maxLength(200, 'New password cannot exceed 200 characters'),
      noControlChars('New password'),
    ),
  },
  bodyMessage({ newPassword: 'New password' }),
)
export const MessageResponseSchema = v.object({ success: v.literal(true), message: v.string() })

/**
 * One signed-in session of the admin: a refresh-token family, from the sign-in
 * that started it to its latest rotation. `_id` is the family id; `current` marks the session of the
 * request; `device` is a readable browser and OS from the user agent ('Chrome 131 on Linux').
 */
export const SessionSchema = v.object({
  _id: v.string(),
  device: v.string(),
  userAgent: v.string(),
  ip: v.string(),
  signedInAt: v.string(),
  lastUsedAt: v.string(),
  current: v.boolean(),
})
export type Session = v.InferOutput<typeof SessionSchema>
/** GET /api/auth/sessions: the admin's active sessions, the current one first, then by last use. */
export const SessionListResponseSchema = v.object({ success: v.literal(true), sessions: v.array(SessionSchema) })
/** DELETE /api/auth/sessions/{id} and POST /api/auth/sessions/revoke-others: how many sessions were signed out. */
export const SessionRevokeResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  revoked: v.number(),
})
