import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { ContactDetail, ContactStatus } from '../../../src/api/schemas/contacts'
import {
  contactStatusMachine,
  statusDoneText,
  type ContactStatusEmitted,
  type ContactStatusEvent,
} from '../../../src/machines/contact-status.machine'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

type Update = { id: string; status: ContactStatus; version?: string }
const V1 = '2026-11-27T10:00:00.000Z'
const withStatus = (status: ContactStatus) => ({ _id: 'c1', status, updatedAt: V1 }) as ContactDetail

function start(status: ContactStatus) {
  const updates: Array<{ input: Update; d: ReturnType<typeof deferred<ContactDetail>> }> = []
  const actor = createActor(
    contactStatusMachine.provide({
      actors: {
        updateStatus: fromPromise(({ input }: { input: Update }) => {
          const d = deferred<ContactDetail>()
          updates.push({ input, d })
          return d.promise
        }),
      },
    }),
    { input: { contact: withStatus(status) } },
  )
  const emitted: ContactStatusEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  return { actor, updates, emitted, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value }
}

describe('contactStatusMachine: versions', () => {
  it("each change sends the version last seen: the opened one, then the answer's", async () => {
    const { actor, updates } = start('new')
    expect(updates[0].input).toEqual({ id: 'c1', status: 'read', version: V1 })
    updates[0].d.resolve({ ...withStatus('read'), updatedAt: '2026-11-27T10:01:00.000Z' })
    await flush()
    actor.send({ type: 'status.set', status: 'archived' })
    expect(updates[1].input.version).toBe('2026-11-27T10:01:00.000Z')
    updates[1].d.resolve({ ...withStatus('archived'), updatedAt: '2026-11-27T10:02:00.000Z' })
    await flush()
    actor.send({ type: 'contact.refresh', version: '2026-11-27T10:05:00.000Z' })
    actor.send({ type: 'status.set', status: 'read' })
    expect(updates[2].input.version).toBe('2026-11-27T10:05:00.000Z')
  })
})

describe('contactStatusMachine: opening', () => {
  it('an unread contact is marked read once: opening → markingRead → idle, the read contact emitted, no toast', async () => {
    const { updates, emitted, state } = start('new')
    expect(state()).toBe('markingRead')
    expect(updates.map((u) => u.input)).toEqual([{ id: 'c1', status: 'read', version: V1 }])
    updates[0].d.resolve(withStatus('read'))
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([{ type: 'contact.changed', contact: withStatus('read') }])
    expect(updates).toHaveLength(1)
  })

  it.each(['read', 'replied', 'archived'] as const)(
    'a %s contact is left as it is: opening → idle, nothing sent',
    (status) => {
      const { updates, emitted, state } = start(status)
      expect(state()).toBe('idle')
      expect(updates).toHaveLength(0)
      expect(emitted).toEqual([])
    },
  )

  it("a failed mark-read: markingRead → idle with 'Failed to update contact status: {reason}'", async () => {
    const { updates, emitted, ctx, state } = start('new')
    updates[0].d.reject(new ApiError(500, 'Database unavailable'))
    await flush()
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({ target: null, error: 'Failed to update contact status: Database unavailable' })
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Failed to update contact status: Database unavailable' }])
  })

  it('quick actions wait while the mark-read is with the server', () => {
    const { actor, updates, state } = start('new')
    actor.send({ type: 'status.set', status: 'archived' })
    expect(state()).toBe('markingRead')
    expect(updates).toHaveLength(1)
  })
})

describe('contactStatusMachine: quick actions', () => {
  it('idle → updating → idle: sends the status, emits the success toast and the updated contact', async () => {
    const { actor, updates, emitted, ctx, state } = start('read')
    actor.send({ type: 'status.set', status: 'archived' })
    expect(state()).toBe('updating')
    expect(ctx().target).toBe('archived')
    expect(updates[0].input).toEqual({ id: 'c1', status: 'archived', version: V1 })
    updates[0].d.resolve(withStatus('archived'))
    await flush()
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({ target: null, error: null })
    expect(emitted).toEqual([
      { type: 'notify.success', text: 'Contact archived' },
      { type: 'contact.changed', contact: withStatus('archived') },
    ])
  })

  it("a refused change keeps 'Failed to update contact status: {reason}' until the next action; no reason → 'Request failed'", async () => {
    const { actor, updates, emitted, ctx, state } = start('read')
    actor.send({ type: 'status.set', status: 'new' })
    updates[0].d.reject(new ApiError(404, 'Contact not found'))
    await flush()
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({ target: null, error: 'Failed to update contact status: Contact not found' })
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Failed to update contact status: Contact not found' }])
    actor.send({ type: 'status.set', status: 'replied' })
    expect(ctx().error).toBeNull()
    updates[1].d.reject(new Error(''))
    await flush()
    expect(ctx().error).toBe('Failed to update contact status: Request failed')
  })

  it('one change at a time: another action while updating is ignored', () => {
    const { actor, updates, ctx } = start('archived')
    actor.send({ type: 'status.set', status: 'read' })
    actor.send({ type: 'status.set', status: 'new' })
    expect(updates).toHaveLength(1)
    expect(ctx().target).toBe('read')
  })

  it('every status has its success text', () => {
    expect((['read', 'replied', 'archived', 'new'] as const).map(statusDoneText)).toEqual([
      'Contact marked as read',
      'Contact marked as replied',
      'Contact archived',
      'Contact marked as unread',
    ])
  })
})

/** A 409 of a change based on an old version (decision 042). */
const STALE = new ApiError(
  409,
  'Contact was changed by Asha since you opened it',
  undefined,
  'version_conflict',
  undefined,
  {
    success: false,
    message: 'Contact was changed by Asha since you opened it',
    code: 'version_conflict',
    version: '2026-11-27T10:05:00.000Z',
    changes: [
      { actor: { id: 'a', name: 'Asha' }, at: V1, action: 'contact.update', fields: ['status'], before: {}, after: {} },
    ],
  },
)

const EVENTS = [
  { type: 'status.set', status: 'archived' },
  { type: 'xstate.done.actor.updateStatus', output: withStatus('archived') },
  { type: 'xstate.error.actor.updateStatus', error: new ApiError(500, 'down') },
  { type: 'xstate.error.actor.updateStatus', error: STALE },
  { type: 'xstate.done.actor.fetchContact', output: withStatus('replied') },
  { type: 'conflict.keepMine' },
  { type: 'conflict.takeTheirs' },
] as unknown as ContactStatusEvent[]

describe('contactStatusMachine, model-based', () => {
  for (const status of ['new', 'read'] as const) {
    const input = { contact: withStatus(status) }
    const paths = getSimplePaths(contactStatusMachine, {
      events: EVENTS,
      input,
      serializeState: (s) => JSON.stringify([s.value, s.context.target, !!s.context.error, s.context.status]),
    })
    it.each(paths.map((p, i) => [status, i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
      'opened %s, path %i: %s',
      async (_, __, ___, path) => {
        const fakes = fakeActors(['updateStatus', 'fetchContact'] as const)
        await replay(contactStatusMachine.provide({ actors: fakes.actors }), path, fakes, input)
      },
    )
    if (status === 'new') {
      it('opened unread, its simple paths reach every state (the transient opening aside)', () => {
        expect(unreached(contactStatusMachine, paths)).toEqual([])
      })
    }
  }
})
