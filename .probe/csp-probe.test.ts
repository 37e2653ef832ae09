import { serve } from '@hono/node-server'
import { chromium } from 'playwright-core'
import { Hono } from 'hono'
import { it, expect } from 'vitest'
import { createTestContext, signIn } from './harness'
it('docs under strict CSP', async () => {
  const ctx = await createTestContext('pglite')
  const { accessToken } = await signIn(ctx)
  const outer = new Hono()
  outer.use('*', async (c, next) => { await next(); c.res.headers.set('content-security-policy', "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'") })
  outer.all('*', (c) => ctx.app.fetch(c.req.raw))
  const server = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((r) => server.once('listening', r))
  const port = (server.address() as { port: number }).port
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
  const page = await browser.newPage()
  const problems: string[] = []
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()) })
  page.on('pageerror', (e) => problems.push(String(e)))
  await page.goto(`http://127.0.0.1:${port}/api/docs`)
  await page.evaluate((t) => localStorage.setItem('accessToken', t), accessToken)
  await page.reload()
  await page.waitForSelector('.opblock', { timeout: 20000 })
  const count = await page.locator('.opblock').count()
  console.log('operations rendered:', count, 'problems:', problems)
  await page.screenshot({ path: '/tmp/docs.png' })
  await browser.close(); server.close(); await ctx.close()
  expect(count).toBeGreaterThan(40)
}, 60000)
