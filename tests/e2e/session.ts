/**
 * Signed-in pages without the login screen, so every test sets up what it needs and none depends
 * on another having signed in first. The global setup signs the admin in once through the API
 * (POST /api/auth/send-otp, the code from the mail the SMTP sink received, POST /api/auth/verify-otp) and provides the
 * token pair; a test opens a fresh browser context that starts with those tokens in localStorage,
 * as the console stores them (src/api/session.ts). The server allows 5 OTP sends per address and
 * e-mail in 15 minutes, so only tests of signing in or out make sessions of their own (`signInByApi`).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest'
import { signAccessToken } from '../../server/services/access-token'
import type { TokenPair } from '../../src/api/schemas/auth'
import { signInByMail } from '../fixtures/mail-sign-in'
import { launchBrowser } from './browser'

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

/**
 * Registers the hooks of a suite whose tests each get a fresh signed-in page (call it inside a
 * `describe`): one Chromium for the suite; before each test a page signed in with the global
 * setup's admin tokens (`openSignedInPage`), resized to `viewport` (px, default 1400×900) and handed
 * to `onPage`; after each test its context is closed, after the suite the browser.
 */
export function signedInPagePerTest(onPage: (page: Page) => void, viewport = { width: 1400, height: 900 }): void {
  let browser: Browser | undefined
  let page: Page | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  beforeEach(async () => {
    if (!browser) throw new Error('signedInPagePerTest: the browser did not start')
    page = await openSignedInPage(browser, await adminTokens())
    await page.setViewportSize(viewport)
    onPage(page)
  })
  afterEach(async () => {
    await page?.context().close()
  })
  afterAll(async () => {
    await browser?.close()
  })
}

/**
 * An access token for `sub` signed with the e2e server's key (DATA_DIR/jwt-secret, or JWT_SECRET
 * when the run sets it), whose last OTP proof (`auth_time`) is `authTime`: a fresh one, so a test
 * of sensitive changes never meets the step-up dialog by chance however long the run has taken, or
 * an aged one, so a test meets it on purpose. `sid` ties it to a session (refresh-token family);
 * null for none. Valid 15 minutes, like any access token.
 */
export async function mintAccessToken(
  dataDir: string,
  claims: { sub: string; sid: string | null; authTime: Date | null },
): Promise<string> {
  const secret = process.env.JWT_SECRET
    ? new TextEncoder().encode(process.env.JWT_SECRET)
    : new Uint8Array(Buffer.from(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim(), 'base64url'))
  return signAccessToken(secret, claims.sub, new Date(), { sid: claims.sid, authTime: claims.authTime })
}

/**
 * The global setup's admin session with its access token signed again now (same `sub`, `sid` and
 * `auth_time`): a page opened late in a long run never starts with an expired one, which it would
 * refresh with the shared refresh token; a second page doing the same is refresh-token reuse, and
 * that ends the session for every test.
 */
export async function adminTokens(): Promise<TokenPair> {
  const tokens = inject('adminTokens')
  const { sub, sid, authTime } = accessClaims(tokens.accessToken)
  return {
    accessToken: await mintAccessToken(inject('dataDir'), { sub, sid, authTime }),
    refreshToken: tokens.refreshToken,
  }
}

/**
 * An access token of the global setup's admin session signed now, with a fresh OTP proof: for the
 * API calls a test makes besides its pages, valid however long the run has taken.
 */
export async function adminAccessToken(): Promise<string> {
  return (await freshAdminTokens(inject('dataDir'))).accessToken
}

/** The claims of an access token (`sub`, `sid`, `auth_time`), read without verifying it. */
export function accessClaims(token: string): { sub: string; sid: string | null; authTime: Date | null } {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as {
    sub: string
    sid?: string
    auth_time?: number
  }
  return {
    sub: payload.sub,
    sid: payload.sid ?? null,
    authTime: payload.auth_time === undefined ? null : new Date(payload.auth_time * 1000),
  }
}

/**
 * The global setup's admin session with an access token whose OTP proof is now: sensitive changes
 * (server/domain/sensitive-actions.ts) never meet the step-up dialog by chance, however long the
 * run has been going. The refresh token is the session's own.
 */
export async function freshAdminTokens(dataDir: string): Promise<TokenPair> {
  const tokens = inject('adminTokens')
  const { sub, sid } = accessClaims(tokens.accessToken)
  return {
    accessToken: await mintAccessToken(dataDir, { sub, sid, authTime: new Date() }),
    refreshToken: tokens.refreshToken,
  }
}

/**
 * Refuse the page's live event stream (GET /api/events). Playwright's 'networkidle' waits for no
 * request for 500 ms, and the console keeps that stream open for good; a test that waits for idle
 * refuses it, and the console retries it after 2, 4, 8… s (src/machines/live-events.machine.ts).
 */
export async function withoutLiveEvents(page: Page): Promise<void> {
  await page.route('**/api/events', (route) => route.abort())
}
