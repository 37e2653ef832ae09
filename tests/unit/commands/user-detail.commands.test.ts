import { describe, expect, it } from 'vitest'
import type { StepUpHandle } from '../../../src/commands/step-up.commands'
import type { UserDetailHandle } from '../../../src/commands/user-detail.commands'
import { context, control, recorder } from './context'

function detail(over: Partial<UserDetailHandle> = {}) {
  const { actor, sent } = recorder<UserDetailHandle['actor']>()
  const handle: UserDetailHandle = {
    actor,
    isActive: true,
    editing: null,
    draft: {},
    busy: false,
    hasAccountNumber: true,
    revealed: false,
    ...over,
  }
  return { ctx: context('/users/u1', { userDetail: handle }), sent }
}

describe('user detail commands', () => {
  it('are absent elsewhere; back navigates to the users', () => {
    const elsewhere = context('/projects')
    for (const id of [
      'users.detail.back',
      'users.detail.toggleActive',
      'users.detail.revealAccount',
      'users.detail.edit.basic',
    ]) {
      expect(control(id, elsewhere).visible, id).toBe(false)
    }
    // 'User not found' and 'Error Loading User' publish no handle, and still offer the way back.
    expect(control('users.detail.back', context('/users/u1')).visible).toBe(true)
    expect(control('users.detail.toggleActive', context('/users/u1')).visible).toBe(false)
    const { ctx } = detail()
    control('users.detail.back', ctx).run()
    expect(ctx.navigate).toHaveBeenCalledWith('/users')
  })

  it('edit opens a section (1-7); while one is open the others and the page actions say why not, and its own Edit is hidden', () => {
    const idle = detail()
    control('users.detail.edit.bankDetails', idle.ctx).run()
    expect(idle.sent).toEqual([{ type: 'section.edit', section: 'bankDetails' }])
    const open = detail({ editing: 'agent' })
    expect(control('users.detail.edit.agent', open.ctx).visible).toBe(false)
    for (const id of ['users.detail.edit.basic', 'users.detail.toggleActive', 'users.detail.revealAccount']) {
      expect(control(id, open.ctx).reason, id).toBe('Save or cancel the open section first')
    }
    expect(control('users.detail.toggleActive', detail({ busy: true }).ctx).reason).toBe(
      'Wait for the current change to finish',
    )
  })

  it('save and cancel exist only while editing and send typed events; busy says Saving…', () => {
    expect(control('users.detail.save', detail().ctx).visible).toBe(false)
    const open = detail({ editing: 'basic' })
    control('users.detail.save', open.ctx).run()
    control('users.detail.cancel', open.ctx).run()
    expect(open.sent).toEqual([{ type: 'section.save' }, { type: 'section.cancel' }])
    expect(control('users.detail.save', detail({ editing: 'basic', busy: true }).ctx).reason).toBe('Saving…')
  })

  it('activate/deactivate is labelled by the state and sends user.toggleActive', () => {
    const active = detail()
    expect(control('users.detail.toggleActive', active.ctx).label).toBe('Deactivate user')
    expect(control('users.detail.toggleActive', detail({ isActive: false }).ctx).label).toBe('Activate user')
    control('users.detail.toggleActive', active.ctx).run()
    expect(active.sent).toEqual([{ type: 'user.toggleActive' }])
  })

  it("the admin's own page: Deactivate is disabled with the server's reason, Activate is not", () => {
    const signedInAs = (ctx: ReturnType<typeof detail>['ctx'], id: string) => ({
      ...ctx,
      auth: { getSnapshot: () => ({ context: { admin: { _id: id } } }) } as never,
    })
    const own = detail()
    expect(control('users.detail.toggleActive', signedInAs(own.ctx, 'u1')).reason).toBe(
      'You cannot deactivate your own account',
    )
    expect(control('users.detail.toggleActive', signedInAs(own.ctx, 'u2')).reason).toBeNull()
    expect(control('users.detail.toggleActive', signedInAs(detail({ isActive: false }).ctx, 'u1')).reason).toBeNull()
  })

  it('Reveal account number shows only with a masked number not yet revealed, and sends account.reveal', () => {
    const { ctx, sent } = detail()
    expect(control('users.detail.revealAccount', ctx)).toMatchObject({
      visible: true,
      label: 'Reveal account number',
      reason: null,
    })
    control('users.detail.revealAccount', ctx).run()
    expect(sent).toEqual([{ type: 'account.reveal' }])
    expect(control('users.detail.revealAccount', detail({ revealed: true }).ctx).visible).toBe(false)
    expect(control('users.detail.revealAccount', detail({ hasAccountNumber: false }).ctx).visible).toBe(false)
  })

  it("the draft's checkboxes and selects read and change the draft, in their sections only (isAgent in two)", () => {
    const flags = detail({ editing: 'flags', draft: { isAdmin: false, isAgent: true } })
    expect(control('users.detail.field.isAgent', flags.ctx)).toMatchObject({
      visible: true,
      checked: true,
      label: 'Agent',
    })
    expect(control('users.detail.field.newsletter', flags.ctx).visible).toBe(false)
    control('users.detail.field.isAdmin', flags.ctx).run()
    expect(flags.sent).toEqual([{ type: 'draft.change', patch: { isAdmin: true } }])
    expect(
      control('users.detail.field.isAgent', detail({ editing: 'agent', draft: { isAgent: false } }).ctx).visible,
    ).toBe(true)
    const agent = detail({ editing: 'agent', draft: { agentStatus: 'pending' } })
    const option = (id: string) => ({ kind: 'agentStatus', id })
    expect(control('users.detail.field.agentStatus', agent.ctx, option('pending'))).toMatchObject({
      checked: true,
      label: 'Pending',
    })
    control('users.detail.field.agentStatus', agent.ctx, option('active')).run()
    expect(agent.sent).toEqual([{ type: 'draft.change', patch: { agentStatus: 'active' } }])
    const basic = detail({ editing: 'basic', draft: { year: '' } })
    expect(control('users.detail.field.year', basic.ctx, { kind: 'year', id: 'Graduate' })).toMatchObject({
      visible: true,
      checked: false,
      label: 'Graduate',
    })
    expect(control('users.detail.field.year', agent.ctx, { kind: 'year', id: 'Graduate' }).visible).toBe(false)
  })
})

