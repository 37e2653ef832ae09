/**
 * /files/*: public file serving. Images by their key with their content type and a
 * long cache lifetime (keys are never reused); reports and repository archives only through
 * signed, expiring links (server/services/signed-url.ts), as answered by the download routes.
 * Every report served is audited (`report.download`: which file, the link's expiry, the IP); the
 * admin who asked for the link is in the `report.download_link` row written when it was issued.
 */
import { Hono } from 'hono'
import { stream } from 'hono/streaming'
import { Readable } from 'node:stream'
import { StoredFileParamSchema } from '../../src/api/schemas/common'
import { audit } from '../db/queries/audit.queries'
import { imageContentType } from '../db/queries/images.queries'
import { findReportFile } from '../db/queries/reports.queries'
import type { AppDeps, AppEnv } from '../deps'
import { clientIp } from '../http/client-ip'
import { ApiError, notFound } from '../http/errors'
import { validate } from '../http/validate'
import { spawnGit } from '../services/repo-host/git-exec'
import { localGitFor } from '../services/repo-host/host-for'
import { isSafeRefName, isSafeRepoName } from '../services/repo-host/repo-host'
import { verifySignedPath } from '../services/signed-url'

const linkExpired = () => new ApiError(403, 'Download link is invalid or has expired')

export function filesRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const blobs = deps.storage
  const signed = (path: string, query: (k: string) => string | undefined) =>
    verifySignedPath(deps.jwtSecret, path, query('expires'), query('sig'), deps.now())

  const serve = async (key: string, headers: Record<string, string>) => {
    const file = await blobs.stream(key)
    if (!file) throw notFound('File not found')
    const body = Readable.toWeb(file.body) as ReadableStream<Uint8Array>
    return new Response(body, {
      headers: { 'content-length': String(file.size), 'x-content-type-options': 'nosniff', ...headers },
    })
  }

  // A name the server never gives a file (NUL, slashes, dots) is refused before any lookup.
  const storedFile = validate('param', StoredFileParamSchema)

  app.get('/images/:projectId/:file', storedFile, async (c) => {
    const key = `images/${c.req.param('projectId')}/${c.req.param('file')}`
    const contentType = await imageContentType(deps.db, key)
    if (!contentType) throw notFound('Image not found')
    return serve(key, { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' })
  })

  app.get('/reports/:projectId/:file', storedFile, async (c) => {
    if (!signed(new URL(c.req.url).pathname, (k) => c.req.query(k))) throw linkExpired()
    const key = `reports/${c.req.param('projectId')}/${c.req.param('file')}`
    const report = await findReportFile(deps.db, c.req.param('projectId'), key)
    if (!report) throw notFound('Report not found')
    const response = await serve(key, {
      'content-type': report.contentType,
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(report.fileName)}`,
    })
    await audit(deps.db, {
      actorId: null,
      action: 'report.download',
      entityType: 'project',
      entityId: report.projectId,
      after: { fileName: report.fileName, filePath: key, linkExpires: Number(c.req.query('expires')) },
      ip: clientIp(c, deps.env.TRUST_PROXY),
    })
    return response
  })

  app.get('/archives/:name/:file{.+\\.zip}', async (c) => {
    if (!signed(new URL(c.req.url).pathname, (k) => c.req.query(k))) throw linkExpired()
    const name = c.req.param('name')
    const ref = decodeURIComponent(c.req.param('file').slice(0, -'.zip'.length))
    const host = localGitFor(deps)
    if (!host || !isSafeRepoName(name) || !isSafeRefName(ref)) throw notFound('Archive not found')
    const args = ['--git-dir', host.gitDir(name), 'archive', '--format=zip', `--prefix=${name}/`, `refs/heads/${ref}`]
    const child = spawnGit(args)
    child.stdin.end()
    // Wait for the first bytes (or the exit) so a bad ref answers 404 rather than a broken zip.
    const first = await new Promise<Buffer | null>((resolve) => {
      child.stdout.once('readable', () => resolve(child.stdout.read() as Buffer | null))
      child.once('close', () => resolve(null))
    })
    if (!first) throw notFound('Archive not found')
    c.header('content-type', 'application/zip')
    c.header('content-disposition', `attachment; filename="${name}-${ref.replace(/[^A-Za-z0-9._-]/g, '_')}.zip"`)
    c.header('cache-control', 'private, no-store')
    return stream(c, async (out) => {
      await out.write(first)
      for await (const chunk of child.stdout) await out.write(chunk as Buffer)
    })
  })
  return app
}
