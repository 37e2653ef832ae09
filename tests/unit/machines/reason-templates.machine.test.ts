/**
 * The reason-templates editor machine (src/machines/reason-templates.machine.ts): every
 * transition, with a held fake for `save`.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { ReasonTemplate } from '../../../src/api/schemas/preferences'
import {
  moved,
  reasonTemplatesMachine,
  templateError,
  withForm,
  type ReasonTemplatesEmitted,
} from '../../../src/machines/reason-templates.machine'
import { deferred, flush } from '../../fixtures/project'

const tpl = (id: string, label = `Label ${id}`): ReasonTemplate => ({
  id,
  label,
  text: `Text ${id}`,
  decisions: ['rejected'],
})

function start(initial: ReasonTemplate[] = [tpl('a'), tpl('b'), tpl('c')]) {
  const saves: { templates: ReasonTemplate[]; d: ReturnType<typeof deferred<ReasonTemplate[]>> }[] = []
  const actor = createActor(
    reasonTemplatesMachine.provide({
      actors: {
        save: fromPromise(({ input }: { input: { templates: ReasonTemplate[] } }) => {
          const d = deferred<ReasonTemplate[]>()
          saves.push({ templates: input.templates, d })
          return d.promise
        }),
      },
    }),
  ).start()
  const emitted: ReasonTemplatesEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.send({ type: 'templates.loaded', templates: initial })
  const ctx = () => actor.getSnapshot().context
  const state = () => actor.getSnapshot().value
  const saved = async () => {
    const last = saves.at(-1)!
    last.d.resolve(last.templates)
    await flush()
  }
  return { actor, saves, emitted, ctx, state, saved }
}

describe('reasonTemplatesMachine', () => {
  it('idle: loads the list, moves and sets the focus within it', () => {
    const t = start()
    expect(t.state()).toBe('idle')
    expect(t.ctx().templates.map((x) => x.id)).toEqual(['a', 'b', 'c'])
    t.actor.send({ type: 'focus.prev' })
    expect(t.ctx().focus).toBe(0)
    t.actor.send({ type: 'focus.next' })
    t.actor.send({ type: 'focus.next' })
    t.actor.send({ type: 'focus.next' })
    expect(t.ctx().focus).toBe(2)
    t.actor.send({ type: 'templates.loaded', templates: [tpl('a')] })
    expect(t.ctx().focus).toBe(0)
    t.actor.send({ type: 'templates.loaded', templates: [tpl('a'), tpl('b')] })
    t.actor.send({ type: 'focus.set', index: 1 })
    expect(t.ctx().focus).toBe(1)
  })

  it('add → editing a blank template; save appends it and focuses it; the saved list is announced', async () => {
    const t = start()
    t.actor.send({ type: 'add', id: 'new' })
    expect(t.state()).toBe('editing')
    expect(t.ctx().form).toEqual({
      isNew: true,
      template: { id: 'new', label: '', text: '', decisions: ['needs_changes'] },
    })
    t.actor.send({ type: 'form.save' })
    expect(t.state()).toBe('editing')
    t.actor.send({ type: 'form.change', field: 'label', value: ' Spam ' })
    t.actor.send({ type: 'form.change', field: 'text', value: 'Looks like spam, {owner}.' })
    t.actor.send({ type: 'form.toggleDecision', decision: 'rejected' })
    t.actor.send({ type: 'form.toggleDecision', decision: 'needs_changes' })
    t.actor.send({ type: 'form.save' })
    expect(t.state()).toBe('saving')
    expect(t.saves[0].templates.at(-1)).toEqual({
      id: 'new',
      label: 'Spam',
      text: 'Looks like spam, {owner}.',
      decisions: ['rejected'],
    })
    await t.saved()
    expect(t.state()).toBe('idle')
    expect(t.ctx()).toMatchObject({ form: null, focus: 3 })
    expect(t.emitted).toEqual([{ type: 'templates.saved', templates: t.saves[0].templates, text: 'Template added' }])
  })

  it('edit → editing the focused one; save replaces it in place; cancel closes without saving', async () => {
    const t = start()
    t.actor.send({ type: 'focus.next' })
    t.actor.send({ type: 'edit' })
    expect(t.ctx().form).toEqual({ isNew: false, template: tpl('b') })
    t.actor.send({ type: 'form.cancel' })
    expect(t.state()).toBe('idle')
    expect(t.saves).toHaveLength(0)
    t.actor.send({ type: 'edit' })
    t.actor.send({ type: 'form.change', field: 'text', value: 'New text' })
    t.actor.send({ type: 'form.save' })
    expect(t.saves[0].templates.map((x) => x.text)).toEqual(['Text a', 'New text', 'Text c'])
    await t.saved()
    expect(t.emitted[0].text).toBe('Template saved')
    expect(t.ctx().focus).toBe(1)
  })

  it('delete saves the list without the focused one; move swaps it with a neighbour and follows it', async () => {
    const t = start()
    t.actor.send({ type: 'move', by: -1 })
    expect(t.state()).toBe('idle')
    t.actor.send({ type: 'move', by: 1 })
    expect(t.saves[0].templates.map((x) => x.id)).toEqual(['b', 'a', 'c'])
    await t.saved()
    expect(t.ctx().focus).toBe(1)
    expect(t.emitted[0].text).toBe('Templates reordered')
    t.actor.send({ type: 'delete' })
    expect(t.saves[1].templates.map((x) => x.id)).toEqual(['b', 'c'])
    await t.saved()
    expect(t.emitted[1].text).toBe('Template deleted: Label a')
  })

  it('a failed save shows the error: back to the form with a form, else idle with the list unchanged', async () => {
    const t = start()
    t.actor.send({ type: 'delete' })
    t.saves[0].d.reject(new ApiError(500, 'Internal server error'))
    await flush()
    expect(t.state()).toBe('idle')
    expect(t.ctx()).toMatchObject({ error: 'Internal server error' })
    expect(t.ctx().templates).toHaveLength(3)
    t.actor.send({ type: 'edit' })
    expect(t.ctx().error).toBeNull()
    t.actor.send({ type: 'form.save' })
    t.saves[1].d.reject(new ApiError(400, 'Template ids must be unique'))
    await flush()
    expect(t.state()).toBe('editing')
    expect(t.ctx().error).toBe('Template ids must be unique')
  })

  it('nothing to edit, delete or move in an empty list; no add beyond the limit', () => {
    const t = start([])
    for (const event of [{ type: 'edit' }, { type: 'delete' }, { type: 'move', by: 1 }] as const) {
      t.actor.send(event)
      expect(t.state()).toBe('idle')
    }
    const full = start(Array.from({ length: 30 }, (_, i) => tpl(`t${i}`)))
    full.actor.send({ type: 'add', id: 'x' })
    expect(full.state()).toBe('idle')
  })
})

describe('reason template helpers', () => {
  it('templateError words the first problem; moved and withForm build the saved list', () => {
    expect(templateError(tpl('a'))).toBeNull()
    expect(templateError({ ...tpl('a'), label: ' ' })).toBe('Template name is required')
    expect(templateError({ ...tpl('a'), decisions: [] })).toBe('Choose at least one decision')
    expect(moved([tpl('a'), tpl('b')], 1, 1).map((x) => x.id)).toEqual(['a', 'b'])
    expect(withForm([tpl('a')], { isNew: false, template: { ...tpl('a'), label: ' X ' } })[0].label).toBe('X')
  })
})