function stepUp(over: Partial<StepUpHandle> = {}) {
  const { actor, sent } = recorder<StepUpHandle['actor']>()
  const handle: StepUpHandle = { actor, code: '', codeSent: true, busy: false, ...over }
  return { ctx: context('/users/u1', { stepUp: handle }), sent }
}

describe('step-up dialog commands', () => {
  it('exist only while the dialog is open', () => {
    for (const id of ['auth.stepUp.confirm', 'auth.stepUp.resend', 'auth.stepUp.cancel'])
      expect(control(id, context('/users/u1')).visible, id).toBe(false)
  })
  it('Confirm needs a sent code and 6 digits, then submits the typed code', () => {
    expect(control('auth.stepUp.confirm', stepUp({ code: '12345' }).ctx).reason).toBe('Enter the 6-digit code')
    expect(control('auth.stepUp.confirm', stepUp({ code: '123456', codeSent: false }).ctx).reason).toBe(
      'No code was sent: send a new code',
    )
    expect(control('auth.stepUp.confirm', stepUp({ code: '123456', busy: true }).ctx).reason).toBe(
      'Wait for the code to be checked or sent',
    )
    const { ctx, sent } = stepUp({ code: '123456' })
    control('auth.stepUp.confirm', ctx).run()
    expect(sent).toEqual([{ type: 'code.submit', otp: '123456' }])
  })
  it('Send a new code and Cancel send their events', () => {
    const { ctx, sent } = stepUp()
    control('auth.stepUp.resend', ctx).run()
    control('auth.stepUp.cancel', ctx).run()
    expect(sent).toEqual([{ type: 'code.resend' }, { type: 'cancel' }])
    expect(control('auth.stepUp.resend', stepUp({ busy: true }).ctx).reason).toBe(
      'Wait for the code to be checked or sent',
    )
  })
})
