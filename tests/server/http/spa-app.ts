/**
 * An app serving a tiny built SPA for the SPA tests: a temp dist folder with `template` as
 * index.html, the other `pages` (file name → HTML) and /assets/app.js, the app created on a
 * throwaway database with ADMIN_EMAIL `adminEmail` (ops@shop.example). Call inside `describe`: it
 * registers its own beforeAll/afterAll.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createApp, type App } from '../../../server/app'
import { loadEnv } from '../../../server/env'
import { createTestContext, type TestContext } from '../harness'

/** Getters of the context and app (set in beforeAll). */
export function useSpaApp(
  template: string,
  { pages = {}, adminEmail = 'ops@shop.example' }: { pages?: Record<string, string>; adminEmail?: string } = {},
): { ctx: () => TestContext; app: () => App } {
  let ctx: TestContext
  let app: App
  let dist = ''
  beforeAll(async () => {
    ctx = await createTestContext()
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'))
    await fs.writeFile(path.join(dist, 'index.html'), template)
    for (const [file, html] of Object.entries(pages)) await fs.writeFile(path.join(dist, file), html)
    await fs.mkdir(path.join(dist, 'assets'))
    await fs.writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)\n')
    const env = loadEnv({ DATA_DIR: ctx.dataDir, ADMIN_EMAIL: adminEmail, SEED: 'none', LOG_LEVEL: 'silent' })
    app = createApp({ ...ctx.deps, env, spaDir: dist })
  })
  afterAll(async () => {
    await ctx.close()
    await fs.rm(dist, { recursive: true, force: true })
  })
  return { ctx: () => ctx, app: () => app }
}
