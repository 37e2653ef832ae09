import { describe, expect, it } from 'vitest'
import { registry } from '../../../src/commands/app-registry'
import { entityKindsOf, parsePaletteQuery } from '../../../src/commands/palette-query'
import { appliesToTarget, rankCommands, rankItems } from '../../../src/commands/palette-rank'
import { buildPaletteRows, recordPath, type PaletteRow } from '../../../src/commands/palette-rows'
import type { ProjectsListHandle } from '../../../src/commands/projects-list.commands'
import type { Command } from '../../../src/commands/registry'
import type { EntityHit } from '../../../src/api/palette-search'
import { context, recorder } from './context'

const visibleHere = (route: string, view = {}) => {
  const ctx = context(route, view)
  return { ctx, commands: registry.visible(ctx).filter((c) => c.id !== 'app.palette') }
}

function projectsListView(focusedId = 'p1', selection: string[] = []) {
  const { actor, sent } = recorder<ProjectsListHandle['actor']>()
  const handle: ProjectsListHandle = {
    actor,
    rows: [
      { id: 'p1', title: 'Shop Kit', isActive: true, verificationStatus: 'pending' },
      { id: 'p2', title: 'CRM Lite', isActive: true, verificationStatus: 'pending' },
    ],
    selected: selection,
    filters: { search: '', status: '', verificationStatus: '', category: '', risk: '', page: 1, limit: 20 },
    focusSearch: () => undefined,
    filtered: false,
    clearFilters: () => {},
    totalPages: 1,
    about: (id) => (id === 'p1' ? { owner: 'Asha', category: 'E-commerce' } : { owner: null, category: 'CRM' }),
  } as ProjectsListHandle
  return { view: { projectsList: handle, focused: { kind: 'project', id: focusedId }, selection }, sent }
}

describe('parsePaletteQuery', () => {
  it.each([
    ['>appro', 'commands', 'appro'],
    ['#  shop ', 'projects', 'shop'],
    ['@ravi', 'users', 'ravi'],
    ['$ORD-2026', 'orders', 'ORD-2026'],
    ['!refund', 'contacts', 'refund'],
    ['/pay', 'screens', 'pay'],
    ['  approve ', 'all', 'approve'],
    ['', 'all', ''],
  ])('%j → %s %j', (input, mode, text) => {
    expect(parsePaletteQuery(input)).toEqual({ mode, text })
  })
  it('only the first character is a prefix: "a#b" is free text', () => {
    expect(parsePaletteQuery('a#b')).toEqual({ mode: 'all', text: 'a#b' })
  })
  it('entity searches: one kind per mode with text; projects for free text of 2+ characters; none for > and /', () => {
    expect(entityKindsOf(parsePaletteQuery('#shop'))).toEqual(['projects'])
    expect(entityKindsOf(parsePaletteQuery('$'))).toEqual([])
    expect(entityKindsOf(parsePaletteQuery('@r'))).toEqual(['users'])
    expect(entityKindsOf(parsePaletteQuery('s'))).toEqual([])
    expect(entityKindsOf(parsePaletteQuery('sh'))).toEqual(['projects'])
    expect(entityKindsOf(parsePaletteQuery('>shop'))).toEqual([])
    expect(entityKindsOf(parsePaletteQuery('/shop'))).toEqual([])
  })
})

