/**
 * Step-up ("sudo mode", issue 8): a sensitive change needs an OTP proof of the signed-in admin
 * younger than `maxAgeSeconds` (the access token's `auth_time`, OpenID Connect Core 1.0 §2, set at
 * sign-in and by POST /api/auth/step-up/verify). Otherwise 403 with `code: 'step_up_required'`, on
 * which the client asks for a fresh code and retries. Runs after requireAdmin (reads `auth`).
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { STEP_UP_MAX_AGE_SECONDS, STEP_UP_REQUIRED } from '../../src/api/schemas/step-up'
import type { AppDeps, AppEnv } from '../deps'
import { ApiError } from '../http/errors'

export const STEP_UP_MESSAGE = 'Confirm it is you: enter the code we send to your e-mail to make this change.'

/** Throws the step-up 403 unless the request's last OTP proof is at most `maxAgeSeconds` old at `now`. */
export function assertRecentAuth(c: Context<AppEnv>, now: Date, maxAgeSeconds = STEP_UP_MAX_AGE_SECONDS): void {
  const authTime = c.get('auth')?.authTime
  if (!authTime || now.getTime() - authTime.getTime() > maxAgeSeconds * 1000) {
    throw new ApiError(403, STEP_UP_MESSAGE, undefined, STEP_UP_REQUIRED)
  }
}

/** Middleware form of assertRecentAuth, for routes that are sensitive as a whole. */
export function requireRecentAuth(deps: Pick<AppDeps, 'now'>, maxAgeSeconds = STEP_UP_MAX_AGE_SECONDS) {
  return createMiddleware<AppEnv>(async (c, next) => {
    assertRecentAuth(c, deps.now(), maxAgeSeconds)
    await next()
  })
}
