import { describe, expect, it } from 'vitest'
import { createSequenceMatcher, parseShortcut, shortcutLabels, strokeFromEvent, strokeMatches } from '../../src/commands/keys'

const ev = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})
const stroke = (...args: Parameters<typeof ev>) => strokeFromEvent(ev(...args))!

describe('parseShortcut', () => {
  it('parses sequences, modifiers, symbols and aliases', () => {
    expect(parseShortcut('g d')).toEqual([
      { key: 'g', mod: false, shift: false, alt: false },
      { key: 'd', mod: false, shift: false, alt: false },
    ])
    expect(parseShortcut('mod+k')).toEqual([{ key: 'k', mod: true, shift: false, alt: false }])
    expect(parseShortcut('shift+x')).toEqual([{ key: 'x', mod: false, shift: true, alt: false }])
    expect(parseShortcut('?')[0].key).toBe('?')
    expect(parseShortcut('esc')[0].key).toBe('escape')
    expect(parseShortcut('mod++')[0]).toMatchObject({ key: '+', mod: true })
  })
  it('rejects empty and malformed shortcuts', () => {
    expect(() => parseShortcut('  ')).toThrow(/Empty/)
    expect(() => parseShortcut('mod+')).toThrow(/Malformed/)
    expect(() => parseShortcut('a+b')).toThrow(/Malformed/)
  })
})

describe('strokeFromEvent / strokeMatches', () => {
  it('ignores bare modifier presses', () => {
    expect(strokeFromEvent(ev('Shift', { shiftKey: true }))).toBeNull()
    expect(strokeFromEvent(ev('Control', { ctrlKey: true }))).toBeNull()
  })
  it('treats Ctrl and Cmd both as mod', () => {
    const [k] = parseShortcut('mod+k')
    expect(strokeMatches(k, stroke('k', { ctrlKey: true }))).toBe(true)
    expect(strokeMatches(k, stroke('k', { metaKey: true }))).toBe(true)
    expect(strokeMatches(k, stroke('k'))).toBe(false)
  })
  it('shift matters for letters but not for symbols typed with shift', () => {
    const [x] = parseShortcut('x')
    const [shiftX] = parseShortcut('shift+x')
    expect(strokeMatches(x, stroke('X', { shiftKey: true }))).toBe(false)
    expect(strokeMatches(shiftX, stroke('X', { shiftKey: true }))).toBe(true)
    expect(strokeMatches(parseShortcut('?')[0], stroke('?', { shiftKey: true }))).toBe(true)
    expect(strokeMatches(parseShortcut('#')[0], stroke('#', { shiftKey: true }))).toBe(true)
  })
})

describe('createSequenceMatcher', () => {
  const matcher = () =>
    createSequenceMatcher(
      [
        { shortcut: 'g d', value: 'dashboard' },
        { shortcut: 'g p', value: 'projects' },
        { shortcut: 'a', value: 'approve' },
        { shortcut: 'a', value: 'approve-detail' },
        { shortcut: 'mod+k', value: 'palette' },
      ],
      1000,
    )

  it('matches a two-key sequence within the timeout', () => {
    const m = matcher()
    expect(m.feed(stroke('g'), 0)).toEqual({ status: 'pending' })
    expect(m.feed(stroke('d'), 900)).toEqual({ status: 'matched', values: ['dashboard'] })
  })
  it('lets the sequence lapse after the timeout', () => {
    const m = matcher()
    m.feed(stroke('g'), 0)
    expect(m.feed(stroke('d'), 1500)).toEqual({ status: 'none' })
  })
  it('returns every binding of a shared single key', () => {
    expect(matcher().feed(stroke('a'), 0)).toEqual({ status: 'matched', values: ['approve', 'approve-detail'] })
  })
  it('a dead-end second key still acts alone', () => {
    const m = matcher()
    m.feed(stroke('g'), 0)
    expect(m.feed(stroke('a'), 100)).toEqual({ status: 'matched', values: ['approve', 'approve-detail'] })
  })
  it('unbound keys match nothing and reset the buffer', () => {
    const m = matcher()
    expect(m.feed(stroke('z'), 0)).toEqual({ status: 'none' })
    m.feed(stroke('g'), 10)
    m.reset()
    expect(m.feed(stroke('d'), 20)).toEqual({ status: 'none' })
  })
  it('matches modifier shortcuts', () => {
    expect(matcher().feed(stroke('k', { metaKey: true }), 0)).toEqual({ status: 'matched', values: ['palette'] })
  })
})

describe('shortcutLabels', () => {
  it('renders per-platform labels', () => {
    expect(shortcutLabels('mod+k', true)).toEqual([['⌘', 'K']])
    expect(shortcutLabels('mod+k', false)).toEqual([['Ctrl', 'K']])
    expect(shortcutLabels('g d', false)).toEqual([['G'], ['D']])
    expect(shortcutLabels('shift+x', false)).toEqual([['Shift', 'X']])
  })
})