describe('rankItems (match-sorter tiers)', () => {
  const titles = [
    'Zap approvals',
    'Disapprove',
    'A Pretty Print Rocket Ok',
    'Approve',
    'Approve project',
    'Go to Orders',
    'apxxpxrxo',
  ]
  const rank = (q: string) => rankItems(titles, q, { keys: [(t) => t] })
  it('equal > starts-with > word-starts-with > contains > acronym > fuzzy; no match dropped', () => {
    expect(rank('approve')).toEqual(['Approve', 'Approve project', 'Disapprove'])
    expect(rank('appro')).toEqual([
      'Approve',
      'Approve project',
      'Zap approvals',
      'Disapprove',
      'A Pretty Print Rocket Ok',
      'apxxpxrxo',
    ])
  })
  it('a boosted item comes first among strong matches, never above a strong match when it is only fuzzy', () => {
    const ranked = rankItems(titles, 'appro', {
      keys: [(t) => t],
      boost: (t) => t === 'Disapprove' || t === 'apxxpxrxo',
    })
    expect(ranked.slice(0, 2)).toEqual(['Disapprove', 'Approve'])
    // The boosted fuzzy match leads the weak ones (acronym, fuzzy), after every strong one.
    expect(ranked.slice(4)).toEqual(['apxxpxrxo', 'A Pretty Print Rocket Ok'])
  })
  it('empty text keeps every item, boosted first, otherwise in the given order', () => {
    expect(rankItems(['a', 'b', 'c'], ' ', { keys: [(t) => t], boost: (t) => t === 'c' })).toEqual(['c', 'a', 'b'])
  })
})

describe('rankCommands', () => {
  it("'appro' on the Projects screen ranks Approve project first (not Go to Orders)", () => {
    const { view } = projectsListView()
    const { ctx, commands } = visibleHere('/projects', view)
    const ranked = rankCommands(commands, 'appro', ctx)
    expect(ranked[0].id).toBe('projects.approve')
    expect(ranked.findIndex((c) => c.id === 'nav.orders')).not.toBe(0)
  })
  it('commands acting on the focused record or the screen are boosted; others are not', () => {
    const { view } = projectsListView()
    const { ctx } = visibleHere('/projects', view)
    const get = (id: string) => registry.get(id) as Command
    expect(appliesToTarget(get('projects.approve'), ctx)).toBe(true)
    expect(appliesToTarget(get('nav.orders'), ctx)).toBe(false)
    expect(appliesToTarget(get('users.focusNext'), context('/users/u1'))).toBe(true)
    expect(appliesToTarget(get('projects.approve'), context('/'))).toBe(false)
  })
  it("'go ord' finds Go to Orders by word starts", () => {
    const { ctx, commands } = visibleHere('/projects')
    expect(rankCommands(commands, 'go ord', ctx)[0].id).toBe('nav.orders')
  })
})

const keys = (rows: PaletteRow[]) => rows.map((r) => r.key)
const hit = (id: string, title: string): EntityHit => ({
  kind: 'project',
  id,
  title,
  detail: '',
  path: `/projects/${id}`,
})

