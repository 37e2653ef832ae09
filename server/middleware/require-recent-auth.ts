/**
 * Step-up ("sudo mode"): a sensitive action (domain/sensitive-actions.ts, the one table of them)
 * needs an OTP proof of the signed-in admin younger than `maxAgeSeconds` (the access token's
 * `auth_time`, OpenID Connect Core 1.0 §2, set at sign-in and by POST /api/auth/step-up/verify).
 * Otherwise 403 with `code: 'step_up_required'`, on which the client asks for a fresh code and
 * retries (decision 010). Runs after requireAdmin (reads `auth`).
 */
import type { Context } from 'hono'
import { STEP_UP_MAX_AGE_SECONDS, STEP_UP_REQUIRED } from '../../src/api/schemas/step-up'
import type { AppEnv } from '../deps'
import { stepUpMessage, type SensitiveActionId, type StepUpCheck } from '../domain/sensitive-actions'
import { ApiError } from '../http/errors'

/**
 * Throws the step-up 403 unless the request's last OTP proof is at most `maxAgeSeconds` old at
 * `now`. `action` names the row of the sensitive-action table the caller is about to perform; the
 * answer's message names it ('Changing commission needs a fresh confirmation: …').
 */
export function assertStepUp(
  c: Context<AppEnv>,
  now: Date,
  action: SensitiveActionId,
  maxAgeSeconds = STEP_UP_MAX_AGE_SECONDS,
): void {
  const authTime = c.get('auth')?.authTime
  if (!authTime || now.getTime() - authTime.getTime() > maxAgeSeconds * 1000) {
    throw new ApiError(403, stepUpMessage(action), undefined, STEP_UP_REQUIRED)
  }
}

/** The step-up check of one request, for the queries that decide from stored rows what a write is. */
export const stepUpCheckOf =
  (c: Context<AppEnv>, now: () => Date): StepUpCheck =>
  (action) =>
    assertStepUp(c, now(), action)
