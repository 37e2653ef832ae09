import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { ContactDetail } from '../../../src/api/schemas/contacts'
import type { ContactsStatusAction } from '../../../src/machines/contacts-list.rules'
import {
  contactsListMachine,
  type ContactRow,
  type ContactsListEmitted,
  type ContactsListEvent,
} from '../../../src/machines/contacts-list.machine'
import { flush } from '../../fixtures/project'
import { deferredCalls, describeListSelection } from './list-harness'
import { fakeActors, replay, unreached } from './model-walk'

const rows: ContactRow[] = [
  { id: 'a', name: 'Asha', status: 'new' },
  { id: 'b', name: 'Ravi', status: 'read' },
  { id: 'c', name: 'Meera', status: 'replied' },
  { id: 'd', name: 'Kiran', status: 'archived' },
]
const updated = { _id: 'a', status: 'read' } as ContactDetail

function start() {
  const { calls, logic } = deferredCalls<ContactsStatusAction>()
  const machine = contactsListMachine.provide({ actors: { updateStatus: logic as never } })
  const actor = createActor(machine).start()
  const emitted: ContactsListEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.send({ type: 'rows.loaded', rows })
  /** Settles call `i` with `value` (the actor's output: the contact of a row action, nothing for a bulk one). */
  const answer = (i: number, value?: unknown) => (calls[i].d.resolve as (v: unknown) => void)(value)
  return {
    actor,
    calls,
    answer,
    emitted,
    ctx: () => actor.getSnapshot().context,
    state: () => actor.getSnapshot().value,
  }
}

describeListSelection('contactsListMachine', () => ({
  ...start(),
  rowsWith: (ids) => rows.filter((r) => ids.includes(r.id)) as never[],
}))

describe('contactsListMachine: row actions', () => {
  it('idle → acting (the status call of one row) → idle; emits the success text and contacts.changed with the contact', async () => {
    const { actor, calls, answer, emitted, state, ctx } = start()
    actor.send({ type: 'status.set', id: 'a', action: 'mark_read' })
    expect(state()).toBe('acting')
    expect(ctx().pending).toEqual({ ids: ['a'], action: 'mark_read', bulk: false })
    expect(calls[0].action).toEqual({ ids: ['a'], action: 'mark_read', bulk: false })
    answer(0, updated)
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().pending).toBeNull()
    expect(emitted).toEqual([
      { type: 'notify.success', text: 'Contact marked as read' },
      { type: 'contacts.changed', contact: updated },
    ])
  })

  it("a failed row action says 'Failed to update contact status: {reason}' and still refetches; the selection stays", async () => {
    const { actor, calls, emitted, state, ctx } = start()
    actor.send({ type: 'selection.set', ids: ['b'] })
    actor.send({ type: 'status.set', id: 'c', action: 'archive' })
    calls[0].d.reject(new ApiError(404, 'Contact not found'))
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().selection).toEqual(['b'])
    expect(emitted).toEqual([
      { type: 'notify.error', text: 'Failed to update contact status: Contact not found' },
      { type: 'contacts.changed', contact: undefined },
    ])
  })

  it('ignores new actions while one is with the server; rows still load meanwhile', () => {
    const { actor, calls, state, ctx } = start()
    actor.send({ type: 'status.set', id: 'a', action: 'mark_replied' })
    actor.send({ type: 'status.set', id: 'b', action: 'archive' })
    actor.send({ type: 'bulk.run', ids: ['c'], action: 'mark_unread' })
    expect(calls).toHaveLength(1)
    actor.send({ type: 'rows.loaded', rows: rows.slice(0, 2) })
    expect(state()).toBe('acting')
    expect(ctx().rows).toHaveLength(2)
  })
})

