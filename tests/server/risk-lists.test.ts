/**
 * Risk in the lists (decision 046 "Risk in the lists"), on PGlite and PostgreSQL: the triage
 * queue carries each project's newest report's risk and sorts by it (lowest first, no report
 * last, ties oldest first); the projects list carries the weight and filters by secrets, missing
 * licence, high risk and no report; a report made by the job refreshes the cached pages and
 * raises a live event.
 */
import { expect, it } from 'vitest'
import { saveSourceReport } from '../../server/db/queries/source-reports.queries'
import { listenChannel } from '../../server/db/listen'
import { CONSOLE_EVENTS_CHANNEL } from '../../server/domain/presence'
import { JobWorker } from '../../server/services/job-queue'
import { SOURCE_REPORT_JOB, sourceReportHandler } from '../../server/services/source-report/job'
import type { LicenceStatus, SourceReport } from '../../src/api/schemas/source-report'
import { call, describeEachDatabase, type TestContext } from './harness'
import { adminSession, insertProject } from './projects-helpers'
import { uploadTree, type TreeFile } from './upload-helpers'

const HOUR = 3_600_000
let commits = 0
/** A new 40-hex commit id. */
const nextCommit = () => (++commits).toString(16).padStart(40, 'a')

/** A report of `weight` with `secrets` findings and licence `licence` (the rest clean). */
function reportOf(weight: number, secrets = 0, licence: LicenceStatus = 'recognised'): SourceReport {
  return {
    commit: nextCommit(),
    generatedAt: new Date(0).toISOString(),
    durationMs: 1,
    languages: { byLanguage: [], vendored: { count: 0, bytes: 0 } },
    files: {
      count: 1,
      totalBytes: 10,
      largest: [],
      binaries: [],
      shouldNotShip: [],
      notExamined: [],
      truncated: false,
    },
    readme: null,
    licence: licence === 'none' ? { status: 'none' } : { status: licence, path: 'LICENSE', spdxId: 'MIT', score: 1 },
    secrets: Array.from({ length: secrets }, (_, i) => ({ rule: 'r', path: 'a.js', line: i + 1, masked: '****' })),
    manifests: [],
    risk: { weight, reasons: [] },
    analyserErrors: [],
    changes: null,
  }
}

/** A realistic AWS access key id, put together here so no scanner flags this test file. */
const AWS_KEY_ID = ['AKIA', 'QWERTYUI', 'OPASDF23'].join('')
const AWS_SECRET = ['Qw8Er2Ty6U', 'i4Op9As3Df', '7Gh1Jk5Lz0', 'Xc8Vb2Nm6P'].join('')
const file = (p: string, text: string): TreeFile => ({ path: p, data: Buffer.from(text) })

