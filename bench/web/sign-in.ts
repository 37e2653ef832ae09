/** Signs the bootstrap admin in through the API (send-otp, the code from DATA_DIR/outbox, verify-otp), and signed-in browser contexts. */
import path from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import type { TokenPair } from '../../src/api/schemas/auth'
import { signInByMail } from '../../tests/fixtures/mail-sign-in'

/** Access and refresh token of `email` (an active admin) on the console at `baseUrl`. */
export function signInByApi(baseUrl: string, dataDir: string, email = 'admin@example.com'): Promise<TokenPair> {
  return signInByMail(baseUrl, path.join(dataDir, 'outbox'), email)
}

/**
 * A 1440×900 context of `browser` signed in with `tokens` (in localStorage, as the console stores
 * them), with `initScript` run in every page before the page's own scripts.
 */
export async function signedInContext(
  browser: Browser,
  tokens: TokenPair,
  initScript?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  await context.addInitScript(
    Object.entries(tokens)
      .map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)})`)
      .join(';'),
  )
  if (initScript) await context.addInitScript(initScript)
  return context
}
