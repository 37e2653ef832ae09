/**
 * Source reports through the API (decisions 046, 047), on PGlite and PostgreSQL: an upload queues
 * the report of its commit once, however many servers' workers see it; the worker makes it outside
 * the upload's request; GET /api/projects/{id}/source-report answers it (and `queued` before),
 * ?commit= picks one, /sbom downloads its CycloneDX document, POST queues the head again; bad
 * input answers 400/404/409 with its message.
 */
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { jobs } from '../../server/db/schema'
import { JobWorker } from '../../server/services/job-queue'
import { SOURCE_REPORT_JOB, sourceReportHandler } from '../../server/services/source-report/job'
import { call, describeEachDatabase, type TestContext } from './harness'
import { adminSession, insertProject } from './projects-helpers'
import { uploadTree, type TreeFile } from './upload-helpers'

const file = (p: string, text: string): TreeFile => ({ path: p, data: Buffer.from(text) })
/** A secret access key of AWS's shape, put together here so no scanner flags this test file. */
const AWS_SECRET = ['Qw8Er2Ty6U', 'i4Op9As3Df', '7Gh1Jk5Lz0', 'Xc8Vb2Nm6P'].join('')

const TREE = [
  file('README.md', '# Library manager\n\nA college project.\n'),
  file('package.json', JSON.stringify({ name: 'library', dependencies: { express: '4.21.2' } })),
  file('config/aws.js', `module.exports = {\n  secretAccessKey: '${AWS_SECRET}',\n}\n`),
  file('src/index.js', 'const express = require("express")\nexpress().listen(3000)\n'),
]

/** A worker of one server: its handlers over the app's deps, draining due jobs now. */
const workerOf = (ctx: TestContext, id: string) =>
  new JobWorker({
    database: ctx.database,
    handlers: { [SOURCE_REPORT_JOB]: sourceReportHandler(ctx.deps) },
    now: ctx.deps.now,
    workerId: id,
  })

describeEachDatabase('source reports', (get) => {
  const api = async (method: string, url: string, body?: unknown) =>
    call(get(), method, url, body, (await adminSession(get())).token)

  it('an upload queues its report once; a worker makes it; the API answers it, ?commit= and the SBOM', async () => {
    const ctx = get()
    const project = await insertProject(ctx, { title: 'Library manager', category: 'Web Development' })
    const before = await api('GET', `/api/projects/${project.id}/source-report`)
    expect(before).toMatchObject({ status: 200, body: { state: 'none', report: null, history: [] } })

    await uploadTree(ctx, (await adminSession(ctx)).token, project.id, TREE)
    const queued = await ctx.deps.db.select().from(jobs).where(eq(jobs.kind, SOURCE_REPORT_JOB))
    const mine = queued.filter((j) => (j.payload as { projectId: string }).projectId === project.id)
    expect(mine).toHaveLength(1)
    const commit = (mine[0].payload as { commit: string }).commit
    expect(await api('GET', `/api/projects/${project.id}/source-report`)).toMatchObject({
      body: { state: 'queued', report: null },
    })

    // Two servers' workers see the job: it runs once.
    const ran = await Promise.all([workerOf(ctx, 'server-a').drain(), workerOf(ctx, 'server-b').drain()])
    expect(ran[0] + ran[1]).toBeGreaterThanOrEqual(1)
    const [job] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, mine[0].id))
    expect(job).toMatchObject({ status: 'done', attempts: 1 })

    const res = await api('GET', `/api/projects/${project.id}/source-report`)
    expect(res.status).toBe(200)
    expect(res.body.state).toBe('ready')
    const report = res.body.report
    expect(report.commit).toBe(commit)
    expect(report.readme).toMatchObject({ path: 'README.md', firstHeading: 'Library manager' })
    expect(report.licence).toMatchObject({ status: 'none' })
    expect(report.secrets).toEqual([
      { rule: '@secretlint/secretlint-rule-aws', path: 'config/aws.js', line: 2, masked: `Qw8E${'*'.repeat(32)}Nm6P` },
    ])
    expect(JSON.stringify(report)).not.toContain(AWS_SECRET)
    expect(report.manifests).toEqual([
      expect.objectContaining({
        path: 'package.json',
        ecosystem: 'npm',
        status: 'parsed',
        dependencies: [expect.objectContaining({ name: 'express', version: '4.21.2' })],
      }),
    ])
    expect(report.risk.reasons.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['secrets']))
    expect(res.body.history).toEqual([{ commit, createdAt: expect.any(String), riskWeight: report.risk.weight }])

    const byCommit = await api('GET', `/api/projects/${project.id}/source-report?commit=${commit}`)
    expect(byCommit.body.report.commit).toBe(commit)

    const sbom = await ctx.app.request(`/api/projects/${project.id}/source-report/sbom`, {
      headers: { authorization: `Bearer ${(await adminSession(ctx)).token}` },
    })
    expect(sbom.status).toBe(200)
    expect(sbom.headers.get('content-type')).toBe('application/vnd.cyclonedx+json')
    expect(sbom.headers.get('content-disposition')).toBe(`attachment; filename="sbom-${commit.slice(0, 12)}.cdx.json"`)
    const document = (await sbom.json()) as { bomFormat: string; components: { name: string; version: string }[] }
    expect(document.bomFormat).toBe('CycloneDX')
    expect(document.components.map((c) => [c.name, c.version])).toContainEqual(['express', '4.21.2'])

    // A re-run queues the head again; asking twice while it waits queues it once.
    expect((await api('POST', `/api/projects/${project.id}/source-report`)).body).toEqual({
      success: true,
      message: 'Analysis queued',
      commit,
    })
    expect((await api('POST', `/api/projects/${project.id}/source-report`)).body.message).toBe(
      'The analysis is already queued',
    )
    expect(await workerOf(ctx, 'server-a').drain()).toBe(1)
  })

  it('bad input answers 400, 404 and 409 with its message', async () => {
    const ctx = get()
    const project = await insertProject(ctx, { title: 'Empty project' })
    const missing = '01900000-0000-7000-8000-000000000000'
    expect(await api('GET', `/api/projects/${project.id}/source-report?commit=abc`)).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Commit must be a 40-character hex commit id') },
    })
    expect(await api('GET', `/api/projects/${missing}/source-report`)).toMatchObject({
      status: 404,
      body: { message: 'Project not found' },
    })
    expect(await api('GET', `/api/projects/${project.id}/source-report?commit=${'a'.repeat(40)}`)).toMatchObject({
      status: 404,
      body: { message: 'No source report for this commit' },
    })
    expect(await api('GET', `/api/projects/${project.id}/source-report/sbom`)).toMatchObject({
      status: 404,
      body: { message: 'No source report yet' },
    })
    expect(await api('POST', `/api/projects/${project.id}/source-report`)).toMatchObject({
      status: 409,
      body: { message: 'The project has no uploaded source to analyse' },
    })
    const anonymous = await call(ctx, 'GET', `/api/projects/${project.id}/source-report`)
    expect(anonymous.status).toBe(401)
  })
})
