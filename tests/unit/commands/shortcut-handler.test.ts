/**
 * The global key handler's behaviour (not tinykeys'): keys in inputs, overlays, sequences winning
 * over their last key, first visible+enabled command, disabled reasons reported.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createShortcutHandler, isCharacterKey, type ShortcutOptions } from '../../../src/commands/shortcut-handler'
import { createRegistry, type Command, type CommandContext } from '../../../src/commands/registry'

/** A stand-in for a DOM element: `closest` answers for the selectors it is inside. */
const element = (inside: string[] = []) => ({
  closest: (selector: string) => (inside.some((s) => selector.includes(s)) ? {} : null),
})

function press(
  handler: EventListener,
  key: string,
  opts: { ctrl?: boolean; shift?: boolean; alt?: boolean; target?: object; prevented?: boolean } = {},
) {
  const event = {
    key,
    code: key.length === 1 ? `Key${key.toUpperCase()}` : key,
    ctrlKey: !!opts.ctrl,
    metaKey: false,
    shiftKey: !!opts.shift,
    altKey: !!opts.alt,
    repeat: false,
    isComposing: false,
    defaultPrevented: !!opts.prevented,
    target: opts.target ?? element(),
    currentTarget: {},
    getModifierState: (mod: string) => (mod === 'Control' && !!opts.ctrl) || (mod === 'Shift' && !!opts.shift),
    preventDefault() {
      this.defaultPrevented = true
    },
  }
  handler(event as unknown as Event)
  return event
}

const ctx = { route: '/', navigate: vi.fn(), view: {} } as unknown as CommandContext

