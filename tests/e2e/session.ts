/**
 * Signed-in pages without the login screen, so every test sets up what it needs and none depends
 * on another having signed in first. The global setup signs the admin in once through the API
 * (POST /api/auth/send-otp, the code from the mail the SMTP sink received, POST /api/auth/verify-otp) and provides the
 * token pair; a test opens a fresh browser context that starts with those tokens in localStorage,
 * as the console stores them (src/api/session.ts). The server allows 5 OTP sends per e-mail in 15
 * minutes, so only tests of signing in or out make sessions of their own (`signInByApi`).
 */
import type { Browser, Page } from 'playwright-core'
import { readOtpMail } from './browser'

/** The pair POST /api/auth/verify-otp answers (SPEC.md 7). */
export interface TokenPair {
  accessToken: string
  refreshToken: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin's session made once by the global setup. */
    adminTokens: TokenPair
  }
}

async function post<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = await res.json()
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`)
  return json as T
}

/** A new session for `email` through the API, the OTP read from the mail in `mailDir` (the SMTP sink). */
export async function signInByApi(baseUrl: string, mailDir: string, email = 'admin@example.com'): Promise<TokenPair> {
  const sentAt = Date.now() - 1000
  const { sessionToken } = await post<{ sessionToken: string }>(baseUrl, '/api/auth/send-otp', { email })
  const otp = await readOtpMail(mailDir, email, sentAt)
  const { tokens } = await post<{ tokens: TokenPair }>(baseUrl, '/api/auth/verify-otp', { email, otp, sessionToken })
  return tokens
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
