/** Where focus returns when a dialog closes: returnTarget over the focus history. */
import { describe, expect, it } from 'vitest'
import { returnTarget } from '../../../src/components/return-focus'

/** A stand-in element: connected or not, inside a closed overlay or not. */
const el = (name: string, opts: { connected?: boolean; inOverlay?: boolean } = {}) =>
  ({ name, isConnected: opts.connected ?? true, closest: () => (opts.inOverlay ? {} : null) }) as unknown as HTMLElement
const content = (...inside: HTMLElement[]) =>
  ({ contains: (n: unknown) => inside.includes(n as HTMLElement) }) as unknown as Node

describe('returnTarget', () => {
  it('the newest element focused outside the closing dialog', () => {
    const row = el('row')
    const field = el('field')
    const input = el('palette input')
    expect(returnTarget([field, row, input], content(input))).toBe(row)
  })
  it('nothing when focus was on the body before the dialog, or nothing was focused', () => {
    const input = el('palette input')
    expect(returnTarget([el('old'), null, input], content(input))).toBeNull()
    expect(returnTarget([], content())).toBeNull()
  })
  it('skips the elements of an overlay already closed (a nested dialog)', () => {
    const outerField = el('outer')
    const nested = el('nested', { connected: false, inOverlay: true })
    const input = el('input')
    expect(returnTarget([outerField, nested, input], content(input))).toBe(outerField)
  })
  it('nothing when the element is gone from the page (a command navigated)', () => {
    const input = el('input')
    expect(returnTarget([el('field'), el('gone', { connected: false }), input], content(input))).toBeNull()
  })
})