describeEachDatabase('risk in the lists', (get) => {
  const api = async (method: string, url: string) =>
    call(get(), method, url, undefined, (await adminSession(get())).token)
  const ago = (ms: number) => new Date(get().deps.now().getTime() - ms)
  const save = (id: string, report: SourceReport, at: Date) => saveSourceReport(get().deps.db, id, report, at)
  type Row = { _id: string; title: string; risk: unknown; riskWeight?: number | null }
  const titles = (rows: Row[]) => rows.map((r) => r.title)

  it('the queue carries the newest report’s risk and sorts by it: lowest first, no report last, ties oldest first', async () => {
    const ctx = get()
    const category = 'Risk Sort'
    const add = (title: string, hoursAgo: number) =>
      insertProject(ctx, { title, category, createdAt: ago(hoursAgo * HOUR) })
    const risky = await add('Risky', 5)
    const clean = await add('Clean', 4)
    const bare = await add('Unreported', 6)
    const cleanToo = await add('Clean too', 3)
    // Risky was clean at its first commit; its newest report is what counts.
    await save(risky.id, reportOf(0), ago(2 * HOUR))
    await save(risky.id, reportOf(60, 1, 'none'), ago(HOUR))
    await save(clean.id, reportOf(10), ago(HOUR))
    await save(cleanToo.id, reportOf(10), ago(HOUR))

    const oldest = await api('GET', `/api/admin/triage/queue?category=${encodeURIComponent(category)}`)
    expect(oldest.status).toBe(200)
    expect(titles(oldest.body.queue)).toEqual(['Unreported', 'Risky', 'Clean', 'Clean too'])

    const byRisk = await api('GET', `/api/admin/triage/queue?category=${encodeURIComponent(category)}&sort=risk`)
    expect(titles(byRisk.body.queue)).toEqual(['Clean', 'Clean too', 'Risky', 'Unreported'])
    const of = (id: string) => byRisk.body.queue.find((r: Row) => r._id === id).risk
    expect(of(risky.id)).toEqual({ weight: 60, high: true, secrets: 1, licence: 'none' })
    expect(of(clean.id)).toEqual({ weight: 10, high: false, secrets: 0, licence: 'recognised' })
    expect(of(bare.id)).toBeNull()
    expect(byRisk.body.total).toBe(4)

    const bad = await api('GET', '/api/admin/triage/queue?sort=newest')
    expect(bad).toMatchObject({ status: 400, body: { success: false, message: expect.stringContaining('sort') } })
  })

  it('the projects list carries the risk weight and filters by secrets, no licence, high risk and no report', async () => {
    const ctx = get()
    const category = 'Risk Filter'
    const add = (title: string) => insertProject(ctx, { title, category, isActive: true })
    const secrets = await add('Leaky')
    const unlicensed = await add('Unlicensed')
    const heavy = await add('Heavy')
    const fine = await add('Fine')
    await add('Unreported')
    await save(secrets.id, reportOf(50, 1), ago(HOUR))
    await save(unlicensed.id, reportOf(20, 0, 'none'), ago(HOUR))
    await save(heavy.id, reportOf(55), ago(HOUR))
    await save(fine.id, reportOf(0), ago(2 * HOUR))
    // An older report with a secret does not count once a newer one is clean.
    await save(fine.id, reportOf(50, 1, 'none'), ago(3 * HOUR))

    const list = async (query: string) => {
      const res = await api(
        'GET',
        `/api/projects?includeInactive=true&limit=50&category=${encodeURIComponent(category)}${query}`,
      )
      expect(res.status).toBe(200)
      return res.body as { projects: Row[]; pagination: { totalProjects: number } }
    }
    const all = await list('')
    const weights = Object.fromEntries(all.projects.map((p) => [p.title, p.riskWeight]))
    expect(weights).toEqual({ Leaky: 50, Unlicensed: 20, Heavy: 55, Fine: 0, Unreported: null })

    const expectTitles = async (risk: string, expected: string[]) => {
      const body = await list(`&risk=${risk}`)
      expect(titles(body.projects).sort()).toEqual([...expected].sort())
      expect(body.pagination.totalProjects).toBe(expected.length)
    }
    await expectTitles('secrets', ['Leaky'])
    await expectTitles('no-licence', ['Unlicensed'])
    await expectTitles('high', ['Leaky', 'Heavy'])
    await expectTitles('unreported', ['Unreported'])
    // With a search too (the search path of the list).
    const searched = await list('&risk=high&search=heav')
    expect(titles(searched.projects)).toEqual(['Heavy'])

    const bad = await api('GET', '/api/projects?risk=scary')
    expect(bad).toMatchObject({ status: 400, body: { success: false, message: expect.stringContaining('Risk') } })
  })

  it('a report made by the job refreshes cached list pages and the queue, and raises a live report event', async () => {
    const ctx: TestContext = get()
    await ctx.deps.versions.listen(ctx.database)
    const events: { type: string; projectId?: string; riskWeight?: number }[] = []
    const stop = await listenChannel(ctx.database, CONSOLE_EVENTS_CHANNEL, {
      onPayload: (payload) => events.push(JSON.parse(payload)),
    })
    try {
      const category = 'Risk Live'
      const project = await insertProject(ctx, { title: 'Keys inside', category, isActive: true })
      const url = `/api/projects?includeInactive=true&category=${encodeURIComponent(category)}`
      await uploadTree(ctx, (await adminSession(ctx)).token, project.id, [
        file('README.md', '# Keys inside\n'),
        file('config/aws.js', `module.exports = { accessKeyId: '${AWS_KEY_ID}', secretAccessKey: '${AWS_SECRET}' }\n`),
      ])
      // The page after the upload, cached: the second read is a hit.
      const cacheOf = async (u: string) => {
        const res = await ctx.app.request(u, {
          headers: { authorization: `Bearer ${(await adminSession(ctx)).token}` },
        })
        return { cache: res.headers.get('x-cache'), body: (await res.json()) as { projects: Row[] } }
      }
      expect((await cacheOf(url)).body.projects[0].riskWeight).toBeNull()
      expect((await api('GET', `${url}&risk=secrets`)).body.projects).toEqual([])
      expect((await cacheOf(url)).cache).toBe('hit')

      const worker = new JobWorker({
        database: ctx.database,
        handlers: { [SOURCE_REPORT_JOB]: sourceReportHandler(ctx.deps) },
        now: ctx.deps.now,
        workerId: 'risk-lists',
      })
      expect(await worker.drain()).toBeGreaterThanOrEqual(1)

      const after = await cacheOf(url)
      expect(after.cache).not.toBe('hit')
      expect(after.body.projects[0].riskWeight).toBeGreaterThanOrEqual(50)
      expect(titles((await api('GET', `${url}&risk=secrets`)).body.projects)).toEqual(['Keys inside'])
      const queue = await api('GET', `/api/admin/triage/queue?category=${encodeURIComponent(category)}`)
      expect(queue.body.queue[0].risk).toMatchObject({ high: true, secrets: expect.any(Number) })
      await expect
        .poll(() => events.find((e) => e.type === 'report' && e.projectId === project.id))
        .toMatchObject({ riskWeight: after.body.projects[0].riskWeight })
    } finally {
      await stop()
      await ctx.deps.versions.close()
    }
  })
})
