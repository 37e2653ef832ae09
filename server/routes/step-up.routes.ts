/**
 * /api/auth/step-up, behind requireAdmin: a fresh OTP for the signed-in admin
 * that renews the session's `auth_time` without a new session.
 * - POST /send-otp: a code to the admin's own e-mail (the sign-in send limits apply,
 *   domain/otp-limits.ts); answers the sessionToken to verify with.
 * - POST /verify `{ otp, sessionToken }`: checks the code like sign-in does (10 minutes, single
 *   use, 5 tries), sets the session's auth_time (every live token of its refresh family, so later
 *   refreshes keep it), audits `auth.step_up` and answers a new access token carrying it.
 * Errors: 400 'Invalid or expired OTP', 429 when too many codes were asked for.
 */
import { Hono, type Context } from 'hono'
import {
  StepUpSendResponseSchema,
  StepUpVerifyRequestSchema,
  StepUpVerifyResponseSchema,
} from '../../src/api/schemas/step-up'
import { audit } from '../db/queries/audit.queries'
import { setFamilyAuthTime } from '../db/queries/auth.queries'
import type { AppDeps, AppEnv } from '../deps'
import { clientIp } from '../http/client-ip'
import { badRequest } from '../http/errors'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { signAccessToken } from '../services/access-token'
import { consumeOtpChallenge, createOtpChallenge } from '../services/otp'
import { assertOtpSendAllowed } from '../services/rate-limit'

export function stepUpRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const ipOf = (c: Context) => clientIp(c, deps.env.TRUST_PROXY)

  app.post('/send-otp', async (c) => {
    const admin = c.get('admin')
    const now = deps.now()
    const ip = ipOf(c)
    await assertOtpSendAllowed(deps.db, admin.email, ip, now)
    const { sessionToken, code } = await createOtpChallenge(deps.db, deps.jwtSecret, {
      email: admin.email,
      userId: admin.id,
      ip,
      now,
    })
    await deps.mailer.send({
      to: admin.email,
      subject: 'Confirm your Admin Panel change',
      text:
        `Your Admin Panel confirmation code is ${code}\n\nIt is valid for 10 minutes and can be used once. ` +
        'If you did not ask for it, someone may be using your session: sign out everywhere.',
    })
    return ok(c, StepUpSendResponseSchema, {
      success: true,
      message: `A confirmation code has been sent to ${admin.email}.`,
      sessionToken,
    })
  })

  app.post('/verify', validate('json', StepUpVerifyRequestSchema), async (c) => {
    const admin = c.get('admin')
    const { sid } = c.get('auth')
    const now = deps.now()
    const userId = await consumeOtpChallenge(deps.db, deps.jwtSecret, {
      ...c.req.valid('json'),
      email: admin.email,
      now,
      ip: ipOf(c),
    })
    if (userId !== admin.id) throw badRequest('Invalid or expired OTP')
    await deps.db.transaction(async (tx) => {
      if (sid) await setFamilyAuthTime(tx, sid, now)
      await audit(tx, {
        actorId: admin.id,
        action: 'auth.step_up',
        entityType: 'user',
        entityId: admin.id,
        ip: ipOf(c),
      })
    })
    const accessToken = await signAccessToken(deps.jwtSecret, admin.id, now, { sid, authTime: now })
    return ok(c, StepUpVerifyResponseSchema, { success: true, message: 'Confirmed', accessToken })
  })
  return app
}
