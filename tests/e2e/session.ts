/**
 * Signed-in pages without the login screen, so every test sets up what it needs and none depends
 * on another having signed in first. The global setup signs the admin in once through the API
 * (POST /api/auth/send-otp, the code from the mail the SMTP sink received, POST /api/auth/verify-otp) and provides the
 * token pair; a test opens a fresh browser context that starts with those tokens in localStorage,
 * as the console stores them (src/api/session.ts). The server allows 5 OTP sends per e-mail in 15
 * minutes, so only tests of signing in or out make sessions of their own (`signInByApi`).
 */
import type { Browser, Page } from 'playwright-core'
import type { TokenPair } from '../../src/api/schemas/auth'
import { signInByMail } from '../fixtures/mail-sign-in'

export type { TokenPair }

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin's session made once by the global setup. */
    adminTokens: TokenPair
  }
}

/** A new session for `email` through the API, the OTP read from the mail in `mailDir` (the SMTP sink). */
export function signInByApi(baseUrl: string, mailDir: string, email = 'admin@example.com'): Promise<TokenPair> {
  return signInByMail(baseUrl, mailDir, email)
}

/** A 1440×900 page in a new context of `browser` that is signed in with `tokens`; not yet navigated. */
export async function openSignedInPage(browser: Browser, tokens: TokenPair): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  await context.addInitScript(({ accessToken, refreshToken }) => {
    if (location.protocol !== 'http:') return // about:blank has no storage
    // Only the first document of the tab: a later sign-out must stay signed out on reload.
    if (sessionStorage.getItem('e2e-seeded')) return
    sessionStorage.setItem('e2e-seeded', '1')
    localStorage.setItem('accessToken', accessToken)
    localStorage.setItem('refreshToken', refreshToken)
  }, tokens)
  return context.newPage()
}
