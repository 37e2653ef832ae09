/**
 * /api/auth (SPEC.md 7 "Authentication and profile", 4, 8). Public: send-otp, verify-otp,
 * refresh, logout. Behind requireAdmin: profile and change-password (which signs out the admin's
 * other sessions). The OTP, token and password rules live in server/services (otp,
 * rate-limit, refresh-tokens, password); the sessions list in auth-sessions.routes.ts.
 */
import { Hono, type Context } from 'hono'
import {
  ChangePasswordRequestSchema,
  MessageResponseSchema,
  ProfileResponseSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  SendOtpRequestSchema,
  SendOtpResponseSchema,
  UpdateProfileRequestSchema,
  UpdateProfileResponseSchema,
  VerifyOtpRequestSchema,
  VerifyOtpResponseSchema,
} from '../../src/api/schemas/auth'
import { revokeUserFamilies } from '../db/queries/auth.queries'
import { findUserByEmail, findUserById, setPasswordHash, updateProfile } from '../db/queries/users.queries'
import type { AppDeps, AppEnv } from '../deps'
import { toAdmin } from '../domain/users'
import { badRequest, conflict, hasErrorCode } from '../http/errors'
import { clientIp } from '../http/client-ip'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { assertStepUp } from '../middleware/require-recent-auth'
import { signAccessToken } from '../services/access-token'
import { consumeOtpChallenge, createOtpChallenge } from '../services/otp'
import { hashPassword, verifyPassword } from '../services/password'
import { assertOtpSendAllowed } from '../services/rate-limit'
import { revokeRefreshToken, rotateRefreshToken, startSession } from '../services/refresh-tokens'

/** The same answer for every e-mail, admin or not, so the endpoint reveals nothing. */
export const OTP_SENT_MESSAGE = 'If this email belongs to an admin, an OTP has been sent.'
const INVALID_OTP = 'Invalid or expired OTP'
const EMAIL_TAKEN = 'This email is already used by another user'

/**
 * A failed delivery in a log line: nodemailer's codes only (`EMESSAGE DATA 554`), never its
 * message or `response`, which may quote the mail (and so the sign-in code) back.
 */
function mailFailure(error: unknown): string {
  const { code, command, responseCode } = (error ?? {}) as { code?: unknown; command?: unknown; responseCode?: unknown }
  const parts = [code, command, responseCode].filter((p) => typeof p === 'string' || typeof p === 'number')
  return parts.length ? parts.map((p) => String(p).slice(0, 20)).join(' ') : 'delivery error'
}

/** Public sign-in routes, mounted at /api/auth without the admin guard. */
export function authPublicRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const ipOf = (c: Context) => clientIp(c, deps.env.TRUST_PROXY)

  app.post('/send-otp', validate('json', SendOtpRequestSchema), async (c) => {
    const { email } = c.req.valid('json')
    const now = deps.now()
    const ip = ipOf(c)
    await assertOtpSendAllowed(deps.db, email, ip, now)
    const user = await findUserByEmail(deps.db, email)
    const eligible = user?.isActive && user.isAdmin ? user : null
    const { sessionToken, code } = await createOtpChallenge(deps.db, deps.jwtSecret, {
      email,
      userId: eligible?.id ?? null,
      ip,
      now,
    })
    if (eligible) {
      if (!deps.env.SMTP_URL && deps.env.LOG_LEVEL !== 'silent') {
        console.log(`[auth] sign-in code for ${email}: ${code} (mail written to the outbox)`)
      }
      // Not awaited: the answer must take as long for an admin as for an unknown e-mail, so mail
      // latency cannot reveal who is an admin. A failed delivery is logged; the admin asks again.
      deps.mailer
        .send({
          to: email,
          subject: 'Your Admin Panel sign-in code',
          text:
            `Your Admin Panel sign-in code is ${code}\n\nIt is valid for 10 minutes and can be used once. ` +
            'If you did not ask for it, ignore this mail.',
        })
        .catch((error: unknown) => console.error(`[auth] OTP mail to ${email} failed: ${mailFailure(error)}`))
    }
    return ok(c, SendOtpResponseSchema, { success: true, message: OTP_SENT_MESSAGE, sessionToken })
  })

  app.post('/verify-otp', validate('json', VerifyOtpRequestSchema), async (c) => {
    const now = deps.now()
    const userId = await consumeOtpChallenge(deps.db, deps.jwtSecret, { ...c.req.valid('json'), now, ip: ipOf(c) })
    const user = userId ? await findUserById(deps.db, userId) : undefined
    // Re-checked here: the admin may have been deactivated or demoted since the code was sent.
    if (!user?.isActive || !user.isAdmin) throw badRequest(INVALID_OTP)
    const ip = ipOf(c)
    const { refreshToken, session } = await startSession(
      deps.db,
      user.id,
      now,
      { actorId: user.id, action: 'auth.sign_in', entityType: 'user', entityId: user.id, ip },
      { userAgent: c.req.header('user-agent') ?? '', ip: ip === 'unknown' ? '' : ip },
    )
    const tokens = { accessToken: await signAccessToken(deps.jwtSecret, user.id, now, session), refreshToken }
    return ok(c, VerifyOtpResponseSchema, { success: true, admin: toAdmin(user), tokens })
  })

  app.post('/refresh', validate('json', RefreshRequestSchema), async (c) => {
    const now = deps.now()
    const { userId, refreshToken, session } = await rotateRefreshToken(
      deps.db,
      c.req.valid('json').refreshToken,
      now,
      ipOf(c),
    )
    const accessToken = await signAccessToken(deps.jwtSecret, userId, now, session)
    return ok(c, RefreshResponseSchema, { success: true, tokens: { accessToken, refreshToken } })
  })

  // Revokes the refresh token's family so a stolen copy dies with the session; unknown tokens are ignored.
  app.post('/logout', validate('json', RefreshRequestSchema), async (c) => {
    const familyId = await revokeRefreshToken(deps.db, c.req.valid('json').refreshToken, deps.now())
    if (familyId) deps.liveSessions.forget([familyId])
    return ok(c, MessageResponseSchema, { success: true, message: 'Signed out' })
  })
  return app
}

