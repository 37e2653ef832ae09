import { describe, expect, it } from 'vitest'
import type { ProjectsListHandle } from '../../../src/commands/projects-list.commands'
import type { ListRow } from '../../../src/machines/projects-list.machine'
import { context, control, recorder } from './context'

const rows: ListRow[] = [
  { id: 'a', title: 'Alpha', isActive: true, verificationStatus: 'approved' },
  { id: 'b', title: 'Beta', isActive: false, verificationStatus: 'pending' },
]
const filters = {
  search: '',
  status: '' as const,
  verificationStatus: '' as const,
  category: '',
  risk: '' as const,
  limit: 20,
  page: 1,
}

function list(over: Partial<ProjectsListHandle> = {}, selection: string[] = [], focused?: string) {
  const { actor, sent } = recorder<ProjectsListHandle['actor']>()
  const handle: ProjectsListHandle = {
    actor,
    rows,
    selected: selection,
    filters,
    focusSearch: () => {},
    filtered: false,
    clearFilters: () => {},
    totalPages: 3,
    ...over,
  }
  const ctx = context('/projects', {
    projectsList: handle,
    selection,
    focused: focused ? { kind: 'project', id: focused } : undefined,
  })
  return { ctx, sent }
}
const row = (id: string) => ({ kind: 'project', id })

