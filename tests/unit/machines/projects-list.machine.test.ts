import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { ApiError } from '../../../src/api/client'
import { claimQuestion, type ListAction } from '../../../src/machines/projects-list.rules'
import {
  projectsListMachine,
  type ListRow,
  type ProjectsListEmitted,
} from '../../../src/machines/projects-list.machine'
import { flush } from '../../fixtures/project'
import { deferredCalls, describeListSelection } from './list-harness'

const rows: ListRow[] = ['a', 'b', 'c', 'd'].map((id, i) => ({
  id,
  title: `P ${id}`,
  isActive: i % 2 === 0,
  verificationStatus: 'pending',
}))

function start() {
  const { calls, logic } = deferredCalls<ListAction>()
  const machine = projectsListMachine.provide({ actors: { runAction: logic as never } })
  const actor = createActor(machine).start()
  const emitted: ProjectsListEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.send({ type: 'rows.loaded', rows })
  return { actor, calls, emitted, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value }
}

describeListSelection('projectsListMachine', () => ({
  ...start(),
  rowsWith: (ids) => rows.filter((r) => ids.includes(r.id)) as never[],
}))

describe('projectsListMachine: actions', () => {
  it('approve: prompting → acting with the notes → idle, emits success and changed', async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'action.verify', ids: ['a'], status: 'approved' })
    expect(state()).toBe('prompting')
    actor.send({ type: 'prompt.submit', notes: '' })
    expect(state()).toBe('acting')
    expect(calls[0].action).toEqual({ kind: 'verify', ids: ['a'], status: 'approved', notes: '' })
    calls[0].d.resolve()
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([
      { type: 'notify.success', text: 'Project status updated to approved' },
      { type: 'projects.changed' },
    ])
  })

  it('a decision answered with an undo ticket emits undo.offered with the same text', async () => {
    const { actor, calls, emitted } = start()
    actor.send({ type: 'action.setActive', ids: ['a', 'b'], isActive: false })
    const ticket = { id: 'u1', expiresAt: '2026-01-01T00:00:10.000Z' }
    calls[0].d.resolve(ticket as never)
    await flush()
    expect(emitted).toEqual([
      { type: 'undo.offered', text: '2 projects deactivated successfully', undo: ticket },
      { type: 'projects.changed' },
    ])
  })

  it("reject with notes (the palette's reason page): idle → acting at once, no prompt", async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'action.verify', ids: ['a', 'b'], status: 'rejected', notes: 'Duplicate listing' })
    expect(state()).toBe('acting')
    expect(calls[0].action).toEqual({ kind: 'verify', ids: ['a', 'b'], status: 'rejected', notes: 'Duplicate listing' })
    calls[0].d.resolve()
    await flush()
    expect(state()).toBe('idle')
    expect(emitted.map((e) => e.type)).toEqual(['notify.success', 'projects.changed'])
  })

  it("a decision about projects others hold in triage asks 'Decide anyway?' first (confirmingClaim); Cancel drops it", () => {
    const { actor, calls, state, ctx } = start()
    actor.send({ type: 'action.verify', ids: ['a', 'b'], status: 'approved', claimedBy: ['Asha'] })
    expect(state()).toBe('confirmingClaim')
    expect(ctx().pending).toMatchObject({ kind: 'verify', ids: ['a', 'b'], claimedBy: ['Asha'] })
    actor.send({ type: 'prompt.submit', notes: 'ignored' })
    expect(state()).toBe('confirmingClaim')
    actor.send({ type: 'confirm.cancel' })
    expect(state()).toBe('idle')
    expect(ctx().pending).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it('Decide anyway goes on to the notes prompt, or straight to the server with the reason already given', async () => {
    const prompted = start()
    prompted.actor.send({ type: 'action.verify', ids: ['a'], status: 'approved', claimedBy: ['Asha'] })
    prompted.actor.send({ type: 'confirm.accept' })
    expect(prompted.state()).toBe('prompting')
    prompted.actor.send({ type: 'prompt.submit', notes: 'Fine' })
    expect(prompted.calls[0].action).toMatchObject({ kind: 'verify', ids: ['a'], status: 'approved', notes: 'Fine' })

    const given = start()
    given.actor.send({ type: 'action.verify', ids: ['a'], status: 'rejected', notes: 'Duplicate', claimedBy: ['Asha'] })
    given.actor.send({ type: 'confirm.accept' })
    expect(given.state()).toBe('acting')
    expect(given.calls[0].action).toMatchObject({ kind: 'verify', ids: ['a'], status: 'rejected', notes: 'Duplicate' })
    given.calls[0].d.resolve()
    await flush()
    expect(given.state()).toBe('idle')
  })

  it('claimQuestion names the moderators and how many of the projects they hold', () => {
    expect(claimQuestion(['Asha'], 1)).toBe('Asha is reviewing this project. Decide anyway?')
    expect(claimQuestion(['Asha'], 3)).toBe('1 of these 3 projects is being reviewed by Asha. Decide anyway?')
    expect(claimQuestion(['Asha', 'Ravi', 'Asha'], 3)).toBe(
      'All 3 projects are being reviewed by Asha and Ravi. Decide anyway?',
    )
    expect(claimQuestion(['Asha', 'Ravi'], 2)).toBe('Both projects are being reviewed by Asha and Ravi. Decide anyway?')
  })

  it('blank notes still ask for them (prompting); no ids do nothing', () => {
    const { actor, state } = start()
    actor.send({ type: 'action.verify', ids: [], status: 'rejected', notes: 'x' })
    expect(state()).toBe('idle')
    actor.send({ type: 'action.verify', ids: ['a'], status: 'rejected', notes: '  ' })
    expect(state()).toBe('prompting')
  })

  it('reject: cancelling the prompt aborts without a call', () => {
    const { actor, calls, state, ctx } = start()
    actor.send({ type: 'action.verify', ids: ['a', 'b'], status: 'rejected' })
    actor.send({ type: 'prompt.cancel' })
    expect(state()).toBe('idle')
    expect(ctx().pending).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it('reject failure emits "Reject failed"; approve failure "Approve failed"', async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'action.verify', ids: ['a'], status: 'rejected' })
    actor.send({ type: 'prompt.submit', notes: 'Broken build' })
    calls[0].d.reject(new ApiError(500, 'boom'))
    await flush()
    expect(state()).toBe('idle')
    actor.send({ type: 'action.verify', ids: ['a'], status: 'approved' })
    actor.send({ type: 'prompt.submit', notes: 'ok' })
    calls[1].d.reject(new ApiError(500, 'boom'))
    await flush()
    expect(emitted.map((e) => e.type === 'notify.error' && e.text)).toEqual(['Reject failed', 'Approve failed'])
  })

  it('delete: confirming → acting → idle; removes deleted ids from the selection', async () => {
    const { actor, calls, emitted, state, ctx } = start()
    actor.send({ type: 'selection.set', ids: ['a', 'b'] })
    actor.send({ type: 'action.delete', ids: ['a', 'b'] })
    expect(state()).toBe('confirming')
    actor.send({ type: 'confirm.accept' })
    expect(state()).toBe('acting')
    calls[0].d.resolve()
    await flush()
    expect(ctx().selection).toEqual([])
    expect(emitted[0]).toEqual({ type: 'notify.success', text: 'Projects deleted successfully' })
  })

  it('delete: cancel aborts; a failure names the server message', async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'action.delete', ids: ['a'] })
    actor.send({ type: 'confirm.cancel' })
    expect(state()).toBe('idle')
    expect(calls).toHaveLength(0)
    actor.send({ type: 'action.delete', ids: ['a'] })
    actor.send({ type: 'confirm.accept' })
    calls[0].d.reject(new ApiError(409, 'Project has orders'))
    await flush()
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Failed to delete project: Project has orders' }])
  })

  it('setActive goes straight to acting and reports activated/deactivated', async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'action.setActive', ids: ['b'], isActive: true })
    expect(state()).toBe('acting')
    calls[0].d.resolve()
    await flush()
    actor.send({ type: 'action.setActive', ids: ['a'], isActive: false })
    calls[1].d.reject(new ApiError(0, 'offline'))
    await flush()
    expect(
      emitted
        .filter((e) => e.type === 'notify.success' || e.type === 'notify.error')
        .map((e) => (e as { text: string }).text),
    ).toEqual(['Project activated successfully', 'Failed to update project status: offline'])
  })

  it('ignores actions without ids', () => {
    const { actor, state } = start()
    actor.send({ type: 'action.delete', ids: [] })
    actor.send({ type: 'action.verify', ids: [], status: 'approved' })
    actor.send({ type: 'action.setActive', ids: [], isActive: true })
    expect(state()).toBe('idle')
  })
})