function setup(commands: Command[], options: ShortcutOptions = {}) {
  const blocked: string[] = []
  const handler = createShortcutHandler(
    createRegistry(commands),
    () => ctx,
    (r) => blocked.push(r),
    options,
  )
  return { handler, blocked }
}
const cmd = (id: string, shortcut: string, extra: Partial<Command> = {}): Command => ({
  id,
  title: id,
  group: 'T',
  shortcut,
  run: vi.fn(),
  ...extra,
})

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('the shortcut handler', () => {
  it('runs a single key, a mod key and a two-key sequence', () => {
    const a = cmd('t.a', 'a')
    const k = cmd('t.k', 'mod+k')
    const gd = cmd('t.gd', 'g d')
    const { handler } = setup([a, k, gd])
    press(handler, 'a')
    press(handler, 'k', { ctrl: true })
    press(handler, 'g')
    press(handler, 'd')
    expect([a.run, k.run, gd.run].map((f) => vi.mocked(f).mock.calls.length)).toEqual([1, 1, 1])
  })
  it('a sequence wins over the single key it ends with; alone, the key acts', () => {
    const gu = cmd('t.gu', 'g u')
    const u = cmd('t.u', 'u')
    const { handler } = setup([u, gu])
    press(handler, 'g')
    press(handler, 'u')
    expect(gu.run).toHaveBeenCalledOnce()
    expect(u.run).not.toHaveBeenCalled()
    press(handler, 'u')
    expect(u.run).toHaveBeenCalledOnce()
  })
  it('sequences sharing a first key follow each other at once (g u, then g o)', () => {
    const gu = cmd('t.gu', 'g u')
    const go = cmd('t.go', 'g o')
    const { handler } = setup([gu, go])
    press(handler, 'g')
    press(handler, 'u')
    press(handler, 'g')
    press(handler, 'o')
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
    const a = cmd('t.a', 'a')
    const k = cmd('t.k', 'mod+k')
    const esc = cmd('t.esc', 'escape')
    const { handler } = setup([a, k, esc])
    const input = element(['input'])
    press(handler, 'a', { target: input })
    press(handler, 'k', { ctrl: true, target: input })
    press(handler, 'Escape', { target: input })
    expect([a.run, k.run, esc.run].map((f) => vi.mocked(f).mock.calls.length)).toEqual([0, 1, 1])
  })
  it('inside dialogs and menus only mod+… acts', () => {
    const a = cmd('t.a', 'a')
    const k = cmd('t.k', 'mod+k')
    const { handler } = setup([a, k])
    const dialog = element(['[role="dialog"]'])
    press(handler, 'a', { target: dialog })
    press(handler, 'k', { ctrl: true, target: dialog })
    expect(a.run).not.toHaveBeenCalled()
    expect(k.run).toHaveBeenCalledOnce()
  })
  it("leaves keys another handler took alone, except mod+… on a checkbox (radix swallows its Enter, not the form's Save)", () => {
    const save = cmd('t.save', 'mod+enter')
    const a = cmd('t.a', 'a')
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

  it.each([
    ['an input', ['input']],
    ['a textarea', ['textarea']],
    ['a select', ['select']],
    ['contenteditable', ['[contenteditable]']],
    ['a searchbox', ['[role="searchbox"]']],
    ['a textbox', ['[role="textbox"]']],
  ])('typing into %s: no single key and no sequence fires', (_, inside) => {
    const j = cmd('t.j', 'j')
    const gd = cmd('t.gd', 'g d')
    const x = cmd('t.x', 'shift+x')
    const { handler } = setup([j, gd, x])
    const field = element(inside)
    press(handler, 'j', { target: field })
    press(handler, 'g', { target: field })
    press(handler, 'd', { target: field })
    press(handler, 'X', { shift: true, target: field })
    expect([j.run, gd.run, x.run].map((f) => vi.mocked(f).mock.calls.length)).toEqual([0, 0, 0])
  })
  it("a radix Select's trigger (a button with role combobox) is not a field: the list keys act after a filter was picked", () => {
    const j = cmd('t.j', 'j')
    const { handler } = setup([j])
    press(handler, 'j', { target: element(['[role="combobox"]']) })
    expect(j.run).toHaveBeenCalledOnce()
  })
  it('a real element reporting isContentEditable counts as typing', () => {
    const j = cmd('t.j', 'j')
    const { handler } = setup([j])
    press(handler, 'j', { target: { closest: () => null, isContentEditable: true } })
    expect(j.run).not.toHaveBeenCalled()
  })
  it.each([
    ['a dialog', '[role="dialog"]'],
    ['an alert dialog', '[role="alertdialog"]'],
    ['a menu', '[role="menu"]'],
    ['a listbox (select, palette)', '[role="listbox"]'],
  ])('from inside %s only mod+… acts', (_, inside) => {
    const j = cmd('t.j', 'j')
    const gd = cmd('t.gd', 'g d')
    const k = cmd('t.k', 'mod+k')
    const { handler } = setup([j, gd, k])
    const target = element([inside])
    press(handler, 'j', { target })
    press(handler, 'g', { target })
    press(handler, 'd', { target })
    press(handler, 'k', { ctrl: true, target })
    expect([j.run, gd.run, k.run].map((f) => vi.mocked(f).mock.calls.length)).toEqual([0, 0, 1])
  })
  it('while an overlay is open in the document, keys from outside it (the page body) do not fire either', () => {
    const j = cmd('t.j', 'j')
    const k = cmd('t.k', 'mod+k')
    const { handler } = setup([j, k])
    let open = true
    const body = {
      closest: () => null,
      ownerDocument: { querySelector: (s: string) => (open && s.includes('[data-state="open"]') ? {} : null) },
    }
    press(handler, 'j', { target: body })
    press(handler, 'k', { ctrl: true, target: body })
    expect([j.run, k.run].map((f) => vi.mocked(f).mock.calls.length)).toEqual([0, 1])
    open = false
    press(handler, 'j', { target: body })
    expect(j.run).toHaveBeenCalledOnce()
  })
  it('a half-typed sequence still completes within the second, and the timer restarts with each new sequence', () => {
    const gd = cmd('t.gd', 'g d')
    const { handler } = setup([gd])
    press(handler, 'g')
    vi.advanceTimersByTime(900)
    press(handler, 'd')
    expect(gd.run).toHaveBeenCalledOnce()
    press(handler, 'g')
    vi.advanceTimersByTime(1001)
    press(handler, 'd')
    expect(gd.run).toHaveBeenCalledOnce()
  })
})

describe('single-key shortcuts off (the preference)', () => {
  const commands = () => ({
    j: cmd('t.j', 'j'),
    gd: cmd('t.gd', 'g d'),
    help: cmd('t.help', '?'),
    range: cmd('t.range', 'shift+x'),
    one: cmd('t.1', '1'),
    palette: cmd('t.palette', 'mod+k'),
    undo: cmd('t.undo', 'mod+z'),
    esc: cmd('t.esc', 'escape'),
    enter: cmd('t.enter', 'enter'),
    down: cmd('t.down', 'down'),
  })
  it('character keys without mod do nothing, single or in a sequence; mod+…, Escape, Enter and arrows still act', () => {
    const c = commands()
    let on = false
    const { handler } = setup(Object.values(c), { singleKeys: () => on })
    press(handler, 'j')
    press(handler, 'g')
    press(handler, 'd')
    press(handler, '?', { shift: true })
    press(handler, 'X', { shift: true })
    press(handler, '1')
    press(handler, 'k', { ctrl: true })
    press(handler, 'z', { ctrl: true })
    press(handler, 'Escape')
    press(handler, 'Enter')
    press(handler, 'ArrowDown')
    const calls = () =>
      Object.fromEntries(Object.entries(c).map(([name, command]) => [name, vi.mocked(command.run).mock.calls.length]))
    expect(calls()).toEqual({ j: 0, gd: 0, help: 0, range: 0, one: 0, palette: 1, undo: 1, esc: 1, enter: 1, down: 1 })
    // The preference is read on every key: turned back on, the same handler acts.
    on = true
    press(handler, 'j')
    press(handler, 'g')
    press(handler, 'd')
    expect([c.j.run, c.gd.run].map((f) => vi.mocked(f).mock.calls.length)).toEqual([1, 1])
  })
  it('isCharacterKey: letters, digits, symbols (Shift allowed); not named keys, Space or modified keys', () => {
    const key = (
      k: string,
      mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; shiftKey?: boolean } = {},
    ) =>
      isCharacterKey({
        key: k,
        ctrlKey: false,
        metaKey: false,
        altKey: false,
        shiftKey: false,
        ...mods,
      } as KeyboardEvent)
    expect(['j', 'X', '1', '?', '#', '/'].map((k) => key(k))).toEqual([true, true, true, true, true, true])
    expect([
      key('Escape'),
      key('Enter'),
      key('ArrowDown'),
      key(' '),
      key('k', { ctrlKey: true }),
      key('k', { metaKey: true }),
      key('k', { altKey: true }),
    ]).toEqual([false, false, false, false, false, false, false])
  })
})
