/**
 * The owner's e-mail about a verification decision (decision 048), on PGlite and PostgreSQL: the
 * decision queues one 'decision-mail' job in its own statement, due when its undo is refused; the
 * worker then mails the owner (read back from the outbox) with the notes and the reviewed commit's
 * findings, and the history says the owner was told. An undo within the window cancels the mail;
 * notifications off (also switched off after the decision) sends nothing and the history says so;
 * a failing mailer leaves the decision stored and the job retried until the mail leaves, or
 * recorded as failed once its attempts are used up. The clock is the app's: tests move it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { UNDO_GRACE_MS, UNDO_WINDOW_MS } from '../../src/api/schemas/undo'
import { auditLog, jobs, projects, users } from '../../server/db/schema'
import { DECISION_MAIL_JOB } from '../../server/domain/decision-mail'
import { decisionMailHandler } from '../../server/services/decision-mail'
import { JobWorker, retryDelayMs } from '../../server/services/job-queue'
import { createMailer, type Mailer, type MailMessage } from '../../server/services/mail'
import { SOURCE_REPORT_JOB, sourceReportHandler } from '../../server/services/source-report/job'
import { addressOf, parsedMails } from './contacts-helpers'
import { call, describeEachDatabase, type TestContext } from './harness'
import { adminSession, insertProject } from './projects-helpers'
import { uploadTree, type TreeFile } from './upload-helpers'

const file = (p: string, text: string): TreeFile => ({ path: p, data: Buffer.from(text) })
/** A secret access key of AWS's shape, put together here so no scanner flags this test file. */
const AWS_SECRET = ['Qw8Er2Ty6U', 'i4Op9As3Df', '7Gh1Jk5Lz0', 'Xc8Vb2Nm6P'].join('')
const TREE = [
  file('README.md', '# Library manager\n\nA college project.\n'),
  file('config/aws.js', `module.exports = {\n  secretAccessKey: '${AWS_SECRET}',\n}\n`),
  file('src/index.js', 'console.log("library")\n'),
]
/** From a decision until its mail is due: the undo window and the grace the server still accepts. */
const PAST_UNDO = UNDO_WINDOW_MS + UNDO_GRACE_MS

