/**
 * app.undo: visible only while an undo is pending, runs `undo.run`; bound to Ctrl+Z and
 * `u`, where `u` wins over a detail screen's Back only while an undo is pending; Ctrl+Z in a field
 * is left to the field.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { registry } from '../../../src/commands/app-registry'
import { createShortcutHandler } from '../../../src/commands/shortcut-handler'
import type { CommandContext } from '../../../src/commands/registry'
import { context, control, recorder } from './context'

function press(handler: EventListener, key: string, opts: { ctrl?: boolean; target?: object } = {}) {
  const event = {
    key,
    code: `Key${key.toUpperCase()}`,
    ctrlKey: !!opts.ctrl,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    repeat: false,
    isComposing: false,
    defaultPrevented: false,
    target: opts.target ?? { closest: () => null },
    currentTarget: {},
    getModifierState: (mod: string) => mod === 'Control' && !!opts.ctrl,
    preventDefault() {
      this.defaultPrevented = true
    },
  }
  handler(event as unknown as Event)
  return event
}
const input = { closest: (selector: string) => (selector.includes('input') ? {} : null) }

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('app.undo', () => {
  it('is hidden with nothing pending; with an undo pending it sends undo.run', () => {
    expect(control('app.undo', context('/projects')).visible).toBe(false)
    const { actor, sent } = recorder<never>()
    const ctx = context('/projects', { undo: { pending: true, actor } })
    expect(control('app.undo', ctx)).toMatchObject({ visible: true, label: 'Undo' })
    expect(control('app.undo', ctx).run()).toEqual({ ran: true })
    expect(sent).toEqual([{ type: 'undo.run' }])
  })

  it("Ctrl+Z and u undo while pending; u is Back on a detail screen otherwise; Ctrl+Z in a field is the field's", () => {
    const { actor, sent } = recorder<never>()
    let ctx: CommandContext = context('/contacts/c1', { undo: { pending: true, actor } })
    const handler = createShortcutHandler(
      registry,
      () => ctx,
      () => undefined,
    )
    press(handler, 'z', { ctrl: true })
    press(handler, 'u')
    expect(sent).toEqual([{ type: 'undo.run' }, { type: 'undo.run' }])
    expect(ctx.navigate).not.toHaveBeenCalled()
    expect(press(handler, 'z', { ctrl: true, target: input }).defaultPrevented).toBe(false)
    expect(sent).toHaveLength(2)
    ctx = context('/contacts/c1', { undo: { pending: false, actor } })
    press(handler, 'u')
    expect(ctx.navigate).toHaveBeenCalledWith('/contacts')
    expect(sent).toHaveLength(2)
  })
})

describe('app.undoDismiss', () => {
  it('is there only while an undo is pending, and drops the newest', () => {
    expect(control('app.undoDismiss', context('/users')).visible).toBe(false)
    const { actor, sent } = recorder<never>()
    expect(control('app.undoDismiss', context('/users', { undo: { pending: true, actor } })).run()).toEqual({
      ran: true,
    })
    expect(sent).toEqual([{ type: 'undo.dismiss' }])
  })
})
