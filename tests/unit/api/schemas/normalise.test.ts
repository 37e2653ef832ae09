/** The form normalisers of the contract (src/api/schemas/normalise.ts), run by client and server alike. */
import { describe, expect, it } from 'vitest'
import { coerceNumber, normaliseDemoUrl, splitList } from '../../../../src/api/schemas/normalise'

describe('project input normalisers (SPEC.md 5)', () => {
  it('splits comma lists, trims and drops empties', () => {
    expect(splitList('React, Node.js ,, ,Go')).toEqual(['React', 'Node.js', 'Go'])
    expect(splitList([' a ', '', 'b'])).toEqual(['a', 'b'])
    expect(splitList('')).toEqual([])
  })
  it('prepends https:// to a demo URL without a scheme and keeps empty empty', () => {
    expect(normaliseDemoUrl('demo.example.com')).toBe('https://demo.example.com')
    expect(normaliseDemoUrl(' http://x.io ')).toBe('http://x.io')
    expect(normaliseDemoUrl('HTTPS://x.io')).toBe('HTTPS://x.io')
    expect(normaliseDemoUrl('  ')).toBe('')
  })
  it('coerces numeric strings with 0 as the blank fallback', () => {
    expect(coerceNumber('12.5')).toBe(12.5)
    expect(coerceNumber(' ')).toBe(0)
    expect(coerceNumber('abc')).toBeNaN()
    expect(coerceNumber(7)).toBe(7)
  })
})
