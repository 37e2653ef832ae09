/** The commission form's stale save (409 version_conflict, decision 042): refetch, merge by field, or settle the conflict. */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { CommissionConfig } from '../../../src/api/schemas/commission'
import type { VersionConflictBody } from '../../../src/api/schemas/versions'
import {
  commissionConfigModalMachine,
  type CommissionModalEmitted,
  type CommissionSaveRequest,
} from '../../../src/machines/commission-config-modal.machine'
import { deferred, flush } from '../../fixtures/project'
import { commissionConfig } from './commission-fixtures'

const base = commissionConfig()
const V2 = '2026-11-03T10:00:00.000Z'
const V3 = '2026-11-03T10:05:00.000Z'
const stale = (fields: string[], name = 'Asha') => {
  const body: VersionConflictBody = {
    success: false,
    message: `Commission configuration was changed by ${name} since you opened it`,
    code: 'version_conflict',
    version: V2,
    changes: [{ actor: { id: 'a', name }, at: V2, action: 'commission.update', fields, before: {}, after: {} }],
  }
  return new ApiError(409, body.message, undefined, body.code, undefined, body)
}

function start() {
  const saves: Array<{ request: CommissionSaveRequest; d: ReturnType<typeof deferred<CommissionConfig>> }> = []
  const fetches: Array<{ input: { id: string }; d: ReturnType<typeof deferred<CommissionConfig>> }> = []
  const machine = commissionConfigModalMachine.provide({
    actors: {
      saveConfig: fromPromise(({ input }: { input: CommissionSaveRequest }) => {
        const d = deferred<CommissionConfig>()
        saves.push({ request: input, d })
        return d.promise
      }),
      fetchConfig: fromPromise(({ input }: { input: { id: string } }) => {
        const d = deferred<CommissionConfig>()
        fetches.push({ input, d })
        return d.promise
      }),
    },
  })
  const actor = createActor(machine).start()
  const emitted: CommissionModalEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return {
    actor,
    saves,
    fetches,
    emitted,
    ctx: () => actor.getSnapshot().context,
    state: () => actor.getSnapshot().value,
  }
}

/** Opens `base`, sets the notes to `notes` (and the rates to `rates`), saves, and answers with a 409 naming `fields`. */
async function staleSave(notes: string, fields: string[], rates: Record<string, string> = {}) {
  const t = start()
  t.actor.send({ type: 'modal.edit', config: base })
  t.actor.send({ type: 'notes.change', value: notes })
  for (const [field, value] of Object.entries(rates))
    t.actor.send({ type: 'field.change', field: field as 'projectOwnerRate', value })
  t.actor.send({ type: 'form.save' })
  t.saves[0].d.reject(stale(fields))
  await flush()
  return t
}

const theirs = (overrides: Partial<CommissionConfig> = {}) => commissionConfig({ updatedAt: V2, ...overrides })

