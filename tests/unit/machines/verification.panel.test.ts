/** The panel state the verification commands drive: the palette's prompt, the edit dialog, the delete confirmation, the filter. */
import { describe, expect, it } from 'vitest'
import { makeEntry } from '../../fixtures/project'
import { start } from './verification.harness'

describe('verificationMachine: the panel state', () => {
  it('status.request opens the notes prompt; blank notes keep it; cancel closes it; notes submit', async () => {
    const { actor, submits, flow, ctx, loaded } = start()
    await loaded()
    actor.send({ type: 'status.request', status: 'needs_changes' })
    expect(ctx().requested).toBe('needs_changes')
    actor.send({ type: 'prompt.submit', notes: '  ' })
    expect(ctx().requested).toBe('needs_changes')
    actor.send({ type: 'prompt.cancel' })
    expect(ctx().requested).toBeNull()
    actor.send({ type: 'prompt.submit', notes: 'no prompt open' })
    expect(submits).toHaveLength(0)
    actor.send({ type: 'status.request', status: 'needs_changes' })
    actor.send({ type: 'prompt.submit', notes: 'Add a licence' })
    expect(flow()).toBe('submitting')
    expect(submits[0].input).toEqual({ projectId: 'p1', status: 'needs_changes', notes: 'Add a licence' })
    expect(ctx().requested).toBeNull()
  })

  it('the edit dialog starts from the entry, edits status and notes, marks a failed save, and cancels', async () => {
    const { actor, updates, ctx, loaded } = start()
    await loaded([makeEntry()])
    actor.send({ type: 'entry.edit', entryId: 'missing' })
    expect(ctx().entryEdit).toBeNull()
    actor.send({ type: 'entry.edit', entryId: 'e1' })
    expect(ctx().entryEdit).toEqual({ entryId: 'e1', status: 'approved', notes: 'Looks good', tried: false })
    actor.send({ type: 'edit.status', status: 'rejected' })
    actor.send({ type: 'edit.notes', notes: ' ' })
    actor.send({ type: 'edit.save' })
    expect(ctx().entryEdit).toMatchObject({ status: 'rejected', tried: true })
    expect(updates).toHaveLength(0)
    actor.send({ type: 'edit.cancel' })
    expect(ctx().entryEdit).toBeNull()
    actor.send({ type: 'edit.status', status: 'approved' })
    expect(ctx().entryEdit).toBeNull()
  })

  it('the delete confirmation: unknown entries are ignored, cancel closes it, confirm without one does nothing', async () => {
    const { actor, deletes, flow, ctx, loaded } = start()
    await loaded([makeEntry()])
    actor.send({ type: 'delete.confirm' })
    expect(flow()).toBe('idle')
    actor.send({ type: 'entry.delete', entryId: 'missing' })
    expect(ctx().deleting).toBeNull()
    actor.send({ type: 'entry.delete', entryId: 'e1' })
    actor.send({ type: 'delete.cancel' })
    expect(ctx().deleting).toBeNull()
    expect(deletes).toHaveLength(0)
  })

  it('keeps the history filter: a status and a search over notes', async () => {
    const { actor, ctx } = start()
    actor.send({ type: 'filter.status', status: 'rejected' })
    actor.send({ type: 'filter.search', search: 'licence' })
    expect(ctx().filter).toEqual({ status: 'rejected', search: 'licence' })
    actor.send({ type: 'filter.status', status: '' })
    expect(ctx().filter).toEqual({ status: '', search: 'licence' })
  })
})
