/**
 * Reason-templates editor commands (Settings → Reason templates): the list's keys only
 * outside the form, the form's inside it, the disabled reasons, and what each sends.
 */
import { describe, expect, it } from 'vitest'
import type { ReasonTemplatesHandle } from '../../../src/commands/reason-templates.commands'
import { context, control, recorder } from './context'

function tab(extra: Partial<ReasonTemplatesHandle> = {}) {
  const { actor, sent } = recorder<ReasonTemplatesHandle['actor']>()
  const handle: ReasonTemplatesHandle = {
    actor,
    editing: false,
    busy: false,
    count: 3,
    focus: 1,
    decisions: [],
    formError: null,
    ...extra,
  }
  return { ctx: context('/settings', { reasonTemplates: handle }), sent }
}

describe('reason templates commands', () => {
  it('on the list: j/k, new, edit, delete, move up and down send their events', () => {
    const { ctx, sent } = tab()
    for (const id of ['focusNext', 'focusPrev', 'edit', 'delete', 'moveUp', 'moveDown'])
      control(`settings.templates.${id}`, ctx).run()
    control('settings.templates.add', ctx).run()
    expect(sent.slice(0, 6)).toEqual([
      { type: 'focus.next' },
      { type: 'focus.prev' },
      { type: 'edit' },
      { type: 'delete' },
      { type: 'move', by: -1 },
      { type: 'move', by: 1 },
    ])
    expect(sent[6]).toMatchObject({ type: 'add', id: expect.stringMatching(/^t-[\w-]+$/) })
    expect(control('settings.templates.save', ctx).visible).toBe(false)
  })

  it('disabled reasons: empty list, first and last, busy, the limit', () => {
    expect(control('settings.templates.edit', tab({ count: 0, focus: 0 }).ctx).reason).toMatch(/No template yet/)
    expect(control('settings.templates.moveUp', tab({ focus: 0 }).ctx).reason).toBe('Already first')
    expect(control('settings.templates.moveDown', tab({ focus: 2 }).ctx).reason).toBe('Already last')
    expect(control('settings.templates.delete', tab({ busy: true }).ctx).reason).toMatch(/Wait/)
    expect(control('settings.templates.add', tab({ count: 30 }).ctx).reason).toBe('At most 30 templates')
  })

  it('in the form: decision checkboxes, save (not while invalid), cancel; the list keys are hidden', () => {
    const { ctx, sent } = tab({ editing: true, decisions: ['rejected'], formError: 'Template name is required' })
    expect(control('settings.templates.focusNext', ctx).visible).toBe(false)
    expect(control('settings.templates.decision.rejected', ctx)).toMatchObject({
      visible: true,
      checked: true,
      label: 'Rejected',
    })
    expect(control('settings.templates.decision.approved', ctx).checked).toBe(false)
    expect(control('settings.templates.save', ctx).reason).toBe('Template name is required')
    control('settings.templates.decision.approved', ctx).run()
    control('settings.templates.cancel', ctx).run()
    expect(sent).toEqual([{ type: 'form.toggleDecision', decision: 'approved' }, { type: 'form.cancel' }])
    const valid = tab({ editing: true })
    control('settings.templates.save', valid.ctx).run()
    expect(valid.sent).toEqual([{ type: 'form.save' }])
  })
})