describe('buildPaletteRows', () => {
  const base = () => {
    const { ctx, commands } = visibleHere('/projects', projectsListView().view)
    return { ctx, commands, recentCommands: [] as string[], recentRecords: [], entities: {} }
  }
  it('no text: recent commands and records first, then the other commands', () => {
    const rows = buildPaletteRows({
      ...base(),
      query: parsePaletteQuery(''),
      recentCommands: ['nav.orders', 'gone.command'],
      recentRecords: [{ kind: 'user', id: 'u1', label: 'Ravi' }],
    })
    expect(keys(rows).slice(0, 4)).toEqual(['h:recent', 'c:nav.orders', 'r:user:u1', 'h:commands'])
    expect(keys(rows).filter((k) => k === 'c:nav.orders')).toHaveLength(1)
  })
  it('free text: a recent command never ranks above a better match, and leads among equal ones', () => {
    // 'Mark under review' matched 'reject' only weakly; being recent must not lift it above Reject.
    const rows = buildPaletteRows({
      ...base(),
      query: parsePaletteQuery('reject'),
      recentCommands: ['projects.markUnderReview', 'nav.orders'],
    })
    const commandKeys = keys(rows).filter((k) => k.startsWith('c:'))
    expect(keys(rows)[0]).toBe('h:commands')
    expect(commandKeys[0]).toBe('c:projects.reject')
    const { ctx, commands } = visibleHere('/dashboard')
    const plain = rankCommands(commands, 'go to', ctx).map((c) => c.id)
    const withRecent = rankCommands(commands, 'go to', ctx, ['nav.payments']).map((c) => c.id)
    expect(plain[0]).not.toBe('nav.payments')
    expect(withRecent[0]).toBe('nav.payments')
  })
  it('free text: a recent record is listed only when it matches strongly', () => {
    const records = [{ kind: 'project' as const, id: 'p9', label: 'Shop Kit' }]
    expect(keys(buildPaletteRows({ ...base(), query: parsePaletteQuery('kit'), recentRecords: records }))).toContain(
      'r:project:p9',
    )
    expect(
      keys(buildPaletteRows({ ...base(), query: parsePaletteQuery('skt'), recentRecords: records })),
    ).not.toContain('r:project:p9')
  })
  it('free text: matching recents, then ranked commands, then the projects the server found, ranked, with n of total', () => {
    const rows = buildPaletteRows({
      ...base(),
      query: parsePaletteQuery('shop'),
      recentRecords: [
        { kind: 'project', id: 'p9', label: 'Shop Kit' },
        { kind: 'user', id: 'u1', label: 'Ravi' },
      ],
      entities: {
        projects: {
          loading: false,
          result: { total: 1234, hits: [hit('a', 'Big shopfront'), hit('b', 'Shop Kit'), hit('c', 'Other')] },
        },
      },
    })
    const k = keys(rows)
    expect(k[0]).toBe('h:recent')
    expect(k).toContain('r:project:p9')
    expect(k).not.toContain('r:user:u1')
    const h = rows.find((r) => r.key === 'h:projects')
    expect(h).toMatchObject({ type: 'heading', label: 'Projects', detail: '3 of 1,234' })
    expect(k.slice(k.indexOf('h:projects') + 1)).toEqual(['e:projects:b', 'e:projects:a', 'e:projects:c'])
    const capped = buildPaletteRows({
      ...base(),
      query: parsePaletteQuery('#s'),
      entities: { projects: { loading: false, result: { total: 1000, capped: true, hits: [hit('a', 'Shop')] } } },
    })
    expect(capped[0]).toMatchObject({ label: 'Projects', detail: '1 of 1,000+' })
  })
  it('entity mode: only that kind; a note while searching or when nothing matched', () => {
    expect(keys(buildPaletteRows({ ...base(), query: parsePaletteQuery('@'), entities: {} }))).toEqual(['n:type'])
    const searching = buildPaletteRows({
      ...base(),
      query: parsePaletteQuery('@ravi'),
      entities: { users: { loading: true } },
    })
    expect(searching[1]).toMatchObject({ type: 'note', text: 'Searching users…' })
    const none = buildPaletteRows({
      ...base(),
      query: parsePaletteQuery('$zz'),
      entities: { orders: { loading: false, result: { total: 0, hits: [] } } },
    })
    expect(none[1]).toMatchObject({ type: 'note', text: "No order matches 'zz'" })
  })
  it("'>' lists commands only; '/' lists screens", () => {
    const cmds = buildPaletteRows({ ...base(), query: parsePaletteQuery('>appro') })
    expect(keys(cmds).slice(0, 2)).toEqual(['h:commands', 'c:projects.approve'])
    expect(cmds.every((r) => r.type === 'heading' || r.type === 'command')).toBe(true)
    expect(keys(buildPaletteRows({ ...base(), query: parsePaletteQuery('/pay') }))).toEqual(['h:screens', 's:payments'])
  })
  it('record paths', () => {
    expect(recordPath('order', 'o1')).toBe('/orders?order=o1')
    expect(recordPath('contact', 'c1')).toBe('/contacts/c1')
  })
})

