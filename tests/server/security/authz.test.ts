/**
 * Authorization over every route of the app: the routes are read
 * from Hono's `app.routes` (the app built with the SPA, so nothing is left out), their parameters
 * filled with real ids, and each one that is not classified public below must refuse: no token,
 * an expired token, a token signed with another key, an `alg: none` token (401), and the valid
 * token of a non-admin and of a deactivated admin (403), with no side effect on the database, the
 * stored files or the outbox. A route added later is covered the day it lands: if it is public
 * without being listed here, this test fails.
 */
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { expect, it } from 'vitest'
import { createApp, type App } from '../../../server/app'
import { projects, users } from '../../../server/db/schema'
import { signAccessToken } from '../../../server/services/access-token'
import { localGitFor } from '../../../server/services/repo-host/host-for'
import { describeEachDatabase, type TestContext } from '../harness'
import { tablesDigest } from '../table-digest'

/** Routes anyone may call, each with why. */
const PUBLIC: Record<string, string> = {
  'GET /api/health': 'health check',
  'GET /api/ready': 'readiness check for load balancers (names no internals)',
  'POST /api/auth/send-otp': 'sign-in',
  'POST /api/auth/verify-otp': 'sign-in',
  'POST /api/auth/refresh': 'sign-in (the refresh token is the credential)',
  'POST /api/auth/logout': 'sign-out (the refresh token is the credential)',
  'POST /api/contacts': "the storefront's contact form (strict, 32 KB, rate limited per IP)",
  'GET /files/images/:projectId/:file': 'public cover images of the marketplace',
  'GET /api/docs': 'the API reference page (static; the document it shows needs the admin token)',
  'GET /api/docs/:file': "the API reference page's scripts and styles from node_modules",
}
/** Routes opened by a signed, expiring link instead of a bearer token: refuse without a valid signature. */
const SIGNED_LINK = new Set([
  'GET /files/reports/:projectId/:file',
  'GET /files/archives/:name/:file{.+\\.zip}',
  'GET /files/exports/orders/:token',
  'GET /files/exports/payments/:token',
])
/** git over HTTP: Basic auth with the admin's e-mail and access token. */
const GIT_BASIC = new Set(['ALL /git/:repo{[^/]+\\.git}/*'])
/** The SPA and its built files (no data, no API). */
const isSpa = (route: string) => / \/(\*|index\.html|login(\.html)?|assets\/\*)?$/.test(route)

const UNAUTHENTICATED = ['no token', 'expired', 'another key', 'alg none'] as const

/** A fingerprint of every table's contents, the stored files and the mails sent. */
async function fingerprint(ctx: TestContext): Promise<string> {
  const parts = JSON.parse(await tablesDigest(ctx.deps.db)) as { t: string; d: string }[]
  const files = await fs.readdir(ctx.dataDir, { recursive: true }).catch(() => [])
  return JSON.stringify({ parts, files: files.sort(), mails: ctx.mails.length })
}

