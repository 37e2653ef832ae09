/**
 * Vite build plugin: writes `login.html` beside the built index.html, the same page with the login
 * route's markup already in `<div id="root" data-prerendered>`, so the form and its hint show
 * before any script has run (and without JavaScript). The markup comes from
 * src/login-prerender.tsx, loaded through a Vite dev server in SSR mode once the bundle is
 * written; the entry hydrates it (src/main.tsx). The hint holds `ADMIN_EMAIL_SLOT`, which the
 * server fills with its escaped ADMIN_EMAIL (server/routes/spa.routes.ts).
 *
 * Throws (failing the build) when React could not render the route on the server, since the
 * page would then hydrate into something else, or when the slot is not there exactly once.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createServer, type Plugin } from 'vite'
import { ADMIN_EMAIL_SLOT, LOGIN_PAGE } from '../src/api/schemas/runtime-config.ts'

/** `html` (the built index.html) with `markup` inside its empty `<div id="root">`, marked for hydration. */
export function withPrerenderedRoot(html: string, markup: string): string {
  const empty = '<div id="root"></div>'
  if (!html.includes(empty)) throw new Error(`index.html has no ${empty} to prerender into`)
  return html.replace(empty, () => `<div id="root" data-prerendered>${markup}</div>`)
}

/** Checks the prerendered markup: no server render error, the admin e-mail slot exactly once. */
export function checkLoginMarkup(markup: string): void {
  // `<!--$!-->` opens a boundary that React gave up on and left to the client.
  if (markup.includes('<!--$!-->')) throw new Error('the login route fell back to client rendering')
  const slots = markup.split(ADMIN_EMAIL_SLOT).length - 1
  if (slots !== 1) throw new Error(`the login markup holds the admin e-mail slot ${slots} times, not once`)
}

/** The plugin: renders the login route after the bundle is written and stores `login.html`. */
export function prerenderLogin(): Plugin {
  let root = ''
  let outDir = ''
  return {
    name: 'console:prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle() {
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      })
      try {
        const { renderLogin } = (await server.ssrLoadModule('/src/login-prerender.tsx')) as {
          renderLogin: () => Promise<string>
        }
        const markup = await renderLogin()
        checkLoginMarkup(markup)
        const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')
        fs.writeFileSync(path.join(outDir, LOGIN_PAGE), withPrerenderedRoot(index, markup))
      } finally {
        await server.close()
      }
    },
  }
}
