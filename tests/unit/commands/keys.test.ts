import { describe, expect, it } from 'vitest'
import { shortcutLabels, strokeCount, toKeybinding } from '../../../src/commands/keys'

describe('toKeybinding: the commands notation in tinykeys form', () => {
  it('translates mod, shift, sequences and named keys', () => {
    expect(toKeybinding('mod+k')).toBe('$mod+k')
    expect(toKeybinding('shift+x')).toBe('Shift+x')
    expect(toKeybinding('g d')).toBe('g d')
    expect(toKeybinding('mod+enter')).toBe('$mod+Enter')
    expect(toKeybinding('esc')).toBe('Escape')
    expect(toKeybinding('mod+shift+h')).toBe('$mod+Shift+h')
  })
  it('lets symbols typed with Shift keep it optional', () => {
    expect(toKeybinding('?')).toBe('[Shift]+?')
    expect(toKeybinding('#')).toBe('[Shift]+#')
    expect(toKeybinding('[')).toBe('[Shift]+[')
  })
  it('rejects empty and malformed shortcuts', () => {
    expect(() => toKeybinding('  ')).toThrow(/Empty/)
    expect(() => toKeybinding('mod+')).toThrow(/Malformed/)
    expect(() => toKeybinding('a+b')).toThrow(/Malformed/)
  })
  it('counts strokes', () => {
    expect(strokeCount('g d')).toBe(2)
    expect(strokeCount('mod+k')).toBe(1)
  })
})

describe('shortcutLabels: what the ? sheet and the buttons show', () => {
  it('labels per stroke, platform-aware', () => {
    expect(shortcutLabels('mod+k', false)).toEqual([['Ctrl', 'K']])
    expect(shortcutLabels('mod+k', true)).toEqual([['⌘', 'K']])
    expect(shortcutLabels('g d', false)).toEqual([['G'], ['D']])
    expect(shortcutLabels('shift+x', true)).toEqual([['⇧', 'X']])
    expect(shortcutLabels('escape', false)).toEqual([['Esc']])
  })
})