describe('commissionConfigModalMachine: stale saves', () => {
  it('saving → refetching on a 409 version_conflict: keeps the changes listed and refetches the configuration', async () => {
    const { saves, fetches, state, ctx } = await staleSave('Mine', ['agentDiscountPercent'])
    expect(saves[0].request).toMatchObject({ kind: 'update', id: base._id, version: base.updatedAt })
    expect(state()).toBe('refetching')
    expect(ctx().changes[0].actor?.name).toBe('Asha')
    expect(fetches[0].input).toEqual({ id: base._id })
  })

  it('saving → edit with the reason on a 409 that is not a version conflict', async () => {
    const t = start()
    t.actor.send({ type: 'modal.edit', config: base })
    t.actor.send({ type: 'notes.change', value: 'Mine' })
    t.actor.send({ type: 'form.save' })
    t.saves[0].d.reject(new ApiError(409, 'Conflict'))
    await flush()
    expect(t.state()).toBe('edit')
    expect(t.ctx().errors.form).toBe('Conflict')
    expect(t.fetches).toHaveLength(0)
  })

  it('refetching → merging when no field conflicts: saves the merge with the new version, says what it merged', async () => {
    const { saves, fetches, emitted, state, ctx } = await staleSave('Mine', ['agentDiscountPercent'])
    fetches[0].d.resolve(theirs({ agentDiscountPercent: 12 }))
    await flush()
    expect(state()).toBe('merging')
    expect(ctx().version).toBe(V2)
    expect(saves[1].request).toEqual({
      kind: 'update',
      id: base._id,
      version: V2,
      body: expect.objectContaining({ notes: 'Mine', agentDiscountPercent: 12, projectOwnerRate: 60 }),
    })
    const saved = theirs({ agentDiscountPercent: 12, notes: 'Mine', updatedAt: V3 })
    saves[1].d.resolve(saved)
    await flush()
    expect(state()).toBe('closed')
    expect(emitted).toEqual([
      {
        type: 'commission.saved',
        config: saved,
        created: false,
        notice: "Merged with Asha's change to Agent Discount (%)",
      },
    ])
  })

  it('refetching → conflict when both changed a field: holds theirs and mine', async () => {
    const { fetches, state, ctx } = await staleSave('Mine', ['notes'])
    fetches[0].d.resolve(theirs({ notes: 'Theirs' }))
    await flush()
    expect(state()).toBe('conflict')
    expect(ctx().version).toBe(base.updatedAt)
    expect(ctx().conflict?.merge.conflicts).toEqual([
      { field: 'notes', base: 'Negotiated split', theirs: 'Theirs', mine: 'Mine' },
    ])
  })

  it('refetching → edit with the reason when the refetch fails', async () => {
    const { fetches, state, ctx } = await staleSave('Mine', ['notes'])
    fetches[0].d.reject(new ApiError(500, 'Database unavailable'))
    await flush()
    expect(state()).toBe('edit')
    expect(ctx().errors.form).toBe('Database unavailable')
  })

  it('conflict → Keep mine → merging → closed: writes my values with the new version, names what it wrote over', async () => {
    const { actor, saves, fetches, emitted, state } = await staleSave('Mine', ['notes'])
    fetches[0].d.resolve(theirs({ notes: 'Theirs' }))
    await flush()
    actor.send({ type: 'conflict.keepMine' })
    expect(state()).toBe('merging')
    expect(saves[1].request).toMatchObject({ version: V2, body: { notes: 'Mine' } })
    const saved = theirs({ notes: 'Mine', updatedAt: V3 })
    saves[1].d.resolve(saved)
    await flush()
    expect(state()).toBe('closed')
    expect(emitted).toEqual([
      { type: 'commission.saved', config: saved, created: false, notice: "Saved your Notes over Asha's change" },
    ])
  })

  it('conflict → Take theirs → edit: the conflicting field shows theirs, my other edits stay, based on theirs', async () => {
    const { actor, saves, fetches, state, ctx } = await staleSave('Mine', ['notes'], {
      projectOwnerRate: '55',
      platformOwnerRate: '30',
    })
    fetches[0].d.resolve(theirs({ notes: 'Theirs' }))
    await flush()
    actor.send({ type: 'conflict.takeTheirs' })
    expect(state()).toBe('edit')
    expect(ctx()).toMatchObject({ version: V2, conflict: null, changes: [] })
    expect(ctx().draft).toMatchObject({ notes: 'Theirs', rates: { projectOwnerRate: '55', platformOwnerRate: '30' } })
    expect(ctx().initial.notes).toBe('Theirs')
    actor.send({ type: 'form.save' })
    expect(saves[1].request).toMatchObject({ version: V2, body: { notes: 'Theirs', projectOwnerRate: 55 } })
  })

  it('conflict → close → closed: nothing of mine is written, the page is told the configuration changed', async () => {
    const { actor, saves, fetches, emitted, state } = await staleSave('Mine', ['notes'])
    const now = theirs({ notes: 'Theirs' })
    fetches[0].d.resolve(now)
    await flush()
    actor.send({ type: 'modal.close' })
    expect(state()).toBe('closed')
    expect(saves).toHaveLength(1)
    expect(emitted).toEqual([{ type: 'commission.stale', config: now }])
  })

  it('merging → refetching when stale again; → edit with the reason on another failure', async () => {
    const { fetches, saves, state, ctx } = await staleSave('Mine', ['agentDiscountPercent'])
    fetches[0].d.resolve(theirs({ agentDiscountPercent: 12 }))
    await flush()
    saves[1].d.reject(stale(['isActive'], 'Ravi'))
    await flush()
    expect(state()).toBe('refetching')
    expect(ctx().changes[0].actor?.name).toBe('Ravi')
    const again = await staleSave('Mine', ['agentDiscountPercent'])
    again.fetches[0].d.resolve(theirs({ agentDiscountPercent: 12 }))
    await flush()
    again.saves[1].d.reject(new ApiError(400, 'Total must equal 100%'))
    await flush()
    expect(again.state()).toBe('edit')
    expect(again.ctx().errors.form).toBe('Total must equal 100%')
  })
})