describe('argument commands', () => {
  it("Reject on the palette asks for a reason with the 'rejected' templates filled from the focused project, then sends the notes", () => {
    const { view, sent } = projectsListView('p1')
    const ctx = context('/projects', view)
    const reject = registry.get('projects.reject') as Command
    const arg = reject.argument
    expect(arg?.kind).toBe('text')
    if (arg?.kind !== 'text') return
    expect(arg.prompt(ctx)).toBe('Reason for rejecting Shop Kit')
    expect(arg.templates?.decision).toBe('rejected')
    expect(arg.templates?.values(ctx)).toEqual({ title: 'Shop Kit', owner: 'Asha', category: 'E-commerce' })
    expect(registry.runWith(reject, ctx, 'Duplicate')).toEqual({ ran: true })
    expect(sent).toEqual([{ type: 'action.verify', ids: ['p1'], status: 'rejected', notes: 'Duplicate' }])
  })
  it('with a selection the prompt counts the projects; approve takes no argument', () => {
    const { view } = projectsListView('p1', ['p1', 'p2'])
    const ctx = context('/projects', view)
    const arg = registry.get('projects.markNeedsChanges')?.argument
    expect(arg?.kind === 'text' && arg.prompt(ctx)).toBe('Reason for requesting changes on 2 projects')
    expect(arg?.kind === 'text' && arg.templates?.values(ctx)).toEqual({ title: 'your project' })
    expect(registry.get('projects.approve')?.argument).toBeUndefined()
    expect(registry.runWith(registry.get('projects.approve') as Command, ctx, 'x')).toEqual({
      ran: false,
      reason: 'Approve project takes no argument',
    })
  })
  it('Assign owner sends edit, the picked user as the draft, and save to the detail actor', () => {
    const { actor, sent } = recorder<never>()
    const ctx = context('/projects/p1', {
      projectDetail: { actor, isActive: true, editing: null, draft: {}, busy: false },
    })
    const assign = registry.get('projects.owner.assign') as Command
    expect(registry.runWith(assign, ctx, { id: 'u1', label: 'Ravi (r@x.in)' })).toEqual({ ran: true })
    expect(sent).toEqual([
      { type: 'section.edit', section: 'owner' },
      { type: 'draft.change', patch: { projectOwner: 'u1', ownerLabel: 'Ravi (r@x.in)' } },
      { type: 'section.save' },
    ])
    expect(registry.runWith(assign, ctx, 'text')).toEqual({ ran: false, reason: 'Assign owner needs a user' })
    const busy = context('/projects/p1', {
      projectDetail: { actor, isActive: true, editing: 'tags', draft: {}, busy: false },
    })
    expect(registry.runWith(assign, busy, { id: 'u1', label: 'x' })).toEqual({
      ran: false,
      reason: 'Save or cancel the open section first',
    })
  })
  it("the project page's Set status: Rejected asks for the reason, fills templates from the project, then requests and submits", () => {
    const detail = recorder<never>()
    const panel = recorder<never>()
    const ctx = context('/projects/p1', {
      projectDetail: {
        actor: detail.actor,
        isActive: true,
        editing: null,
        draft: {},
        busy: false,
        about: { title: 'Shop Kit', owner: 'Asha', category: 'SaaS' },
      },
      verification: {
        actor: panel.actor,
        quick: { status: '', notes: '' },
        filter: '',
        entryEdit: null,
        hasError: false,
        busy: false,
      },
    })
    const command = registry.get('projects.verification.rejected') as Command
    const arg = command.argument
    if (arg?.kind !== 'text') throw new Error('expected a text argument')
    expect(arg.prompt(ctx)).toBe('Reason for rejecting Shop Kit')
    expect(arg.templates?.values(ctx)).toEqual({ title: 'Shop Kit', owner: 'Asha', category: 'SaaS' })
    expect(registry.runWith(command, ctx, 'Duplicate')).toEqual({ ran: true })
    expect(panel.sent).toEqual([
      { type: 'status.request', status: 'rejected' },
      { type: 'prompt.submit', notes: 'Duplicate' },
    ])
    expect(registry.get('projects.verification.approved')?.argument).toBeUndefined()
  })
})