describeEachDatabase('decision mail to the project owner', (get) => {
  let dir = ''
  let owners = 0
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decision-mail-'))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  const api = async (method: string, url: string, body?: unknown) =>
    call(get(), method, url, body, (await adminSession(get())).token)
  /** A worker of the mail job sending through `mailer` (default: the harness's recording mailer). */
  const mailWorker = (ctx: TestContext, mailer: Mailer = ctx.deps.mailer) =>
    new JobWorker({
      database: ctx.database,
      handlers: { [DECISION_MAIL_JOB]: decisionMailHandler({ ...ctx.deps, mailer }) },
      now: ctx.deps.now,
    })
  const mailsTo = (email: string) => get().mails.filter((m) => m.to === email)
  const jobOf = async (entryId: string) =>
    (
      await get()
        .deps.db.select()
        .from(jobs)
        .where(and(eq(jobs.kind, DECISION_MAIL_JOB), eq(jobs.key, entryId)))
    )[0]
  const history = async (projectId: string) =>
    (await api('GET', `/api/projects/${projectId}/verification-history`)).body.verificationHistory
  async function ownedProject(preferences = { newsletter: false, notifications: true, marketingEmails: false }) {
    const ctx = get()
    const [owner] = await ctx.deps.db
      .insert(users)
      .values({ name: 'Meera Iyer', email: `owner-${++owners}-${Date.now()}@example.in`, preferences })
      .returning()
    const project = await insertProject(ctx, { title: `Library manager ${owners}`, projectOwnerId: owner.id })
    return { owner, project }
  }

  it('mails the owner once after the undo window: decision, notes, the findings; the history says so', async () => {
    const ctx = get()
    const { owner, project } = await ownedProject()
    await uploadTree(ctx, (await adminSession(ctx)).token, project.id, TREE)
    await new JobWorker({
      database: ctx.database,
      handlers: { [SOURCE_REPORT_JOB]: sourceReportHandler(ctx.deps) },
      now: ctx.deps.now,
    }).drain()

    const decided = await api('PUT', `/api/projects/${project.id}/verify`, {
      status: 'needs_changes',
      notes: 'Remove the key from the config and add a licence.',
    })
    expect(decided.status).toBe(200)
    const [entry] = await history(project.id)
    expect(entry).not.toHaveProperty('ownerNotice')
    const job = await jobOf(entry._id)
    expect(job).toMatchObject({ status: 'queued', payload: { entryId: entry._id, projectId: project.id } })
    expect(job.runAfter.getTime() - Date.parse(entry.verifiedAt)).toBe(PAST_UNDO)

    const outbox = path.join(dir, 'outbox-a')
    const worker = mailWorker(ctx, createMailer({ dataDir: outbox, from: ctx.deps.env.MAIL_FROM }))
    expect(await worker.drain()).toBe(0)
    ctx.advance(PAST_UNDO)
    expect(await worker.drain()).toBe(1)
    expect(await worker.drain()).toBe(0)

    const [mail, ...more] = await parsedMails(path.join(outbox, 'outbox'))
    expect(more).toEqual([])
    expect(addressOf(mail.to)).toBe(owner.email)
    expect(mail.subject).toBe(`Your project "${project.title}" needs changes`)
    const text = mail.text!.replace(/\r\n/g, '\n')
    expect(text).toContain('Hello Meera Iyer,')
    expect(text).toContain('needs changes before it can be approved.')
    expect(text).toContain('Remove the key from the config and add a licence.')
    expect(text).toContain(
      '- A credential (aws) at config/aws.js:2: remove it from the source and revoke it.\n' +
        '- No licence: add a LICENSE file saying what buyers may do with the code.',
    )
    expect(mail.html).toContain('<li>A credential (aws) at config/aws.js:2')
    const eml = fs.readFileSync(path.join(outbox, 'outbox', fs.readdirSync(path.join(outbox, 'outbox'))[0]), 'utf8')
    expect(eml).not.toContain(AWS_SECRET)
    expect(eml).not.toContain(AWS_SECRET.slice(0, 4) + '*')

    expect(await jobOf(entry._id)).toMatchObject({ status: 'done', attempts: 1 })
    const [told] = await history(project.id)
    expect(told.ownerNotice).toEqual({ outcome: 'sent', at: expect.any(String) })
    expect(Date.parse(told.ownerNotice.at)).toBeGreaterThanOrEqual(job.runAfter.getTime())
    // The audit log says so too, by no admin (its announcement refreshes open screens).
    const [notice] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'project.owner_notice'), eq(auditLog.entityId, project.id)))
    expect(notice).toMatchObject({
      actorId: null,
      entityType: 'project',
      after: { entryId: entry._id, outcome: 'sent' },
    })
  })

  it('an undo within the window cancels the mail; a pending or under-review decision mails nobody', async () => {
    const ctx = get()
    const { owner, project } = await ownedProject()
    const decided = await api('PUT', `/api/projects/${project.id}/verify`, { status: 'rejected', notes: 'Spam' })
    const [entry] = await history(project.id)
    ctx.advance(UNDO_WINDOW_MS)
    expect((await api('POST', `/api/admin/undo/${decided.body.undo.id}`)).status).toBe(200)
    expect(await jobOf(entry._id)).toMatchObject({ status: 'cancelled' })

    await api('PUT', `/api/projects/${project.id}/verify`, { status: 'under_review', notes: 'Looking at it' })
    ctx.advance(PAST_UNDO)
    await mailWorker(ctx).drain()
    expect(mailsTo(owner.email)).toEqual([])
    const [review] = await history(project.id)
    expect(review.status).toBe('under_review')
    expect(review).not.toHaveProperty('ownerNotice')
    expect(await jobOf(review._id)).toBeUndefined()
  })

  it('notifications off, also switched off after the decision: no mail, the history says so', async () => {
    const ctx = get()
    const off = await ownedProject({ newsletter: true, notifications: false, marketingEmails: true })
    const later = await ownedProject()
    await api('PUT', `/api/projects/${off.project.id}/verify`, { status: 'approved', notes: 'Good work' })
    await api('POST', '/api/projects/bulk-verify', { ids: [later.project.id], status: 'approved', notes: 'Fine' })
    await ctx.deps.db
      .update(users)
      .set({ preferences: { newsletter: false, notifications: false, marketingEmails: false } })
      .where(eq(users.id, later.owner.id))
    ctx.advance(PAST_UNDO)
    await mailWorker(ctx).drain()

    expect(mailsTo(off.owner.email)).toEqual([])
    expect(mailsTo(later.owner.email)).toEqual([])
    for (const { project } of [off, later]) {
      const [entry] = await history(project.id)
      expect(entry.ownerNotice).toEqual({ outcome: 'notifications_off', at: expect.any(String) })
    }
  })

  it('a project without an owner: no mail, the history says so; an approval names no findings', async () => {
    const ctx = get()
    const orphan = await insertProject(ctx, { title: 'Orphan' })
    const { owner, project } = await ownedProject()
    await api('PUT', `/api/projects/${orphan.id}/verify`, { status: 'approved', notes: 'Ok' })
    await api('PUT', `/api/projects/${project.id}/verify`, { status: 'approved', notes: 'Ready to sell' })
    ctx.advance(PAST_UNDO)
    await mailWorker(ctx).drain()
    expect((await history(orphan.id))[0].ownerNotice).toMatchObject({ outcome: 'no_owner' })
    const [mail, ...more] = mailsTo(owner.email)
    expect(more).toEqual([])
    expect(mail.subject).toBe(`Your project "${project.title}" is approved`)
    expect(mail.text).toContain('Ready to sell')
    expect(mail.text).not.toContain('What the review of your source found')
  })

  it('a failing mailer: the decision stands, the job is retried and the mail leaves later', async () => {
    const ctx = get()
    const { owner, project } = await ownedProject()
    let failures = 1
    const sent: MailMessage[] = []
    const flaky: Mailer = {
      send: async (m) => {
        if (failures-- > 0) throw new Error('421 4.3.2 Service not available')
        sent.push(m)
      },
    }
    expect(
      (await api('PUT', `/api/projects/${project.id}/verify`, { status: 'rejected', notes: 'Copied' })).status,
    ).toBe(200)
    const [entry] = await history(project.id)
    ctx.advance(PAST_UNDO)
    const worker = mailWorker(ctx, flaky)
    expect(await worker.drain()).toBe(1)
    const [row] = await ctx.deps.db.select().from(projects).where(eq(projects.id, project.id))
    expect(row.verificationStatus).toBe('rejected')
    expect(await jobOf(entry._id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: '421 4.3.2 Service not available',
    })
    expect((await history(project.id))[0]).not.toHaveProperty('ownerNotice')

    expect(await worker.drain()).toBe(0)
    ctx.advance(retryDelayMs(1))
    expect(await worker.drain()).toBe(1)
    expect(sent.map((m) => m.to)).toEqual([owner.email])
    expect(await jobOf(entry._id)).toMatchObject({ status: 'done', attempts: 2 })
    expect((await history(project.id))[0].ownerNotice).toMatchObject({ outcome: 'sent' })
  })

  it('a mailer failing every attempt: the job fails for good and the history says the owner was not told', async () => {
    const ctx = get()
    const { project } = await ownedProject()
    const down: Mailer = {
      send: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:2525')
      },
    }
    await api('PUT', `/api/projects/${project.id}/verify`, { status: 'approved', notes: 'Good' })
    const [entry] = await history(project.id)
    ctx.advance(PAST_UNDO)
    const worker = mailWorker(ctx, down)
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await worker.drain()).toBe(1)
      ctx.advance(retryDelayMs(attempt))
    }
    expect(await jobOf(entry._id)).toMatchObject({ status: 'failed', attempts: 5 })
    expect((await history(project.id))[0].ownerNotice).toMatchObject({ outcome: 'failed' })
    expect((await api('GET', `/api/projects/${project.id}`)).body.project.verificationStatus).toBe('approved')
  })
})
