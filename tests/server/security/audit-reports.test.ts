/**
 * Report downloads are audited, on PGlite and PostgreSQL: the admin who asked for the
 * signed link and the file (`report.download_link`), then each fetch of the file with the IP
 * (`report.download`); a refused link writes nothing.
 */
import { and, eq, like } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { auditLog } from '../../../server/db/schema'
import { call, describeEachDatabase } from '../harness'
import { adminSession, insertProject } from '../projects-helpers'

const doc = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)])

describeEachDatabase('audit: report downloads', (get) => {
  it('records who asked for the link, which file, and each download with its IP', async () => {
    const ctx = get()
    const { adminId, token } = await adminSession(ctx)
    const project = await insertProject(ctx)
    const form = new FormData()
    form.append('report', new Blob([new Uint8Array(doc())]), 'Audit Report.doc')
    form.append('price', '0')
    const uploaded = await ctx.app.request(`/api/admin/projects/${project.id}/report`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(uploaded.status).toBe(200)

    const link = await call(ctx, 'GET', `/api/admin/projects/${project.id}/report/download`, undefined, token, {
      'x-forwarded-for': '10.4.4.4',
    })
    const url = new URL(link.body.downloadUrl)
    const fetched = await ctx.app.request(`${url.pathname}${url.search}`, {
      headers: { 'x-forwarded-for': '10.5.5.5' },
    })
    expect(fetched.status).toBe(200)
    // A forged signature is refused and not recorded as a download.
    expect(
      (await ctx.app.request(`${url.pathname}?expires=${url.searchParams.get('expires')}&sig=forged`)).status,
    ).toBe(403)

    const rows = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, project.id), like(auditLog.action, 'report.download%')))
      .orderBy(auditLog.id)
    const filePath = decodeURIComponent(url.pathname.slice('/files/'.length))
    expect(rows.map((r) => [r.action, r.actorId, r.ip, r.after])).toEqual([
      ['report.download_link', adminId, '10.4.4.4', { fileName: 'Audit Report.doc', filePath }],
      [
        'report.download',
        null,
        '10.5.5.5',
        { fileName: 'Audit Report.doc', filePath, linkExpires: Number(url.searchParams.get('expires')) },
      ],
    ])
  })
})
