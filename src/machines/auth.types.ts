/** The auth machine's context and events, and the client-side e-mail check (SPEC.md 5 "Login"). */
import * as v from 'valibot'
import { SendOtpRequestSchema, type Admin } from '../api/schemas/auth'

export interface AuthContext {
  email: string
  code: string
  sessionToken: string | null
  /** Seconds until 'Resend OTP' is allowed; 0 = allowed. */
  resendIn: number
  admin: Admin | null
  error: string | null
  /** The client-side e-mail check's message (SPEC.md 5 "Login"), shown inline; no request is sent. */
  emailError: string | null
  /** Whether the OTP field shows its characters (the show/hide toggle). */
  codeVisible: boolean
}

/** What the machine starts from: the stored session's profile as last answered (src/api/session.ts), if any. */
export interface AuthInput {
  cachedAdmin: Admin | null
}

export type AuthEvent =
  | { type: 'email.change'; email: string }
  | { type: 'code.change'; code: string }
  | { type: 'otp.send' }
  | { type: 'otp.verify' }
  | { type: 'otp.resend' }
  | { type: 'email.back' }
  | { type: 'code.toggleVisibility' }
  | { type: 'session.expired' }
  | { type: 'session.signOut' }
  /** The signed-in admin changed (Settings saved the profile or a first password): header and sidebar show it at once. */
  | { type: 'admin.update'; admin: Admin }

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.'

/** The first issue of the e-mail against the send-otp contract ('Email is required', 'Please enter a valid email address'), or null. */
export function emailProblem(email: string): string | null {
  const result = v.safeParse(SendOtpRequestSchema, { email })
  return result.success ? null : result.issues[0].message
}
