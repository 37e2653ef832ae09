/**
 * Access tokens for API tests that belong to a real session: a refresh-token family is stored for
 * the admin first, so requireAdmin's live-session check (services/live-sessions.ts) finds
 * it, exactly as for a token from verify-otp. `authTime` is when the OTP was last proved (step-up).
 */
import { randomUUID } from 'node:crypto'
import { signAccessToken } from '../../server/services/access-token'
import { issueRefreshToken } from '../../server/services/refresh-tokens'
import type { TestContext } from './harness'

/** A signed access token of `userId` in a new live session whose OTP proof is at `authTime` (default: now). */
export async function sessionToken(ctx: TestContext, userId: string, authTime: Date = ctx.deps.now()): Promise<string> {
  const familyId = randomUUID()
  await issueRefreshToken(ctx.database.db, userId, ctx.deps.now(), { familyId, authTime, userAgent: 'vitest', ip: '' })
  return signAccessToken(ctx.deps.jwtSecret, userId, ctx.deps.now(), { sid: familyId, authTime })
}
