/**
 * /api/commission configurations (SPEC.md 2, 3, 5 "Commission", 7, 9) on PGlite and
 * PostgreSQL: the default (null before, created by PUT with SPEC.md 9's defaults and note, also by
 * two concurrent first saves, always active, never deleted), project configurations (defaults for
 * omitted fields, one per project even for two concurrent creates, merged updates, delete), the
 * 100 % total checked in basis points, steps of 0.1 and bounds, step-up on every write, audit rows
 * naming the admin, the paged list with its search and status filter, and the project picker.
 */
import { and, eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { COMMISSION_PAGE_SIZE, DEFAULT_CONFIG_NOTES } from '../../src/api/schemas/commission'
import { auditLog, commissionConfigs } from '../../server/db/schema'
import { commissionHelpers, VALID_RATES } from './commission-helpers'
import { describeEachDatabase } from './harness'

const DEFAULT_FIELDS = {
  ...VALID_RATES,
  agentDiscountPercent: 5,
  studentCommissionPercent: 0,
  noReferralDistribution: 'equal_split',
}

describeEachDatabase('commission configurations', (get) => {
  const h = commissionHelpers(get)
  const tag = () => h.uniq().replace(/\W/g, '')
  const create = async (body: Record<string, unknown> = {}) => {
    const project = await h.addProject()
    const res = await h.post('/api/commission/configs', { projectId: project.id, ...body })
    return { project, res, config: res.body.config }
  }
  const rowCount = async (projectId: string) =>
    (await h.db().select().from(commissionConfigs).where(eq(commissionConfigs.projectId, projectId))).length

  it('the default: null before, created by PUT with the defaults and the note (two concurrent first saves make one), always active, never deleted', async () => {
    expect(await h.get('/api/commission/configs/default')).toEqual({
      status: 200,
      body: { success: true, config: null },
    })
    const saves = await Promise.all([
      h.put('/api/commission/configs/default', {}),
      h.put('/api/commission/configs/default', { agentDiscountPercent: 7 }),
    ])
    expect(saves.map((s) => s.status)).toEqual([200, 200])
    expect(saves.map((s) => s.body.message).sort()).toEqual([
      'Default commission configuration created successfully',
      'Default commission configuration updated successfully',
    ])
    const rows = await h.db().select().from(commissionConfigs).where(eq(commissionConfigs.isDefault, true))
    expect(rows).toHaveLength(1)
    const { body } = await h.get('/api/commission/configs/default')
    expect(body.config).toMatchObject({
      ...DEFAULT_FIELDS,
      agentDiscountPercent: 7,
      notes: DEFAULT_CONFIG_NOTES,
      isActive: true,
      isDefault: true,
      project: null,
      _id: rows[0].id,
    })

    const updated = await h.put('/api/commission/configs/default', { projectOwnerRate: 40, platformOwnerRate: 40 })
    expect(updated).toMatchObject({
      status: 200,
      body: {
        config: { projectOwnerRate: 40, platformOwnerRate: 40, agentDiscountPercent: 7, notes: DEFAULT_CONFIG_NOTES },
      },
    })
    expect(await h.put('/api/commission/configs/default', { projectOwnerRate: 50 })).toMatchObject({
      status: 400,
      body: { message: 'Total must equal 100%' },
    })
    expect(await h.put('/api/commission/configs/default', { isActive: false })).toMatchObject({
      status: 400,
      body: { message: 'The default configuration is always active' },
    })
    expect(await h.put(`/api/commission/configs/${rows[0].id}`, { isActive: false })).toMatchObject({
      status: 400,
      body: { message: 'The default configuration is always active' },
    })
    expect(await h.del(`/api/commission/configs/${rows[0].id}`)).toMatchObject({
      status: 409,
      body: { success: false, message: 'The default configuration cannot be deleted' },
    })
    expect((await h.get('/api/commission/configs/default')).body.config).toMatchObject({
      projectOwnerRate: 40,
      isActive: true,
    })

    // The default comes first in the list, before newer project configurations.
    await create({ notes: 'newer than the default' })
    const list = await h.get('/api/commission/configs')
    expect(list.body.configs[0]).toMatchObject({ _id: rows[0].id, isDefault: true })
    expect(list.body.configs[1]).toMatchObject({ notes: 'newer than the default', isDefault: false })
  })

  it("POST creates a project's configuration (201) with the defaults for omitted fields and notes ''", async () => {
    const { project, res } = await create()
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      success: true,
      message: 'Commission configuration created successfully',
      config: {
        ...DEFAULT_FIELDS,
        notes: '',
        isActive: true,
        isDefault: false,
        project: { _id: project.id, title: project.title },
      },
    })
    const { res: custom } = await create({
      ...VALID_RATES,
      projectOwnerRate: 60,
      platformOwnerRate: 20,
      agentDiscountPercent: 12.5,
      studentCommissionPercent: 3.5,
      noReferralDistribution: 'platform_owner',
      notes: 'Agreed by e-mail',
      isActive: false,
    })
    expect(custom.body.config).toMatchObject({
      projectOwnerRate: 60,
      platformOwnerRate: 20,
      agentDiscountPercent: 12.5,
      studentCommissionPercent: 3.5,
      noReferralDistribution: 'platform_owner',
      notes: 'Agreed by e-mail',
      isActive: false,
    })
    const [row] = await h.db().select().from(commissionConfigs).where(eq(commissionConfigs.id, custom.body.config._id))
    expect(row).toMatchObject({
      projectOwnerRateBps: 6000,
      platformOwnerRateBps: 2000,
      agentDiscountBps: 1250,
      studentCommissionBps: 350,
    })
  })

  it('refuses totals of 99.9 and 100.1 and accepts exactly 100 in any decimal mix', async () => {
    for (const rates of [
      { ...VALID_RATES, referralCommissionRate: 4.9 },
      { ...VALID_RATES, referralCommissionRate: 5.1 },
      {
        projectOwnerRate: 33.3,
        platformOwnerRate: 33.3,
        customizerRate: 33.3,
        installationSupportRate: 0,
        referralCommissionRate: 0,
      },
    ]) {
      const { project, res } = await create(rates)
      expect(res).toMatchObject({ status: 400, body: { success: false, message: 'Total must equal 100%' } })
      expect(await rowCount(project.id)).toBe(0)
    }
    for (const rates of [
      {
        projectOwnerRate: 33.3,
        platformOwnerRate: 33.3,
        customizerRate: 33.4,
        installationSupportRate: 0,
        referralCommissionRate: 0,
      },
      {
        projectOwnerRate: 12.3,
        platformOwnerRate: 45.6,
        customizerRate: 7.8,
        installationSupportRate: 9.9,
        referralCommissionRate: 24.4,
      },
      {
        projectOwnerRate: 0.1,
        platformOwnerRate: 0.2,
        customizerRate: 0.3,
        installationSupportRate: 0.4,
        referralCommissionRate: 99,
      },
      {
        projectOwnerRate: '70.1',
        platformOwnerRate: '29.9',
        customizerRate: '',
        installationSupportRate: 0,
        referralCommissionRate: 0,
      },
      {
        projectOwnerRate: 100,
        platformOwnerRate: 0,
        customizerRate: 0,
        installationSupportRate: 0,
        referralCommissionRate: 0,
      },
    ]) {
      const { res } = await create(rates)
      expect(res.status, JSON.stringify(rates)).toBe(201)
    }
    // PUT: the total of the merged values counts, not the fields sent.
    const { config } = await create()
    expect(await h.put(`/api/commission/configs/${config._id}`, { projectOwnerRate: 49.9 })).toMatchObject({
      status: 400,
      body: { message: 'Total must equal 100%' },
    })
    expect(
      await h.put(`/api/commission/configs/${config._id}`, { projectOwnerRate: 49.9, platformOwnerRate: 30.1 }),
    ).toMatchObject({
      status: 200,
      body: { config: { projectOwnerRate: 49.9, platformOwnerRate: 30.1, customizerRate: 10 } },
    })
  })

  it('takes rates in steps of 0.1 within their bounds (rates 0-100, agent discount 0-50, student commission 0-20)', async () => {
    const refused = async (body: Record<string, unknown>, text: string) => {
      const { project, res } = await create(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(text)
      expect(await rowCount(project.id)).toBe(0)
    }
    await refused({ ...VALID_RATES, projectOwnerRate: 49.95, platformOwnerRate: 30.05 }, 'must be in steps of 0.1')
    await refused({ ...VALID_RATES, projectOwnerRate: 100.1 }, 'Project owner rate cannot exceed 100')
    await refused(
      { ...VALID_RATES, customizerRate: -0.1, referralCommissionRate: 5.1 },
      'Customizer rate must be at least 0',
    )
    await refused({ agentDiscountPercent: 50.1 }, 'Agent discount cannot exceed 50')
    await refused({ agentDiscountPercent: -1 }, 'Agent discount must be at least 0')
    await refused({ studentCommissionPercent: 20.1 }, 'Student commission cannot exceed 20')
    await refused({ noReferralDistribution: 'everyone' }, 'No-referral distribution must be one of')
    await refused({ isDefault: true }, 'isDefault')
    const { res } = await create({ agentDiscountPercent: 50, studentCommissionPercent: 20 })
    expect(res).toMatchObject({
      status: 201,
      body: { config: { agentDiscountPercent: 50, studentCommissionPercent: 20 } },
    })
    const { res: zero } = await create({ agentDiscountPercent: 0, studentCommissionPercent: 0.1 })
    expect(zero).toMatchObject({
      status: 201,
      body: { config: { agentDiscountPercent: 0, studentCommissionPercent: 0.1 } },
    })
  })

  it('keeps one configuration per project, also for two concurrent creates; unknown project 404; no project 400', async () => {
    const { project, res } = await create()
    expect(res.status).toBe(201)
    expect(await h.post('/api/commission/configs', { projectId: project.id })).toMatchObject({
      status: 409,
      body: { success: false, message: 'This project already has a commission configuration' },
    })
    const other = await h.addProject()
    const both = await Promise.all([
      h.post('/api/commission/configs', { projectId: other.id, notes: 'a' }),
      h.post('/api/commission/configs', { projectId: other.id, notes: 'b' }),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    expect(both.find((r) => r.status === 409)?.body.message).toBe('This project already has a commission configuration')
    expect(await rowCount(other.id)).toBe(1)
    expect(
      await h.post('/api/commission/configs', { projectId: '01890a5d-ac96-774b-b9aa-8c4e0a1b2c3d' }),
    ).toMatchObject({ status: 404, body: { message: 'Project not found' } })
    for (const body of [{}, { projectId: '' }, { projectId: 'not-a-uuid' }]) {
      const refused = await h.post('/api/commission/configs', body)
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.body)).toContain('Please select a project')
    }
  })

  it('PUT merges with the stored values; GET answers it; DELETE removes; unknown ids 404', async () => {
    const { config } = await create({ notes: 'before', agentDiscountPercent: 10 })
    const res = await h.put(`/api/commission/configs/${config._id}`, { notes: 'after', isActive: false })
    expect(res).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Commission configuration updated successfully',
        config: {
          ...DEFAULT_FIELDS,
          agentDiscountPercent: 10,
          notes: 'after',
          isActive: false,
          project: config.project,
        },
      },
    })
    expect(Date.parse(res.body.config.updatedAt)).toBeGreaterThanOrEqual(Date.parse(config.updatedAt))
    expect(await h.get(`/api/commission/configs/${config._id}`)).toEqual({
      status: 200,
      body: { success: true, config: res.body.config },
    })
    const missing = '01890a5d-ac96-774b-b9aa-8c4e0a1b2c3d'
    expect(await h.put(`/api/commission/configs/${missing}`, { notes: 'x' })).toMatchObject({
      status: 404,
      body: { message: 'Commission configuration not found' },
    })
    expect(await h.get(`/api/commission/configs/${missing}`)).toMatchObject({
      status: 404,
      body: { message: 'Commission configuration not found' },
    })
    expect(await h.del(`/api/commission/configs/${missing}`)).toMatchObject({
      status: 404,
      body: { message: 'Commission configuration not found' },
    })
    expect(await h.del(`/api/commission/configs/${config._id}`)).toEqual({
      status: 200,
      body: { success: true, message: 'Commission configuration deleted successfully' },
    })
    expect(await rowCount(config.project._id)).toBe(0)
    expect((await h.put('/api/commission/configs/nope', { notes: 'x' })).status).toBe(400)
  })

  it('needs a recent OTP proof for every write (step-up) and changes nothing without it', async () => {
    const { project, config } = await create({ notes: 'guarded' })
    const old = await h.tokenAged(20)
    const other = await h.addProject()
    for (const [method, path, body] of [
      ['POST', '/api/commission/configs', { projectId: other.id }],
      ['PUT', `/api/commission/configs/${config._id}`, { notes: 'changed' }],
      ['DELETE', `/api/commission/configs/${config._id}`, undefined],
      ['PUT', '/api/commission/configs/default', { notes: 'changed' }],
    ] as const) {
      expect(await h.send(method, path, body, old), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { code: 'step_up_required' },
      })
    }
    expect(await rowCount(other.id)).toBe(0)
    expect(
      (await h.get(`/api/commission/configs?search=guarded`)).body.configs.find(
        (c: { _id: string }) => c._id === config._id,
      ),
    ).toMatchObject({ notes: 'guarded', project: { _id: project.id } })
    expect((await h.send('GET', '/api/commission/stats', undefined, old)).status).toBe(200)
  })

  it('audits create, update and delete with the admin as actor', async () => {
    const { config } = await create({ notes: 'audited' })
    await h.put(`/api/commission/configs/${config._id}`, { customizerRate: 5, installationSupportRate: 10 })
    await h.del(`/api/commission/configs/${config._id}`)
    const admin = await h.admin()
    const rows = await h
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'commission_configs'), eq(auditLog.entityId, config._id)))
      .orderBy(auditLog.id)
    expect(rows.map((r) => [r.action, r.actorId, r.ip])).toEqual([
      ['commission.insert', admin.id, '10.0.0.1'],
      ['commission.update', admin.id, '10.0.0.1'],
      ['commission.delete', admin.id, '10.0.0.1'],
    ])
    expect(rows[1].before).toMatchObject({ customizer_rate_bps: 1000, installation_support_rate_bps: 500 })
    expect(rows[1].after).toMatchObject({ customizer_rate_bps: 500, installation_support_rate_bps: 1000 })
  })

  it(`lists ${COMMISSION_PAGE_SIZE} per page, newest first, searched over project title and notes, filtered by status`, async () => {
    const t = tag()
    const made: { _id: string }[] = []
    for (let i = 0; i < COMMISSION_PAGE_SIZE + 2; i++) {
      const { config } = await create({ notes: `Batch ${t} #${i}`, isActive: i % 3 !== 0 })
      made.push(config)
    }
    const page1 = await h.get(`/api/commission/configs?search=batch ${t.toUpperCase()}`)
    expect(page1.body.pagination).toEqual({ currentPage: 1, totalPages: 2, totalConfigs: COMMISSION_PAGE_SIZE + 2 })
    const newestFirst = [...made].reverse().map((c) => c._id)
    expect(page1.body.configs.map((c: { _id: string }) => c._id)).toEqual(newestFirst.slice(0, COMMISSION_PAGE_SIZE))
    const page2 = await h.get(`/api/commission/configs?search=batch ${t}&page=2`)
    expect(page2.body.configs.map((c: { _id: string }) => c._id)).toEqual(newestFirst.slice(COMMISSION_PAGE_SIZE))
    expect(page2.body.pagination.currentPage).toBe(2)
    expect((await h.get(`/api/commission/configs?search=batch ${t}&page=3`)).body).toMatchObject({
      configs: [],
      pagination: { currentPage: 3, totalPages: 2 },
    })

    const inactive = await h.get(`/api/commission/configs?search=${t}&isActive=false`)
    expect(inactive.body.pagination.totalConfigs).toBe(5)
    expect(inactive.body.configs.every((c: { isActive: boolean }) => !c.isActive)).toBe(true)
    expect((await h.get(`/api/commission/configs?search=${t}&isActive=true`)).body.pagination.totalConfigs).toBe(
      COMMISSION_PAGE_SIZE + 2 - 5,
    )
    expect((await h.get(`/api/commission/configs?search=${t}&isActive=all`)).body.pagination.totalConfigs).toBe(
      COMMISSION_PAGE_SIZE + 2,
    )

    // By the project's title; LIKE wildcards are literal.
    const project = await h.addProject({ title: `Inventory Portal ${t}` })
    const titled = await h.post('/api/commission/configs', { projectId: project.id })
    expect(
      (await h.get(`/api/commission/configs?search=inventory portal ${t}`)).body.configs.map(
        (c: { _id: string }) => c._id,
      ),
    ).toEqual([titled.body.config._id])
    expect((await h.get(`/api/commission/configs?search=${t}%25`)).body.pagination.totalConfigs).toBe(0)
    expect((await h.get(`/api/commission/configs?search=nothing-${t}`)).body).toMatchObject({
      configs: [],
      pagination: { currentPage: 1, totalPages: 0, totalConfigs: 0 },
    })
    for (const query of ['page=0', 'page=x', 'isActive=yes'])
      expect((await h.get(`/api/commission/configs?${query}`)).status).toBe(400)
  })

  it('picks projects by title: first 20 by title, case-insensitive substring of the title only, with price and configId', async () => {
    const t = tag()
    const projects: Awaited<ReturnType<typeof h.addProject>>[] = []
    for (let i = 0; i < 22; i++) {
      projects.push(
        await h.addProject({
          title: `${String.fromCharCode(90 - i)} Picker ${t}`,
          description: `Described ${t}-desc`,
          pricePaise: 49_999 + i,
        }),
      )
    }
    const configured = await h.post('/api/commission/configs', { projectId: projects[21].id })
    const res = await h.get(`/api/commission/projects?search=PICKER ${t}`)
    expect(res.status).toBe(200)
    const byTitle = [...projects].sort((a, b) => (a.title < b.title ? -1 : 1)).slice(0, 20)
    expect(res.body.projects).toEqual(
      byTitle.map((p) => ({
        _id: p.id,
        title: p.title,
        price: p.pricePaise / 100,
        configId: p.id === projects[21].id ? configured.body.config._id : null,
      })),
    )
    expect(res.body.projects[0]).toMatchObject({
      title: `E Picker ${t}`,
      price: 500.2,
      configId: configured.body.config._id,
    })
    expect((await h.get(`/api/commission/projects?search=${t}-desc`)).body.projects).toEqual([])
    expect((await h.get(`/api/commission/projects?search=${t}_`)).body.projects).toEqual([])
    const all = await h.get('/api/commission/projects')
    expect(all.body.projects.length).toBeLessThanOrEqual(20)
    const titles = all.body.projects.map((p: { title: string }) => p.title)
    const [first] = (
      (await h.db().execute(sql`SELECT title FROM projects ORDER BY title, id LIMIT 1`)) as unknown as {
        rows: { title: string }[]
      }
    ).rows
    expect(titles[0]).toBe(first.title)
  })
})
