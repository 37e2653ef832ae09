/**
 * The global key handler's behaviour (not tinykeys'): keys in inputs, overlays, sequences winning
 * over their last key, first visible+enabled command, disabled reasons reported.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createShortcutHandler } from '../../../src/commands/shortcut-handler'
import { createRegistry, type Command, type CommandContext } from '../../../src/commands/registry'

/** A stand-in for a DOM element: `closest` answers for the selectors it is inside. */
const element = (inside: string[] = []) => ({ closest: (selector: string) => (inside.some((s) => selector.includes(s)) ? {} : null) })

function press(handler: EventListener, key: string, opts: { ctrl?: boolean; shift?: boolean; target?: object; prevented?: boolean } = {}) {
  const event = {
    key, code: key.length === 1 ? `Key${key.toUpperCase()}` : key, ctrlKey: !!opts.ctrl, metaKey: false, shiftKey: !!opts.shift, altKey: false,
    repeat: false, isComposing: false, defaultPrevented: !!opts.prevented, target: opts.target ?? element(), currentTarget: {},
    getModifierState: (mod: string) => (mod === 'Control' && !!opts.ctrl) || (mod === 'Shift' && !!opts.shift),
    preventDefault() { this.defaultPrevented = true },
  }
  handler(event as unknown as Event)
  return event
}

const ctx = { route: '/', navigate: vi.fn(), view: {} } as unknown as CommandContext

function setup(commands: Command[]) {
  const blocked: string[] = []
  const handler = createShortcutHandler(createRegistry(commands), () => ctx, (r) => blocked.push(r))
  return { handler, blocked }
}
const cmd = (id: string, shortcut: string, extra: Partial<Command> = {}): Command => ({ id, title: id, group: 'T', shortcut, run: vi.fn(), ...extra })

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('the shortcut handler', () => {
  it('runs a single key, a mod key and a two-key sequence', () => {
    const a = cmd('t.a', 'a'); const k = cmd('t.k', 'mod+k'); const gd = cmd('t.gd', 'g d')
    const { handler } = setup([a, k, gd])
    press(handler, 'a')
    press(handler, 'k', { ctrl: true })
    press(handler, 'g'); press(handler, 'd')
    expect([a.run, k.run, gd.run].map((f) => vi.mocked(f).mock.calls.length)).toEqual([1, 1, 1])
  })
  it('a sequence wins over the single key it ends with; alone, the key acts', () => {
    const gu = cmd('t.gu', 'g u'); const u = cmd('t.u', 'u')
    const { handler } = setup([u, gu])
    press(handler, 'g'); press(handler, 'u')
    expect(gu.run).toHaveBeenCalledOnce()
    expect(u.run).not.toHaveBeenCalled()
    press(handler, 'u')
    expect(u.run).toHaveBeenCalledOnce()
  })
  it('sequences sharing a first key follow each other at once (g u, then g o)', () => {
    const gu = cmd('t.gu', 'g u'); const go = cmd('t.go', 'g o')
    const { handler } = setup([gu, go])
    press(handler, 'g'); press(handler, 'u')
    press(handler, 'g'); press(handler, 'o')
    expect([gu.run, go.run].map((f) => vi.mocked(f).mock.calls.length)).toEqual([1, 1])
  })
  it('a sequence lapses after a second', () => {
    const gd = cmd('t.gd', 'g d')
    const { handler } = setup([gd])
    press(handler, 'g')
    vi.advanceTimersByTime(1100)
    press(handler, 'd')
    expect(gd.run).not.toHaveBeenCalled()
  })
  it('ignores keys typed into inputs, except mod+… and Escape', () => {
    const a = cmd('t.a', 'a'); const k = cmd('t.k', 'mod+k'); const esc = cmd('t.esc', 'escape')
    const { handler } = setup([a, k, esc])
    const input = element(['input'])
    press(handler, 'a', { target: input })
    press(handler, 'k', { ctrl: true, target: input })
    press(handler, 'Escape', { target: input })
    expect([a.run, k.run, esc.run].map((f) => vi.mocked(f).mock.calls.length)).toEqual([0, 1, 1])
  })
  it('inside dialogs and menus only mod+… acts', () => {
    const a = cmd('t.a', 'a'); const k = cmd('t.k', 'mod+k')
    const { handler } = setup([a, k])
    const dialog = element(['[role="dialog"]'])
    press(handler, 'a', { target: dialog })
    press(handler, 'k', { ctrl: true, target: dialog })
    expect(a.run).not.toHaveBeenCalled()
    expect(k.run).toHaveBeenCalledOnce()
  })
  it('leaves keys another handler took alone, except mod+… on a checkbox (radix swallows its Enter, not the form\'s Save)', () => {
    const save = cmd('t.save', 'mod+enter'); const a = cmd('t.a', 'a')
    const { handler } = setup([save, a])
    press(handler, 'a', { prevented: true })
    press(handler, 'Enter', { ctrl: true, prevented: true, target: element(['input']) })
    expect([save.run, a.run].map((f) => vi.mocked(f).mock.calls.length)).toEqual([0, 0])
    press(handler, 'Enter', { ctrl: true, prevented: true, target: element(['[role="checkbox"]']) })
    expect(save.run).toHaveBeenCalledOnce()
  })
  it('symbols typed with Shift match (? and #)', () => {
    const help = cmd('t.help', '?')
    const { handler } = setup([help])
    press(handler, '?', { shift: true })
    expect(help.run).toHaveBeenCalledOnce()
  })
  it('the first visible and enabled command sharing a key runs; hidden ones leave the key alone', () => {
    const hidden = cmd('t.hidden', 'e', { when: () => false })
    const disabled = cmd('t.disabled', 'e', { disabledReason: () => 'Busy' })
    const ok = cmd('t.ok', 'e')
    const { handler } = setup([hidden, disabled, ok])
    const event = press(handler, 'e')
    expect(ok.run).toHaveBeenCalledOnce()
    expect(disabled.run).not.toHaveBeenCalled()
    expect(event.defaultPrevented).toBe(true)
    const none = setup([cmd('t.none', 'e', { when: () => false })])
    expect(press(none.handler, 'e').defaultPrevented).toBe(false)
  })
  it('reports the disabled reason when every candidate is disabled', () => {
    const { handler, blocked } = setup([cmd('t.d', 'x', { disabledReason: () => 'Focus a project first' })])
    press(handler, 'x')
    expect(blocked).toEqual(['Focus a project first'])
  })
})
