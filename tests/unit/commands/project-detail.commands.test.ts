import { describe, expect, it } from 'vitest'
import type { ProjectDetailHandle } from '../../../src/commands/project-detail.commands'
import type { VerificationHandle } from '../../../src/commands/verification.commands'
import { context, control, recorder } from './context'

function detail(over: Partial<ProjectDetailHandle> = {}, users = [{ _id: 'u1', name: 'Asha', email: 'a@x.in' }]) {
  const { actor, sent } = recorder<ProjectDetailHandle['actor']>()
  const handle: ProjectDetailHandle = { actor, isActive: true, editing: null, draft: {}, busy: false, ...over }
  return { ctx: context('/projects/p1', { projectDetail: handle, ownerSearch: { users } }), sent }
}

describe('project detail commands', () => {
  it('edit opens a section; while one is open the others say why not, and its own Edit is hidden', () => {
    const idle = detail()
    control('projects.detail.edit.tags', idle.ctx).run()
    expect(idle.sent).toEqual([{ type: 'section.edit', section: 'tags' }])
    const open = detail({ editing: 'tags' })
    expect(control('projects.detail.edit.tags', open.ctx).visible).toBe(false)
    expect(control('projects.detail.edit.links', open.ctx).reason).toBe('Save or cancel the open section first')
    expect(control('projects.detail.delete', open.ctx).reason).toBe('Save or cancel the open section first')
  })
  it('save and cancel exist only while editing and send typed events', () => {
    expect(control('projects.detail.save', detail().ctx).visible).toBe(false)
    const open = detail({ editing: 'owner' })
    control('projects.detail.save', open.ctx).run()
    control('projects.detail.cancel', open.ctx).run()
    expect(open.sent).toEqual([{ type: 'section.save' }, { type: 'section.cancel' }])
    expect(control('projects.detail.save', detail({ editing: 'owner', busy: true }).ctx).reason).toBe('Saving…')
  })
  it('a stale save in conflict offers Keep mine (m) and Take theirs (t) instead of Save; Cancel stays', () => {
    expect(control('projects.detail.conflict.keepMine', detail({ editing: 'description' }).ctx).visible).toBe(false)
    const stale = detail({ editing: 'description', conflict: true })
    expect(control('projects.detail.save', stale.ctx).visible).toBe(false)
    expect(control('projects.detail.cancel', stale.ctx).reason).toBeNull()
    expect(control('projects.detail.conflict.keepMine', stale.ctx)).toMatchObject({ visible: true, label: 'Keep mine' })
    expect(control('projects.detail.conflict.takeTheirs', stale.ctx).label).toBe('Take theirs')
    control('projects.detail.conflict.keepMine', stale.ctx).run()
    control('projects.detail.conflict.takeTheirs', stale.ctx).run()
    expect(stale.sent).toEqual([{ type: 'conflict.keepMine' }, { type: 'conflict.takeTheirs' }])
  })
  it("the draft's checkboxes and selects read and change the draft", () => {
    const { ctx, sent } = detail({ editing: 'status', draft: { isActive: true, isFeatured: false } })
    expect(control('projects.detail.field.isActive', ctx)).toMatchObject({
      visible: true,
      checked: true,
      label: 'Active',
    })
    expect(control('projects.detail.field.hasReport', ctx).visible).toBe(false)
    control('projects.detail.field.isFeatured', ctx).run()
    expect(sent).toEqual([{ type: 'draft.change', patch: { isFeatured: true } }])
    const details = detail({ editing: 'details', draft: { difficulty: 'Beginner' } })
    expect(
      control('projects.detail.field.difficulty', details.ctx, { kind: 'difficulty', id: 'Beginner' }).checked,
    ).toBe(true)
    control('projects.detail.field.category', details.ctx, { kind: 'category', id: 'SaaS' }).run()
    expect(details.sent).toEqual([{ type: 'draft.change', patch: { category: 'SaaS' } }])
  })
  it('owner: pick a found user (the target), show the picked one, clear only when set', () => {
    const { ctx, sent } = detail({ editing: 'owner', draft: { projectOwner: '' } })
    const user = { kind: 'user', id: 'u1' }
    expect(control('projects.owner.pick', ctx, user)).toMatchObject({
      visible: true,
      label: 'Asha (a@x.in)',
      checked: false,
    })
    expect(control('projects.owner.pick', ctx, { kind: 'user', id: 'nobody' }).visible).toBe(false)
    expect(control('projects.owner.clear', ctx).reason).toBe('No owner is set')
    control('projects.owner.pick', ctx, user).run()
    expect(sent).toEqual([{ type: 'draft.change', patch: { projectOwner: 'u1', ownerLabel: 'Asha (a@x.in)' } }])
    const picked = detail({ editing: 'owner', draft: { projectOwner: 'u1' } })
    expect(control('projects.owner.pick', picked.ctx, user).checked).toBe(true)
    control('projects.owner.clear', picked.ctx).run()
    expect(picked.sent).toEqual([{ type: 'draft.change', patch: { projectOwner: '', ownerLabel: '' } }])
  })
})

