/** A status change refused as stale (409 version_conflict, decision 042): refetch, merge, or settle the conflict. */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { ContactDetail, ContactStatus } from '../../../src/api/schemas/contacts'
import type { VersionConflictBody } from '../../../src/api/schemas/versions'
import { contactStatusMachine, type ContactStatusEmitted } from '../../../src/machines/contact-status.machine'
import { deferred, flush } from '../../fixtures/project'

type Update = { id: string; status: ContactStatus; version?: string }
const V1 = '2026-11-27T10:00:00.000Z'
const V2 = '2026-11-27T10:05:00.000Z'
const V3 = '2026-11-27T10:06:00.000Z'
const contact = (status: ContactStatus, updatedAt = V1) => ({ _id: 'c1', status, updatedAt }) as ContactDetail
const staleStatus = (name = 'Asha') => {
  const body: VersionConflictBody = {
    success: false,
    message: `Contact was changed by ${name} since you opened it`,
    code: 'version_conflict',
    version: V2,
    changes: [
      { actor: { id: 'a', name }, at: V2, action: 'contact.update', fields: ['status'], before: {}, after: {} },
    ],
  }
  return new ApiError(409, body.message, undefined, body.code, undefined, body)
}

function start() {
  const updates: Array<{ input: Update; d: ReturnType<typeof deferred<ContactDetail>> }> = []
  const fetches: Array<ReturnType<typeof deferred<ContactDetail>>> = []
  const actor = createActor(
    contactStatusMachine.provide({
      actors: {
        updateStatus: fromPromise(({ input }: { input: Update }) => {
          const d = deferred<ContactDetail>()
          updates.push({ input, d })
          return d.promise
        }),
        fetchContact: fromPromise(() => {
          const d = deferred<ContactDetail>()
          fetches.push(d)
          return d.promise
        }),
      },
    }),
    { input: { contact: contact('read') } },
  )
  const emitted: ContactStatusEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  return {
    actor,
    updates,
    fetches,
    emitted,
    ctx: () => actor.getSnapshot().context,
    state: () => actor.getSnapshot().value,
  }
}

/** Archives the contact opened as read and answers with a 409. */
async function staleArchive() {
  const t = start()
  t.actor.send({ type: 'status.set', status: 'archived' })
  t.updates[0].d.reject(staleStatus())
  await flush()
  return t
}

describe('contactStatusMachine: stale changes', () => {
  it('updating → refetching on a 409 version_conflict, keeping the changes listed', async () => {
    const { state, ctx, fetches } = await staleArchive()
    expect(state()).toBe('refetching')
    expect(ctx().changes[0].actor?.name).toBe('Asha')
    expect(fetches).toHaveLength(1)
  })

  it('refetching → merging when they set the same status or left it alone: written with the new version', async () => {
    const { updates, fetches, emitted, state } = await staleArchive()
    fetches[0].resolve(contact('archived', V2))
    await flush()
    expect(state()).toBe('merging')
    expect(updates[1].input).toEqual({ id: 'c1', status: 'archived', version: V2 })
    const saved = contact('archived', V3)
    updates[1].d.resolve(saved)
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([
      { type: 'notify.success', text: "Merged with Asha's change to Status" },
      { type: 'contact.changed', contact: saved },
    ])
  })

  it('refetching → conflict when they set another status: holds theirs and mine', async () => {
    const { fetches, state, ctx } = await staleArchive()
    fetches[0].resolve(contact('replied', V2))
    await flush()
    expect(state()).toBe('conflict')
    expect(ctx().conflict?.merge.conflicts).toEqual([
      { field: 'status', base: 'read', theirs: 'replied', mine: 'archived' },
    ])
  })

  it('refetching → idle with the reason when the refetch fails', async () => {
    const { fetches, emitted, state, ctx } = await staleArchive()
    fetches[0].reject(new ApiError(500, 'Database unavailable'))
    await flush()
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({
      target: null,
      conflict: null,
      error: 'Failed to update contact status: Database unavailable',
    })
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Failed to update contact status: Database unavailable' }])
  })

  it('conflict → Keep mine → merging → idle: my status over theirs with the new version', async () => {
    const { actor, updates, fetches, emitted, state } = await staleArchive()
    fetches[0].resolve(contact('replied', V2))
    await flush()
    actor.send({ type: 'conflict.keepMine' })
    expect(state()).toBe('merging')
    expect(updates[1].input).toEqual({ id: 'c1', status: 'archived', version: V2 })
    updates[1].d.resolve(contact('archived', V3))
    await flush()
    expect(state()).toBe('idle')
    expect(emitted[0]).toEqual({ type: 'notify.success', text: "Saved your Status over Asha's change" })
  })

  it('conflict → Take theirs → idle: nothing written, the page shows theirs, the next change sends their version', async () => {
    const { actor, updates, fetches, emitted, state, ctx } = await staleArchive()
    const theirs = contact('replied', V2)
    fetches[0].resolve(theirs)
    await flush()
    actor.send({ type: 'conflict.takeTheirs' })
    expect(state()).toBe('idle')
    expect(updates).toHaveLength(1)
    expect(ctx()).toMatchObject({ target: null, conflict: null, status: 'replied', version: V2 })
    expect(emitted).toEqual([{ type: 'contact.changed', contact: theirs }])
    actor.send({ type: 'status.set', status: 'new' })
    expect(updates[1].input.version).toBe(V2)
  })

  it('merging → refetching when stale again; → idle with the reason on another failure', async () => {
    const { fetches, updates, state } = await staleArchive()
    fetches[0].resolve(contact('archived', V2))
    await flush()
    updates[1].d.reject(staleStatus('Ravi'))
    await flush()
    expect(state()).toBe('refetching')
    const again = await staleArchive()
    again.fetches[0].resolve(contact('archived', V2))
    await flush()
    again.updates[1].d.reject(new ApiError(500, 'down'))
    await flush()
    expect(again.state()).toBe('idle')
    expect(again.ctx().error).toBe('Failed to update contact status: down')
  })
})
