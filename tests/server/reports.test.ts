import JSZip from 'jszip'
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projects } from '../../server/db/schema'
import { minimalDocx } from '../fixtures/documents'
import { call, type TestContext } from './harness'
import { adminContext, insertProject } from './projects-helpers'

const doc = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)])

describe('project reports /api/admin/projects/:id/report', () => {
  let ctx: TestContext
  let token: string
  beforeAll(async () => ({ ctx, token } = await adminContext()))
  afterAll(async () => ctx?.close())

  const upload = async (projectId: string, name: string, data: Buffer, price = '0') => {
    const form = new FormData()
    form.append('report', new Blob([new Uint8Array(data)]), name)
    form.append('price', price)
    const res = await ctx.app.request(`/api/admin/projects/${projectId}/report`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    return { status: res.status, body: (await res.json()) as any }
  }

  it('uploads a .docx, replaces it with a .doc, downloads through a signed expiring link, deletes', async () => {
    const project = await insertProject(ctx, { reportPricePaise: 49_900 })
    expect(await upload(project.id, 'Report.docx', await minimalDocx('first'))).toEqual({
      status: 200,
      body: { success: true, message: 'Report uploaded successfully!' },
    })
    const [row] = await ctx.deps.db.select().from(projects).where(eq(projects.id, project.id))
    expect(row).toMatchObject({ hasReport: true, reportPricePaise: 49_900 })
    expect((await upload(project.id, 'Old Report.doc', doc())).status).toBe(200)
    const reportDir = path.join(ctx.dataDir, 'files', 'reports', project.id)
    expect(fs.readdirSync(reportDir)).toHaveLength(1)

    const link = await call(ctx, 'GET', `/api/admin/projects/${project.id}/report/download`, undefined, token)
    const url = new URL(link.body.downloadUrl)
    expect(url.origin).toBe(ctx.deps.env.PUBLIC_URL)
    const file = await ctx.app.request(`${url.pathname}${url.search}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/msword')
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''Old%20Report.doc")
    expect(Buffer.from(await file.arrayBuffer()).equals(doc())).toBe(true)
    expect((await ctx.app.request(`${url.pathname}?expires=${url.searchParams.get('expires')}&sig=x`)).status).toBe(403)
    ctx.advance(11 * 60 * 1000)
    expect((await ctx.app.request(`${url.pathname}${url.search}`)).status).toBe(403)

    const deleted = await call(ctx, 'DELETE', `/api/admin/projects/${project.id}/report`, undefined, token)
    expect(deleted.body).toEqual({ success: true, message: 'Report deleted successfully!' })
    expect(fs.readdirSync(reportDir)).toHaveLength(0)
    const [after] = await ctx.deps.db.select().from(projects).where(eq(projects.id, project.id))
    expect(after.hasReport).toBe(false)
    expect((await call(ctx, 'DELETE', `/api/admin/projects/${project.id}/report`, undefined, token)).status).toBe(404)
    expect((await call(ctx, 'GET', `/api/admin/projects/${project.id}/report/download`, undefined, token)).status).toBe(
      404,
    )
  })

  it('refuses files that are not Word documents, whatever their name', async () => {
    const project = await insertProject(ctx)
    const notWord = { status: 400, body: { message: 'Only .doc and .docx files are allowed' } }
    expect(await upload(project.id, 'report.docx', Buffer.from('plain text'))).toMatchObject(notWord)
    const otherZip = new JSZip()
    otherZip.file('readme.txt', 'x')
    expect(await upload(project.id, 'report.docx', await otherZip.generateAsync({ type: 'nodebuffer' }))).toMatchObject(
      notWord,
    )
    expect(await upload(project.id, 'report.pdf', await minimalDocx('x'))).toMatchObject(notWord)
    expect((await upload(project.id, 'report.docx', await minimalDocx('x'), 'abc')).body.message).toBe(
      'Report price must be a number',
    )
    const [row] = await ctx.deps.db.select().from(projects).where(eq(projects.id, project.id))
    expect(row.hasReport).toBe(false)
  })
})
