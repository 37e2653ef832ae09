/**
 * /git/{name}.git/*: read-only git smart HTTP for the local repositories, by running
 * `$(git --exec-path)/git-http-backend` as CGI. Pushes (git-receive-pack) are refused with 403.
 * Public repositories clone anonymously; private ones need HTTP Basic credentials of an admin:
 * username = the admin's e-mail, password = a valid access token (the bearer token the console
 * holds; 15 minutes). Admins sign in by OTP and may have no password, so a token is the credential.
 */
import fs from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import type { ErrorBody } from '../../src/api/schemas/common'
import { findRepoRow } from '../db/queries/repositories.queries'
import { findUserById } from '../db/queries/users.queries'
import type { AppDeps, AppEnv } from '../deps'
import { runCgi } from '../http/cgi'
import { forbidden, notFound } from '../http/errors'
import { verifyAccessToken } from '../services/access-token'
import { git } from '../services/repo-host/git-exec'
import { localGitFor } from '../services/repo-host/host-for'
import { isSafeRepoName } from '../services/repo-host/repo-host'

/**
 * True when the `Authorization: Basic` header names an active admin and carries a valid access
 * token of a session still signed in: the same token is refused here as on /api once its session
 * was signed out, revoked or ended by a password change (services/live-sessions.ts).
 */
export async function isAdminBasicAuth(deps: AppDeps, header: string | undefined): Promise<boolean> {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '')
  if (!match) return false
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return false
  const email = decoded.slice(0, colon).trim().toLowerCase()
  const claims = await verifyAccessToken(deps.jwtSecret, decoded.slice(colon + 1), deps.now(), deps.verifiedTokens)
  if (!claims) return false
  if (claims.sid && !(await deps.liveSessions.isLive(claims.sid))) return false
  const user = await findUserById(deps.db, claims.sub)
  return Boolean(user && user.isActive && user.isAdmin && user.email.toLowerCase() === email)
}

export function gitHttpRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  // Where git keeps http-backend, asked once per app on first use.
  let backendPath: Promise<string> | undefined
  const httpBackend = () => (backendPath ??= git(['--exec-path']).then((dir) => path.join(dir, 'git-http-backend')))

  app.all('/:repo{[^/]+\\.git}/*', async (c) => {
    const host = localGitFor(deps)
    const name = c.req.param('repo').slice(0, -'.git'.length)
    if (!host || !isSafeRepoName(name) || !fs.existsSync(path.join(host.gitDir(name), 'HEAD'))) {
      throw notFound('Repository not found')
    }
    const url = new URL(c.req.url)
    const rest = url.pathname.slice(url.pathname.indexOf('.git/') + '.git'.length)
    if (rest.endsWith('/git-receive-pack') || url.searchParams.get('service') === 'git-receive-pack') {
      throw forbidden('Repositories are read-only over HTTP')
    }
    const row = await findRepoRow(deps.db, name)
    if ((row?.private ?? true) && !(await isAdminBasicAuth(deps, c.req.header('authorization')))) {
      return c.json({ success: false, message: 'Authentication required' } satisfies ErrorBody, 401, {
        'WWW-Authenticate': 'Basic realm="git", charset="UTF-8"',
      })
    }
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_PROJECT_ROOT: host.root,
      GIT_HTTP_EXPORT_ALL: '1',
      GIT_CONFIG_NOSYSTEM: '1',
      PATH_INFO: `/${name}.git${rest}`,
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: c.req.method,
      CONTENT_TYPE: c.req.header('content-type') ?? '',
      REMOTE_ADDR: '127.0.0.1',
      GATEWAY_INTERFACE: 'CGI/1.1',
    }
    const encoding = c.req.header('content-encoding')
    if (encoding) env.HTTP_CONTENT_ENCODING = encoding
    const protocol = c.req.header('git-protocol')
    if (protocol) env.GIT_PROTOCOL = protocol
    const length = c.req.header('content-length')
    if (length) env.CONTENT_LENGTH = length
    return runCgi(await httpBackend(), env, c.req.method === 'POST' ? c.req.raw.body : null)
  })
  return app
}
