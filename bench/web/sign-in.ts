/** Signs the bootstrap admin in through the API (send-otp, the code from DATA_DIR/outbox, verify-otp). */
import path from 'node:path'
import type { TokenPair } from '../../src/api/schemas/auth'
import { signInByMail } from '../../tests/fixtures/mail-sign-in'

/** Access and refresh token of `email` (an active admin) on the console at `baseUrl`. */
export function signInByApi(baseUrl: string, dataDir: string, email = 'admin@example.com'): Promise<TokenPair> {
  return signInByMail(baseUrl, path.join(dataDir, 'outbox'), email)
}