describe('projects list commands', () => {
  it("a row's Approve acts on that row only, and is not offered once approved (SPEC.md 4)", () => {
    const { ctx, sent } = list({}, ['a', 'b'])
    expect(control('projects.approve', ctx, row('a')).visible).toBe(false)
    expect(control('projects.reject', ctx, row('a')).visible).toBe(true)
    control('projects.approve', ctx, row('b')).run()
    expect(sent).toEqual([{ type: 'action.verify', ids: ['b'], status: 'approved' }])
    expect(control('projects.approve', ctx).label).toBe('Approve 1 project, 1 already approved')
    control('projects.approve', ctx).run()
    expect(sent.at(-1)).toEqual({ type: 'action.verify', ids: ['b'], status: 'approved' })
    expect(control('projects.reject', ctx).label).toBe('Reject 2 projects')
  })
  it('a decision names the other moderators holding its projects in triage, so the list asks first', () => {
    const { ctx, sent } = list({ claimedBy: (id) => (id === 'b' ? 'Asha' : null) }, ['a', 'b'])
    control('projects.reject', ctx).run()
    expect(sent).toEqual([{ type: 'action.verify', ids: ['a', 'b'], status: 'rejected', claimedBy: ['Asha'] }])
    control('projects.reject', ctx, row('a')).run()
    expect(sent.at(-1)).toEqual({ type: 'action.verify', ids: ['a'], status: 'rejected' })
  })
  it("'Decide anyway?' is answered by a command pair, offered only while the list asks", () => {
    const idle = list({}, ['b'])
    expect(control('projects.decideAnyway', idle.ctx).visible).toBe(false)
    expect(control('projects.leaveToReviewer', idle.ctx).visible).toBe(false)
    const { ctx, sent } = list({ askingClaimOf: ['Asha'] }, ['b'])
    expect(control('projects.decideAnyway', ctx)).toMatchObject({ visible: true, label: 'Decide anyway' })
    expect(control('projects.leaveToReviewer', ctx)).toMatchObject({ visible: true, label: 'Cancel' })
    control('projects.decideAnyway', ctx).run()
    control('projects.leaveToReviewer', ctx).run()
    expect(sent).toEqual([{ type: 'confirm.accept' }, { type: 'confirm.cancel' }])
  })
  it('several projects all in the status: the decision is shown disabled with the reason', () => {
    const approved = rows.map((r) => ({ ...r, verificationStatus: 'approved' as const }))
    const { ctx, sent } = list({ rows: approved }, ['a', 'b'])
    const approve = control('projects.approve', ctx)
    expect(approve).toMatchObject({ visible: true, label: 'Approve', reason: 'Already approved' })
    approve.run()
    expect(sent).toEqual([])
    expect(control('projects.markPending', ctx).label).toBe('Mark pending 2 projects')
  })
  it("mixed activation: E activates the inactive ones and says so ('Activate 1 project, 2 already active')", () => {
    const mixed: ListRow[] = [...rows, { id: 'c', title: 'Gamma', isActive: true, verificationStatus: 'pending' }]
    const { ctx, sent } = list({ rows: mixed }, ['a', 'b', 'c'])
    const toggle = control('projects.toggleActive', ctx)
    expect(toggle.label).toBe('Activate 1 project, 2 already active')
    expect(toggle.checked).toBe(false)
    toggle.run()
    expect(sent).toEqual([{ type: 'action.setActive', ids: ['b'], isActive: true }])
    const active = list({ rows: mixed }, ['a', 'c'])
    expect(control('projects.toggleActive', active.ctx).label).toBe('Deactivate 2 projects')
    control('projects.toggleActive', active.ctx).run()
    expect(active.sent).toEqual([{ type: 'action.setActive', ids: ['a', 'c'], isActive: false }])
    const inactive = list({ rows: mixed.map((r) => ({ ...r, isActive: false })) }, ['a', 'b', 'c'])
    expect(control('projects.toggleActive', inactive.ctx).label).toBe('Activate 3 projects')
  })
  it('without a focus or selection, row actions say why they cannot run', () => {
    const { ctx } = list()
    expect(control('projects.delete', ctx).reason).toBe('Focus a project with J/K or select some with X')
  })
  it("a row's activate toggle and delete use the row; labels follow its state", () => {
    const { ctx, sent } = list({}, ['b'])
    expect(control('projects.toggleActive', ctx, row('a')).label).toBe('Deactivate project')
    control('projects.toggleActive', ctx, row('a')).run()
    control('projects.delete', ctx, row('a')).run()
    expect(sent).toEqual([
      { type: 'action.setActive', ids: ['a'], isActive: false },
      { type: 'action.delete', ids: ['a'] },
    ])
  })
  it("a row's checkbox shows and toggles that row's selection", () => {
    const { ctx, sent } = list({}, ['b'])
    expect(control('projects.toggleSelect', ctx, row('b')).checked).toBe(true)
    expect(control('projects.toggleSelect', ctx, row('a')).checked).toBe(false)
    expect(control('projects.toggleSelect', ctx, row('a')).label).toBe('Select Alpha')
    control('projects.toggleSelect', ctx, row('a')).run()
    expect(sent).toEqual([{ type: 'row.toggle', id: 'a' }])
  })
  it('select all: unchecked, indeterminate, checked; toggles all or none', () => {
    expect(control('projects.selectAll', list().ctx).checked).toBe(false)
    expect(control('projects.selectAll', list({}, ['a']).ctx).checked).toBe('indeterminate')
    const all = list({}, ['a', 'b'])
    expect(control('projects.selectAll', all.ctx).checked).toBe(true)
    control('projects.selectAll', all.ctx).run()
    const none = list()
    control('projects.selectAll', none.ctx).run()
    expect([...all.sent, ...none.sent]).toEqual([
      { type: 'selection.set', ids: [] },
      { type: 'selection.set', ids: ['a', 'b'] },
    ])
  })
  it('Delete Selected shows only with a selection and counts it', () => {
    expect(control('projects.deleteSelected', list().ctx).visible).toBe(false)
    expect(control('projects.deleteSelected', list({}, ['a', 'b']).ctx).label).toBe('Delete Selected (2)')
  })
  it('filters and page size are options whose checked state is the URL, and navigate to page 1', () => {
    const { ctx } = list({ filters: { ...filters, status: 'active', page: 3 } })
    expect(control('projects.filter.status.active', ctx).checked).toBe(true)
    expect(control('projects.filter.status.all', ctx).checked).toBe(false)
    control('projects.filter.verification.under_review', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/projects?status=active&verification=under_review')
    control('projects.pageSize.50', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/projects?status=active&limit=50')
    const category = { kind: 'category', id: 'AI/ML' }
    expect(control('projects.filter.category', ctx, category)).toMatchObject({
      visible: true,
      label: 'AI/ML',
      checked: false,
    })
    control('projects.filter.category', ctx, category).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/projects?status=active&category=AI%2FML')
    expect(control('projects.filter.category', ctx).visible).toBe(false)
  })
  it('risk filters are options on the URL: has secrets, no licence, high risk, no report, all', () => {
    const { ctx } = list({ filters: { ...filters, risk: 'high', page: 2 } })
    expect(control('projects.filter.risk.high', ctx)).toMatchObject({
      visible: true,
      checked: true,
      label: 'High risk',
    })
    expect(control('projects.filter.risk.all', ctx).checked).toBe(false)
    control('projects.filter.risk.secrets', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/projects?risk=secrets')
    control('projects.filter.risk.noLicence', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/projects?risk=no-licence')
    control('projects.filter.risk.unreported', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/projects?risk=unreported')
    control('projects.filter.risk.all', ctx).run()
    expect(ctx.navigate).toHaveBeenLastCalledWith('/projects')
  })
  it('Previous and Next page through the URL and stop at the ends', () => {
    const first = list()
    expect(control('projects.prevPage', first.ctx).reason).toBe('This is the first page')
    control('projects.nextPage', first.ctx).run()
    expect(first.ctx.navigate).toHaveBeenCalledWith('/projects?page=2')
    expect(control('projects.nextPage', list({ filters: { ...filters, page: 3 } }).ctx).reason).toBe(
      'This is the last page',
    )
  })
})
