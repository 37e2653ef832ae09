/**
 * E2E helpers: Debian's Chromium under playwright-core with the flags this machine needs, OTP
 * sign-in that reads the code from the mail the SMTP sink received (global-setup.ts), and
 * screenshots into .tmp/screenshots.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium, type Browser, type Page } from 'playwright-core'
import { expect } from 'vitest'
import { waitForOtp } from '../fixtures/mail-sign-in'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

/** A fresh Chromium with one 1440×900 page, the size the screenshots are taken at. */
export async function openBrowserPage(): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser()
  return { browser, page: await browser.newPage({ viewport: { width: 1440, height: 900 } }) }
}

/** The signed-in console's access token, as the SPA stores it. */
export function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('accessToken') ?? '')
}

/**
 * Calls the API with `token` as the bearer: JSON bodies as JSON, FormData as multipart. Expects a
 * 2xx answer (naming the call and its body otherwise) and returns the JSON body.
 */
export async function apiRequest<T = any>(
  baseUrl: string,
  token: string,
  method: string,
  apiPath: string,
  body?: object | FormData,
): Promise<T> {
  const isForm = body instanceof FormData
  const res = await fetch(`${baseUrl}${apiPath}`, {
    method,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
    },
  })
  const json = await res.json()
  expect(res.ok, `${method} ${apiPath}: ${res.status} ${JSON.stringify(json)}`).toBe(true)
  return json as T
}

/** GET an API path with the page's access token; expects 2xx and returns the JSON body. */
export async function apiGet<T = any>(page: Page, baseUrl: string, apiPath: string): Promise<T> {
  return apiRequest<T>(baseUrl, await accessToken(page), 'GET', apiPath)
}

/** Newest OTP mailed to `email` in `mailDir` (the SMTP sink's .eml files) since `after`, waiting up to 10 s for it. */
export const readOtpMail = (mailDir: string, email = 'admin@example.com', after = 0) =>
  waitForOtp(mailDir, email, after)

/** Sign in through the login screen (SPEC.md 2 "Login"), ending on the dashboard. */
export async function signInThroughUi(page: Page, baseUrl: string, mailDir: string, email = 'admin@example.com') {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Email Address').fill(email)
  const sentAt = Date.now() - 1000
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await page.getByText('Enter OTP to continue').waitFor()
  const code = await readOtpMail(mailDir, email, sentAt)
  const verify = page.getByRole('button', { name: 'Verify OTP' })
  await page
    .getByLabel(/OTP|code/i)
    .first()
    .fill(code.slice(0, 5))
  expect(await verify.isDisabled()).toBe(true)
  await page
    .getByLabel(/OTP|code/i)
    .first()
    .fill(code)
  await verify.click()
  await page.waitForURL(`${baseUrl}/`)
}

/**
 * Save what the viewport shows as .tmp/screenshots/{name}.png (for people to look at), once the
 * page's finite transitions and animations (a theme switch's colours, a dialog's entrance) have
 * finished; endless ones such as spinners are left running. The console scrolls inside its main
 * pane, so a full-page capture would tear the fixed sidebar.
 */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve(import.meta.dirname, '../../.tmp/screenshots')
  fs.mkdirSync(dir, { recursive: true })
  // getAnimations() brings styles up to date first, so a colour scheme just emulated has started its transitions.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  await page.screenshot({ path: path.join(dir, `${name}.png`) })
}

/** A JavaScript file a page loaded: its path, decoded text, gzip -9 size (bytes) and Content-Encoding. */
export interface LoadedScript {
  url: string
  text: string
  gzip9: number
  encoding: string | undefined
}

/** Records every JavaScript response of `page` from now on; `settled()` waits for their bodies. */
export function collectScripts(page: Page): { scripts: LoadedScript[]; settled: () => Promise<void> } {
  const scripts: LoadedScript[] = []
  const pending: Array<Promise<void>> = []
  page.on('response', (res) => {
    if (!(res.headers()['content-type'] ?? '').includes('javascript')) return
    pending.push(
      res.body().then((body) => {
        scripts.push({
          url: new URL(res.url()).pathname,
          text: body.toString('utf8'),
          gzip9: zlib.gzipSync(body, { level: 9 }).length,
          encoding: res.headers()['content-encoding'],
        })
      }),
    )
  })
  return { scripts, settled: async () => void (await Promise.all(pending)) }
}
