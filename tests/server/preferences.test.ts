/**
 * Console preferences through the real app, on PGlite and PostgreSQL: defaults until
 * changed, PUT of one field keeping the others, the recent lists (newest first, no duplicates, at
 * most 20, concurrent pushes all kept), validation, one admin's preferences invisible to another.
 */
import { expect, it } from 'vitest'
import { DEFAULT_PREFERENCES, RECENT_LIMIT } from '../../src/api/schemas/preferences'
import { authHelpers } from './auth-helpers'
import { call, describeEachDatabase } from './harness'
import { sessionToken } from './session-token'

describeEachDatabase('admin preferences', (get) => {
  const { newAdmin } = authHelpers(get)
  const tokenOf = async () => sessionToken(get(), (await newAdmin()).id)
  const prefs = (token: string) => call(get(), 'GET', '/api/admin/preferences', undefined, token)
  const put = (token: string, body: unknown) => call(get(), 'PUT', '/api/admin/preferences', body, token)
  const recent = (token: string, body: unknown) => call(get(), 'POST', '/api/admin/preferences/recent', body, token)
  const template = {
    id: 'tpl-1',
    label: 'Needs a licence',
    text: '{title} needs a LICENSE file, {owner}.',
    decisions: ['needs_changes'],
  }

  it('answers the defaults until the admin changes something, and refuses no token', async () => {
    const token = await tokenOf()
    expect(await prefs(token)).toEqual({ status: 200, body: { success: true, preferences: DEFAULT_PREFERENCES } })
    expect((await call(get(), 'GET', '/api/admin/preferences')).status).toBe(401)
  })

  it('changes one field and keeps the others; the templates are replaced as a whole', async () => {
    const token = await tokenOf()
    const off = await put(token, { singleKeyShortcuts: false })
    expect(off.status).toBe(200)
    expect(off.body.preferences).toEqual({ ...DEFAULT_PREFERENCES, singleKeyShortcuts: false })
    const templates = await put(token, { reasonTemplates: [template] })
    expect(templates.body.preferences).toMatchObject({ singleKeyShortcuts: false, reasonTemplates: [template] })
    expect((await prefs(token)).body.preferences).toMatchObject({
      singleKeyShortcuts: false,
      reasonTemplates: [template],
    })
    expect((await put(token, { reasonTemplates: [] })).body.preferences.reasonTemplates).toEqual([])
  })

  it('refuses bad input with 400 and a clear message, storing nothing', async () => {
    const token = await tokenOf()
    const cases: Array<[unknown, RegExp]> = [
      [{ singleKeyShortcuts: 'yes' }, /singleKeyShortcuts must be true or false/],
      [{ theme: 'dark' }, /Unknown field|theme/],
      [{ reasonTemplates: [template, template] }, /Template ids must be unique/],
      [{ reasonTemplates: [{ ...template, text: ' ' }] }, /Template text is required/],
      [{ reasonTemplates: [{ ...template, decisions: ['maybe'] }] }, /Decision must be one of/],
      [
        { reasonTemplates: Array.from({ length: 31 }, (_, i) => ({ ...template, id: `t${i}` })) },
        /At most 30 templates/,
      ],
    ]
    for (const [body, message] of cases) {
      const res = await put(token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message, JSON.stringify(body)).toMatch(message)
    }
    expect((await recent(token, { command: 'no spaces allowed' })).status).toBe(400)
    expect((await recent(token, { record: { kind: 'planet', id: '1', label: 'x' } })).status).toBe(400)
    expect((await recent(token, { command: 'a', record: { kind: 'user', id: '1', label: 'x' } })).status).toBe(400)
    expect((await prefs(token)).body.preferences).toEqual(DEFAULT_PREFERENCES)
  })

  it('keeps recent commands and records newest first, without duplicates, at most 20', async () => {
    const token = await tokenOf()
    await recent(token, { command: 'projects.approve' })
    await recent(token, { command: 'nav.orders' })
    const again = await recent(token, { command: 'projects.approve' })
    expect(again.body.preferences.recentCommands).toEqual(['projects.approve', 'nav.orders'])
    await recent(token, { record: { kind: 'project', id: 'p1', label: 'Old title' } })
    await recent(token, { record: { kind: 'user', id: 'p1', label: 'A user with the same id' } })
    const renamed = await recent(token, { record: { kind: 'project', id: 'p1', label: 'New title' } })
    expect(renamed.body.preferences.recentRecords).toEqual([
      { kind: 'project', id: 'p1', label: 'New title' },
      { kind: 'user', id: 'p1', label: 'A user with the same id' },
    ])
    for (let i = 0; i < RECENT_LIMIT + 5; i++) await recent(token, { command: `cmd.${i}` })
    const commands = (await prefs(token)).body.preferences.recentCommands as string[]
    expect(commands).toHaveLength(RECENT_LIMIT)
    expect(commands[0]).toBe(`cmd.${RECENT_LIMIT + 4}`)
    expect(commands.at(-1)).toBe('cmd.5')
  })

  it('loses no push when two tabs record at once', async () => {
    const token = await tokenOf()
    await Promise.all(Array.from({ length: 8 }, (_, i) => recent(token, { command: `tab.${i}` })))
    const commands = (await prefs(token)).body.preferences.recentCommands as string[]
    expect([...commands].sort()).toEqual(Array.from({ length: 8 }, (_, i) => `tab.${i}`).sort())
  })

  it("keeps each admin's preferences their own", async () => {
    const [a, b] = [await tokenOf(), await tokenOf()]
    await put(a, { singleKeyShortcuts: false })
    await recent(a, { command: 'nav.users' })
    expect((await prefs(b)).body.preferences).toEqual(DEFAULT_PREFERENCES)
  })
})
