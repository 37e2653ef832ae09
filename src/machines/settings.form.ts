/**
 * Rules of the Settings forms (SPEC.md 2 "/settings", 5 "Settings", 8 "Sign-in and account"):
 * the profile's client check (the contract's own messages: 'Name is required', 'Email is
 * required', 'Please enter a valid email address'), the password form's check in SPEC.md 5's
 * order, the failure texts, and the banner colour rule. Pure; the machines call them.
 */
import * as v from 'valibot'
import { ApiError } from '../api/client'
import { errorText } from '../api/error-text'
import { MIN_PASSWORD_LENGTH, UpdateProfileRequestSchema } from '../api/schemas/auth'

/** The profile form's values, as typed. */
export type ProfileDraft = { name: string; email: string; phone: string }
/** Field messages of the profile form (client rules, or the server's 409 on the e-mail). */
export type ProfileFieldErrors = Partial<Record<keyof ProfileDraft, string>>

/** The first message per field of `draft` against the PUT /api/auth/profile contract; {} when it is valid. */
export function profileProblems(draft: ProfileDraft): ProfileFieldErrors {
  const result = v.safeParse(UpdateProfileRequestSchema, draft)
  if (result.success) return {}
  const errors: ProfileFieldErrors = {}
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as keyof ProfileDraft | undefined
    if (key && !errors[key]) errors[key] = issue.message
  }
  return errors
}

/** The password form's values; `current` is ignored for an admin without a password yet. */
export type PasswordDraft = { current: string; next: string; confirm: string }

export const PASSWORD_REQUIRED = 'All fields are required'
export const PASSWORDS_DIFFER = 'New passwords do not match'
export const PASSWORD_TOO_SHORT = `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`

/**
 * SPEC.md 5: every shown field is required, then 'New passwords do not match', then 'New password
 * must be at least 6 characters long'. Null when the form may be sent.
 */
export function passwordProblem(d: PasswordDraft, hasPassword: boolean): string | null {
  if ((hasPassword && !d.current) || !d.next || !d.confirm) return PASSWORD_REQUIRED
  if (d.next !== d.confirm) return PASSWORDS_DIFFER
  if (d.next.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT
  return null
}

/**
 * The fields the password form's `banner` is about, to mark them invalid: the empty ones for
 * PASSWORD_REQUIRED, Confirm for PASSWORDS_DIFFER, New for PASSWORD_TOO_SHORT; none for any
 * other text (the server's answer, a success).
 */
export function passwordProblemFields(
  banner: string | null,
  d: PasswordDraft,
  hasPassword: boolean,
): Array<keyof PasswordDraft> {
  if (banner === PASSWORD_REQUIRED) {
    const shown: Array<keyof PasswordDraft> = hasPassword ? ['current', 'next', 'confirm'] : ['next', 'confirm']
    return shown.filter((field) => !d[field])
  }
  if (banner === PASSWORDS_DIFFER) return ['confirm']
  if (banner === PASSWORD_TOO_SHORT) return ['next']
  return []
}

/**
 * SPEC.md 8: the server's message when it answered, `fallback` when it answered without one, and
 * `exception` when no answer came (network failure, unexpected response).
 */
export function accountFailure(error: unknown, fallback: string, exception: string): string {
  return error instanceof ApiError && error.status !== 0 ? errorText(error, fallback) : exception
}

/** SPEC.md 2: a banner is green when its text contains 'successfully', else red. */
export const bannerTone = (text: string): 'success' | 'error' => (text.includes('successfully') ? 'success' : 'error')