describe('contactsListMachine: bulk actions', () => {
  it('idle → acting (the bulk call) → idle; "2 contacts archived", the selection cleared, contacts.changed', async () => {
    const { actor, calls, answer, emitted, state, ctx } = start()
    actor.send({ type: 'selection.set', ids: ['a', 'b'] })
    actor.send({ type: 'bulk.run', ids: ['a', 'b'], action: 'archive' })
    expect(state()).toBe('acting')
    expect(calls[0].action).toEqual({ ids: ['a', 'b'], action: 'archive', bulk: true })
    answer(0)
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().selection).toEqual([])
    expect(ctx().anchor).toBeNull()
    expect(emitted).toEqual([
      { type: 'notify.success', text: '2 contacts archived' },
      { type: 'contacts.changed', contact: undefined },
    ])
  })

  it('a bulk action answered with an undo ticket emits undo.offered', async () => {
    const { actor, answer, emitted } = start()
    actor.send({ type: 'bulk.run', ids: ['a', 'b'], action: 'archive' })
    const ticket = { id: 'u1', expiresAt: '2026-01-01T00:00:10.000Z' }
    answer(0, ticket)
    await flush()
    expect(emitted).toEqual([
      { type: 'undo.offered', text: '2 contacts archived', undo: ticket },
      { type: 'contacts.changed', contact: undefined },
    ])
  })

  it('a bulk action of one contact reads in the singular', async () => {
    const { actor, answer, emitted } = start()
    actor.send({ type: 'bulk.run', ids: ['d'], action: 'mark_unread' })
    answer(0)
    await flush()
    expect(emitted[0]).toEqual({ type: 'notify.success', text: 'Contact marked as unread' })
  })

  it("a failed bulk action says 'Failed to update contacts: {reason}' and keeps the selection; no reason → Request failed", async () => {
    const { actor, calls, emitted, ctx } = start()
    actor.send({ type: 'selection.set', ids: ['a', 'c'] })
    actor.send({ type: 'bulk.run', ids: ['a', 'c'], action: 'mark_replied' })
    calls[0].d.reject(new ApiError(404, 'Contact 0193 not found'))
    await flush()
    expect(ctx().selection).toEqual(['a', 'c'])
    actor.send({ type: 'bulk.run', ids: ['a', 'c'], action: 'mark_replied' })
    calls[1].d.reject(new Error(''))
    await flush()
    expect(emitted.filter((e) => e.type === 'notify.error')).toEqual([
      { type: 'notify.error', text: 'Failed to update contacts: Contact 0193 not found' },
      { type: 'notify.error', text: 'Failed to update contacts: Request failed' },
    ])
    expect(emitted.filter((e) => e.type === 'contacts.changed')).toHaveLength(2)
  })

  it("without a selection says 'Please select contacts to update' and calls nothing (SPEC.md 5)", () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'bulk.run', ids: [], action: 'archive' })
    expect(state()).toBe('idle')
    expect(calls).toHaveLength(0)
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Please select contacts to update' }])
  })
})

const EVENTS = [
  { type: 'rows.loaded', rows },
  { type: 'status.set', id: 'a', action: 'mark_read' },
  { type: 'bulk.run', ids: ['a', 'b'], action: 'archive' },
  { type: 'bulk.run', ids: [], action: 'archive' },
  { type: 'xstate.done.actor.updateStatus' },
  { type: 'xstate.error.actor.updateStatus', error: new ApiError(500, 'down') },
] as unknown as ContactsListEvent[]

const paths = getSimplePaths(contactsListMachine, {
  events: EVENTS,
  serializeState: (s) => JSON.stringify([s.value, s.context.pending?.bulk ?? null]),
})

describe('contactsListMachine, model-based', () => {
  it('its simple paths reach every state, acting for a row and for a bulk action', () => {
    // idle, acting a row, acting in bulk (the outcomes of each are the tests above).
    expect(paths.map((p) => p.steps.map((s) => s.event.type).join(' → '))).toEqual(
      expect.arrayContaining(['xstate.init → status.set', 'xstate.init → bulk.run']),
    )
    expect(unreached(contactsListMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['updateStatus'] as const)
      await replay(contactsListMachine.provide({ actors: fakes.actors }), path, fakes)
    },
  )
})