describeEachDatabase('authorization of every route', (get) => {
  it('refuses every non-public route without a valid admin token, with no side effect', async () => {
    const ctx = get()
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'))
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>x</title>')
    const app: App = createApp({ ...ctx.deps, spaDir: dist })
    // A private repository on disk, so git over HTTP gets as far as its credentials check.
    const gitDir = localGitFor(app.deps)!.gitDir('target-repo')
    execFileSync('git', ['init', '--bare', '--quiet', gitDir])
    const now = ctx.deps.now()
    const secret = ctx.deps.jwtSecret

    const [project] = await ctx.deps.db
      .insert(projects)
      .values({ title: 'Target', description: 'Must survive' })
      .returning()
    const stamp = crypto.randomBytes(4).toString('hex')
    const [customer] = await ctx.deps.db
      .insert(users)
      .values({ name: 'Customer', email: `c-${stamp}@example.com` })
      .returning()
    const [retired] = await ctx.deps.db
      .insert(users)
      .values({ name: 'Retired', email: `r-${stamp}@example.com`, isAdmin: true, isActive: false })
      .returning()
    const [admin] = await ctx.deps.db.select().from(users).where(eq(users.isAdmin, true)).limit(1)
    const session = { sid: crypto.randomUUID(), authTime: now }
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const iat = Math.floor(now.getTime() / 1000)
    const tokens: Record<string, string | null> = {
      'no token': null,
      expired: await signAccessToken(secret, admin.id, new Date(now.getTime() - 16 * 60 * 1000), session),
      'another key': await signAccessToken(new Uint8Array(crypto.randomBytes(32)), admin.id, now, session),
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ typ: 'access', sub: admin.id, iss: 'marketplace-console', iat, exp: iat + 900, auth_time: iat })}.`,
      'non-admin': await signAccessToken(secret, customer.id, now, session),
      'deactivated admin': await signAccessToken(secret, retired.id, now, session),
    }
    // Sanity: the forged header really is HS256-free and the valid admin token opens a route.
    const hs256 = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuer('marketplace-console')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 900)
      .sign(secret)
    expect((await app.request('/api/auth/profile', { headers: { authorization: `Bearer ${hs256}` } })).status).toBe(200)

    const values: Record<string, string> = {
      id: project.id,
      projectId: project.id,
      entryId: crypto.randomUUID(),
      name: 'target-repo',
      username: 'octocat',
      file: 'report.pdf',
      repo: 'target-repo.git',
    }
    const fill = (route: string) =>
      route
        .replace(/:file\{[^}]*\}/, 'main.zip')
        .replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => values[name] ?? 'x')
        .replace(/\/\*$/, '/info/refs')

    const seen = new Set<string>()
    const checked: string[] = []
    const before = await fingerprint(ctx)
    expect((JSON.parse(before) as { parts: string[] }).parts.length).toBeGreaterThan(10)
    for (const { method, path: routePath, handler } of app.routes) {
      // Middleware (requestId, headers, the admin guard) is registered as ALL with a wildcard.
      if (method === 'ALL' && routePath.endsWith('*') && !GIT_BASIC.has(`${method} ${routePath}`)) continue
      const key = `${method} ${routePath}`
      if (seen.has(key) || handler.name === 'bodyLimit') continue
      seen.add(key)
      if (key in PUBLIC || isSpa(key)) continue
      const url = fill(routePath)
      const verbs = method === 'ALL' ? ['GET', 'POST'] : [method]
      for (const verb of verbs) {
        for (const [label, token] of Object.entries(tokens)) {
          const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': '10.7.7.7' }
          if (token && GIT_BASIC.has(key))
            headers.authorization = `Basic ${Buffer.from(`${admin.email}:${token}`).toString('base64')}`
          else if (token) headers.authorization = `Bearer ${token}`
          const res = await app.request(url, {
            method: verb,
            headers,
            body: verb === 'GET' || verb === 'HEAD' ? undefined : '{}',
          })
          const body = await res.text()
          const expected = SIGNED_LINK.has(key)
            ? [403]
            : GIT_BASIC.has(key)
              ? [401]
              : (UNAUTHENTICATED as readonly string[]).includes(label)
                ? [401]
                : [403]
          expect(expected, `${verb} ${url} with ${label}: ${res.status} ${body.slice(0, 200)}`).toContain(res.status)
          expect(body).not.toContain('Must survive')
        }
        checked.push(`${verb} ${url}`)
      }
    }
    expect(await fingerprint(ctx)).toBe(before)
    // Every kind of route was reached: API, signed links, git.
    expect(checked).toEqual(
      expect.arrayContaining([
        `GET /api/projects/${project.id}`,
        `DELETE /api/projects/${project.id}`,
        'POST /api/upload/upload',
        `GET /files/reports/${project.id}/report.pdf`,
        'GET /git/target-repo.git/info/refs',
        'GET /api/auth/profile',
      ]),
    )
    expect(checked.length).toBeGreaterThan(30)
    await fs.rm(dist, { recursive: true, force: true })
  })

  it('keeps no stale entry in the allow-lists: each names a route of the app', () => {
    const routes = new Set(get().app.routes.map((r) => `${r.method} ${r.path}`))
    for (const key of [...Object.keys(PUBLIC), ...SIGNED_LINK, ...GIT_BASIC]) expect(routes, key).toContain(key)
  })
})
