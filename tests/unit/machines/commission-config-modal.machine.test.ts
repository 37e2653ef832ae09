import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { CommissionConfig } from '../../../src/api/schemas/commission'
import {
  commissionConfigModalMachine,
  PREVIEW_DEFAULT_RUPEES,
  saveRequest,
  type CommissionModalEmitted,
  type CommissionSaveRequest,
} from '../../../src/machines/commission-config-modal.machine'
import { deferred, flush } from '../../fixtures/project'
import { commissionConfig, defaultConfig } from './commission-fixtures'

const project = { _id: 'p-9', title: 'Clinic CRM', price: 12_500 }

function start() {
  const calls: Array<{ request: CommissionSaveRequest; d: ReturnType<typeof deferred<CommissionConfig>> }> = []
  const machine = commissionConfigModalMachine.provide({
    actors: {
      saveConfig: fromPromise(({ input }: { input: CommissionSaveRequest }) => {
        const d = deferred<CommissionConfig>()
        calls.push({ request: input, d })
        return d.promise
      }),
    },
  })
  const actor = createActor(machine).start()
  const emitted: CommissionModalEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, calls, emitted, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value }
}

describe('commissionConfigModalMachine', () => {
  it('closed → create (a project configuration) with the SPEC.md 9 defaults and the ₹10,000 example', () => {
    const { actor, state, ctx } = start()
    expect(state()).toBe('closed')
    actor.send({ type: 'modal.create' })
    expect(state()).toBe('create')
    expect(ctx()).toMatchObject({
      mode: 'create',
      isDefault: false,
      configId: null,
      errors: {},
      preview: { amount: PREVIEW_DEFAULT_RUPEES },
    })
    expect(ctx().draft.rates.projectOwnerRate).toBe('50')
  })

  it('create refuses to save without a project; picking one makes its price the example order; save → saving → closed', async () => {
    const { actor, calls, emitted, state, ctx } = start()
    actor.send({ type: 'modal.create' })
    actor.send({ type: 'form.save' })
    expect(state()).toBe('create')
    expect(calls).toHaveLength(0)
    actor.send({ type: 'project.pick', project })
    expect(ctx().preview.amount).toBe('12500')
    actor.send({ type: 'form.save' })
    expect(state()).toBe('saving')
    expect(calls[0].request).toEqual({
      kind: 'createProject',
      projectId: 'p-9',
      body: expect.objectContaining({ projectOwnerRate: 50, isActive: true }),
    })
    const saved = commissionConfig({ _id: 'cfg-9' })
    calls[0].d.resolve(saved)
    await flush()
    expect(state()).toBe('closed')
    expect(emitted).toEqual([{ type: 'commission.saved', config: saved, created: true }])
  })

  it('a free project keeps the example amount', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'modal.create' })
    actor.send({ type: 'preview.amount', value: '777' })
    actor.send({ type: 'project.pick', project: { ...project, price: 0 } })
    expect(ctx().preview.amount).toBe('777')
  })

  it('a total of 99.9 % cannot be saved; fixed to 100 % it can', () => {
    const { actor, calls, state } = start()
    actor.send({ type: 'modal.create' })
    actor.send({ type: 'project.pick', project })
    actor.send({ type: 'field.change', field: 'projectOwnerRate', value: '49.9' })
    actor.send({ type: 'form.save' })
    expect(state()).toBe('create')
    actor.send({ type: 'field.change', field: 'platformOwnerRate', value: '30.1' })
    actor.send({ type: 'form.save' })
    expect(state()).toBe('saving')
    expect(calls[0].request.body).toMatchObject({ projectOwnerRate: 49.9, platformOwnerRate: 30.1 })
  })

  it('a refused create stays open in create with the server error, and typing clears it', async () => {
    const { actor, calls, state, ctx, emitted } = start()
    actor.send({ type: 'modal.create' })
    actor.send({ type: 'project.pick', project })
    actor.send({ type: 'form.save' })
    calls[0].d.reject(new ApiError(409, 'This project already has a commission configuration'))
    await flush()
    expect(state()).toBe('create')
    expect(ctx().errors.form).toBe('This project already has a commission configuration')
    expect(ctx().draft.project).toEqual(project)
    expect(emitted).toEqual([])
    actor.send({ type: 'notes.change', value: 'again' })
    expect(ctx().errors).toEqual({})
  })

  it('closed → create the default (no project needed) → saveDefault', async () => {
    const { actor, calls, state, ctx, emitted } = start()
    actor.send({ type: 'modal.createDefault' })
    expect(ctx()).toMatchObject({ mode: 'create', isDefault: true })
    actor.send({ type: 'form.save' })
    expect(calls[0].request).toMatchObject({ kind: 'saveDefault' })
    calls[0].d.resolve(defaultConfig())
    await flush()
    expect(state()).toBe('closed')
    expect(emitted[0]).toMatchObject({ created: true })
  })

  it('closed → edit with the stored values; save sends an update and announces it', async () => {
    const { actor, calls, state, ctx, emitted } = start()
    const config = commissionConfig()
    actor.send({ type: 'modal.edit', config })
    expect(state()).toBe('edit')
    expect(ctx()).toMatchObject({ mode: 'edit', configId: 'cfg-1', title: 'Inventory SaaS', isDefault: false })
    expect(ctx().draft.rates.customizerRate).toBe('7.5')
    actor.send({ type: 'project.pick', project })
    expect(ctx().draft.project).toBeNull()
    actor.send({ type: 'active.toggle' })
    actor.send({ type: 'distribution.set', value: 'platform_owner' })
    actor.send({ type: 'form.save' })
    expect(calls[0].request).toMatchObject({
      kind: 'update',
      id: 'cfg-1',
      body: { isActive: false, noReferralDistribution: 'platform_owner' },
    })
    calls[0].d.resolve(config)
    await flush()
    expect(state()).toBe('closed')
    expect(emitted[0]).toMatchObject({ created: false })
  })

  it('a refused update stays in edit with the reason', async () => {
    const { actor, calls, state, ctx } = start()
    actor.send({ type: 'modal.edit', config: commissionConfig() })
    actor.send({ type: 'form.save' })
    calls[0].d.reject(new ApiError(400, 'Validation failed', ['projectOwnerRate: Total must equal 100%']))
    await flush()
    expect(state()).toBe('edit')
    expect(ctx().errors.form).toBe('projectOwnerRate: Total must equal 100%')
  })

  it('a save failure without a reason says so', async () => {
    const { actor, calls, ctx } = start()
    actor.send({ type: 'modal.edit', config: commissionConfig() })
    actor.send({ type: 'form.save' })
    calls[0].d.reject(new Error(''))
    await flush()
    expect(ctx().errors.form).toBe('Failed to save configuration')
  })

  it('editing the default sends an update of its id; edit takes a newer stored config (the Default Config tab)', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'modal.edit', config: defaultConfig() })
    expect(ctx()).toMatchObject({ isDefault: true, title: null })
    actor.send({ type: 'modal.edit', config: defaultConfig({ projectOwnerRate: 40, platformOwnerRate: 40 }) })
    expect(ctx().draft.rates.projectOwnerRate).toBe('40')
    expect(saveRequest(ctx())).toMatchObject({ kind: 'update', id: 'cfg-default' })
  })

  it("an edit sends the configuration's version as opened (If-Match); a new one sends none", () => {
    const { actor, ctx } = start()
    actor.send({ type: 'modal.edit', config: commissionConfig({ updatedAt: '2026-11-27T10:00:00.000Z' }) })
    expect(saveRequest(ctx())).toMatchObject({ kind: 'update', version: '2026-11-27T10:00:00.000Z' })
    actor.send({ type: 'modal.close' })
    actor.send({ type: 'modal.create' })
    expect(saveRequest(ctx())).not.toHaveProperty('version')
  })

  it('closing an unchanged form closes at once', () => {
    const { actor, state } = start()
    actor.send({ type: 'modal.create' })
    actor.send({ type: 'modal.close' })
    expect(state()).toBe('closed')
    actor.send({ type: 'modal.edit', config: commissionConfig() })
    actor.send({ type: 'modal.close' })
    expect(state()).toBe('closed')
  })

  it('closing a changed form asks: Keep editing returns to create or edit, Discard closes', () => {
    const { actor, state, ctx } = start()
    actor.send({ type: 'modal.create' })
    actor.send({ type: 'field.change', field: 'customizerRate', value: '12' })
    actor.send({ type: 'modal.close' })
    expect(state()).toBe('discarding')
    actor.send({ type: 'field.change', field: 'customizerRate', value: '1' })
    expect(ctx().draft.rates.customizerRate).toBe('12')
    actor.send({ type: 'discard.cancel' })
    expect(state()).toBe('create')
    actor.send({ type: 'modal.close' })
    actor.send({ type: 'discard.confirm' })
    expect(state()).toBe('closed')

    actor.send({ type: 'modal.edit', config: commissionConfig() })
    actor.send({ type: 'notes.change', value: 'changed' })
    actor.send({ type: 'modal.close' })
    actor.send({ type: 'discard.cancel' })
    expect(state()).toBe('edit')
    actor.send({ type: 'modal.close' })
    actor.send({ type: 'discard.confirm' })
    expect(state()).toBe('closed')
  })

  it('Reset restores the opened draft', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'modal.edit', config: commissionConfig() })
    actor.send({ type: 'field.change', field: 'projectOwnerRate', value: '' })
    actor.send({ type: 'form.reset' })
    expect(ctx().draft).toEqual(ctx().initial)
  })

  it('the preview inputs: example amount and the two add-ons', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'modal.create' })
    actor.send({ type: 'preview.amount', value: '2500.50' })
    actor.send({ type: 'preview.toggle', addOn: 'customization' })
    actor.send({ type: 'preview.toggle', addOn: 'installation' })
    actor.send({ type: 'preview.toggle', addOn: 'installation' })
    expect(ctx().preview).toEqual({ amount: '2500.50', withCustomization: true, withInstallation: false })
  })

  it('while saving, editing events and close are ignored; closed ignores editing events', () => {
    const { actor, state, ctx } = start()
    actor.send({ type: 'field.change', field: 'projectOwnerRate', value: '1' })
    actor.send({ type: 'form.save' })
    expect(state()).toBe('closed')
    expect(ctx().draft.rates.projectOwnerRate).toBe('50')
    actor.send({ type: 'modal.edit', config: commissionConfig() })
    actor.send({ type: 'form.save' })
    actor.send({ type: 'field.change', field: 'projectOwnerRate', value: '1' })
    actor.send({ type: 'modal.close' })
    actor.send({ type: 'modal.create' })
    expect(state()).toBe('saving')
    expect(ctx().draft.rates.projectOwnerRate).toBe('60')
  })
})