function panel(over: Partial<VerificationHandle> = {}) {
  const { actor, sent } = recorder<VerificationHandle['actor']>()
  const handle: VerificationHandle = {
    actor,
    quick: { status: '', notes: '' },
    filter: '',
    entryEdit: null,
    hasError: false,
    busy: false,
    ...over,
  }
  return { ctx: context('/projects/p1', { verification: handle }), sent }
}

describe('verification commands', () => {
  it('Update Status says which rule blocks it (SPEC.md 5), then submits', () => {
    expect(control('projects.verification.update', panel().ctx).reason).toBe('Status is required')
    expect(
      control('projects.verification.update', panel({ quick: { status: 'approved', notes: ' ' } }).ctx).reason,
    ).toBe('Notes are required')
    const ready = panel({ quick: { status: 'approved', notes: 'ok' } })
    control('projects.verification.update', ready.ctx).run()
    expect(ready.sent).toEqual([{ type: 'quick.submit' }])
  })
  it('status options, the filter and the palette status commands send typed events', () => {
    const { ctx, sent } = panel({ quick: { status: 'rejected', notes: '' }, filter: 'approved' })
    expect(control('projects.verification.quick.rejected', ctx).checked).toBe(true)
    expect(control('projects.verification.filter.approved', ctx).checked).toBe(true)
    expect(control('projects.verification.filter.all', ctx).checked).toBe(false)
    control('projects.verification.quick.pending', ctx).run()
    control('projects.verification.filter.all', ctx).run()
    control('projects.verification.under_review', ctx).run()
    expect(sent).toEqual([
      { type: 'quick.status', status: 'pending' },
      { type: 'filter.status', status: '' },
      { type: 'status.request', status: 'under_review' },
    ])
  })
  it('entry Edit and Delete act on their entry; the dialog commands exist only while it is open', () => {
    const { ctx, sent } = panel()
    const entry = { kind: 'verificationEntry', id: 'e1' }
    expect(control('projects.verification.editEntry', ctx).visible).toBe(false)
    control('projects.verification.editEntry', ctx, entry).run()
    control('projects.verification.deleteEntry', ctx, entry).run()
    expect(sent).toEqual([
      { type: 'entry.edit', entryId: 'e1' },
      { type: 'entry.delete', entryId: 'e1' },
    ])
    expect(control('projects.verification.saveEntry', ctx).visible).toBe(false)
    const editing = panel({ entryEdit: { entryId: 'e1', status: 'approved', notes: 'x', tried: false } })
    expect(control('projects.verification.entry.approved', editing.ctx).checked).toBe(true)
    control('projects.verification.saveEntry', editing.ctx).run()
    control('projects.verification.cancelEdit', editing.ctx).run()
    expect(editing.sent).toEqual([{ type: 'edit.save' }, { type: 'edit.cancel' }])
  })
  it('Dismiss shows only with an error', () => {
    expect(control('projects.verification.dismissError', panel().ctx).visible).toBe(false)
    const failed = panel({ hasError: true })
    control('projects.verification.dismissError', failed.ctx).run()
    expect(failed.sent).toEqual([{ type: 'error.dismiss' }])
  })
})
