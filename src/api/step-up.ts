/**
 * Step-up calls (server/routes/step-up.routes.ts): a fresh code to the
 * signed-in admin's e-mail, and its verification, which stores the new access token (fresh
 * `auth_time`, same session). Errors are ApiErrors with the server's message.
 */
import { api, type ApiClient } from './client'
import { session as defaultSession, type SessionStore } from './session'
import { StepUpSendResponseSchema, StepUpVerifyResponseSchema } from './schemas/step-up'

/** The step-up calls over a client and a session, so tests can swap both. */
export function createStepUpApi(client: ApiClient = api, store: SessionStore = defaultSession) {
  return {
    /** POST /api/auth/step-up/send-otp → the sessionToken to verify with, and the message to show. */
    async sendCode(): Promise<{ sessionToken: string; message: string }> {
      const res = await client.post('/api/auth/step-up/send-otp', undefined, StepUpSendResponseSchema)
      return { sessionToken: res.sessionToken, message: res.message }
    },
    /** POST /api/auth/step-up/verify; stores the returned access token. */
    async verifyCode(input: { otp: string; sessionToken: string }): Promise<void> {
      const res = await client.post('/api/auth/step-up/verify', input, StepUpVerifyResponseSchema)
      store.setAccessToken(res.accessToken)
    },
  }
}

export const stepUpApi = createStepUpApi()