/** Profile and password routes, mounted at /api/auth behind requireAdmin. */
export function authProfileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const ipOf = (c: Context) => clientIp(c, deps.env.TRUST_PROXY)

  app.get('/profile', (c) => ok(c, ProfileResponseSchema, { success: true, admin: toAdmin(c.get('admin')) }))

  app.put('/profile', validate('json', UpdateProfileRequestSchema), async (c) => {
    const input = c.req.valid('json')
    const admin = c.get('admin')
    // A new e-mail moves where sign-in codes go: it needs a fresh OTP proof (step-up).
    if (input.email !== admin.email.toLowerCase()) assertStepUp(c, deps.now(), 'admin.email')
    const taken = await findUserByEmail(deps.db, input.email)
    if (taken && taken.id !== admin.id) throw conflict(EMAIL_TAKEN)
    try {
      const user = await updateProfile(deps.db, admin.id, input, deps.now(), (updated) => ({
        actorId: admin.id,
        action: 'auth.profile_update',
        entityType: 'user',
        entityId: admin.id,
        before: toAdmin(admin),
        after: toAdmin(updated),
        ip: ipOf(c),
      }))
      return ok(c, UpdateProfileResponseSchema, {
        success: true,
        message: 'Profile updated successfully!',
        user: toAdmin(user),
      })
    } catch (error) {
      // Another request took the e-mail between the check above and the update.
      if (hasErrorCode(error, '23505')) throw conflict(EMAIL_TAKEN)
      throw error
    }
  })

  app.put('/change-password', validate('json', ChangePasswordRequestSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json')
    const admin = c.get('admin')
    // Before the current password is checked: a stolen token must not even learn whether a guess is right.
    assertStepUp(c, deps.now(), 'password.set')
    // An OTP-only admin has no password yet: the first one needs no current password.
    if (admin.passwordHash && !(await verifyPassword(currentPassword, admin.passwordHash))) {
      throw badRequest('Current password is incorrect')
    }
    const passwordHash = await hashPassword(newPassword)
    const now = deps.now()
    await setPasswordHash(deps.db, admin.id, passwordHash, now, {
      actorId: admin.id,
      action: 'auth.password_change',
      entityType: 'user',
      entityId: admin.id,
      ip: ipOf(c),
    })
    // A new password ends every other session (a thief's included); this one stays signed in.
    deps.liveSessions.forget(await revokeUserFamilies(deps.db, admin.id, now, { except: c.get('auth').sid }))
    return ok(c, MessageResponseSchema, { success: true, message: 'Password changed successfully!' })
  })
  return app
}
