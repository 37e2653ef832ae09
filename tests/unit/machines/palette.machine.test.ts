import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { paletteMachine, type PaletteEmitted } from '../../../src/machines/palette.machine'

function start() {
  const actor = createActor(paletteMachine).start()
  const emitted: PaletteEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, emitted, state: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context }
}

describe('paletteMachine', () => {
  it('root: search.change keeps the text', () => {
    const { actor, state, ctx } = start()
    expect(state()).toBe('root')
    actor.send({ type: 'search.change', search: 'rej' })
    expect(ctx().search).toBe('rej')
  })

  it('root → argument on argument.open, keeping the root search; back returns to it', () => {
    const { actor, state, ctx } = start()
    actor.send({ type: 'search.change', search: 'rej' })
    actor.send({ type: 'argument.open', commandId: 'projects.reject' })
    expect(state()).toBe('argument')
    expect(ctx()).toMatchObject({ commandId: 'projects.reject', text: '', error: null, search: 'rej' })
    actor.send({ type: 'text.change', text: 'Broken' })
    actor.send({ type: 'back' })
    expect(state()).toBe('root')
    expect(ctx()).toEqual({ search: 'rej', commandId: null, text: '', error: null })
  })

  it('submit with blank text stays on the page with the message; text.change clears it', () => {
    const { actor, state, ctx, emitted } = start()
    actor.send({ type: 'argument.open', commandId: 'projects.reject' })
    actor.send({ type: 'text.change', text: '   ' })
    actor.send({ type: 'submit', requiredMessage: 'Enter a reason' })
    expect(state()).toBe('argument')
    expect(ctx().error).toBe('Enter a reason')
    expect(emitted).toEqual([])
    actor.send({ type: 'text.change', text: 'D' })
    expect(ctx().error).toBeNull()
  })

  it('submit with text emits argument.submitted (trimmed) and resets to an empty root', () => {
    const { actor, state, ctx, emitted } = start()
    actor.send({ type: 'search.change', search: 'rej' })
    actor.send({ type: 'argument.open', commandId: 'projects.reject' })
    actor.send({ type: 'text.change', text: ' Duplicate listing ' })
    actor.send({ type: 'submit', requiredMessage: 'Enter a reason' })
    expect(emitted).toEqual([{ type: 'argument.submitted', commandId: 'projects.reject', value: 'Duplicate listing' }])
    expect(state()).toBe('root')
    expect(ctx()).toEqual({ search: '', commandId: null, text: '', error: null })
  })

  it('user.pick emits the user and resets', () => {
    const { actor, state, emitted } = start()
    actor.send({ type: 'argument.open', commandId: 'projects.owner.assign' })
    actor.send({ type: 'user.pick', user: { id: 'u1', label: 'Ravi (ravi@x.in)' } })
    expect(emitted).toEqual([
      {
        type: 'argument.submitted',
        commandId: 'projects.owner.assign',
        value: { id: 'u1', label: 'Ravi (ravi@x.in)' },
      },
    ])
    expect(state()).toBe('root')
  })

  it('close resets from either page', () => {
    const { actor, state, ctx } = start()
    actor.send({ type: 'search.change', search: '#shop' })
    actor.send({ type: 'close' })
    expect(ctx().search).toBe('')
    actor.send({ type: 'argument.open', commandId: 'projects.reject' })
    actor.send({ type: 'text.change', text: 'x' })
    actor.send({ type: 'close' })
    expect(state()).toBe('root')
    expect(ctx()).toEqual({ search: '', commandId: null, text: '', error: null })
  })

  it('events of the other page are ignored (no submit on root, no search.change on argument)', () => {
    const { actor, state, ctx, emitted } = start()
    actor.send({ type: 'submit', requiredMessage: 'x' })
    actor.send({ type: 'user.pick', user: { id: 'u', label: 'u' } })
    expect(emitted).toEqual([])
    actor.send({ type: 'argument.open', commandId: 'c' })
    actor.send({ type: 'search.change', search: 'zzz' })
    expect(state()).toBe('argument')
    expect(ctx().search).toBe('')
  })
})
