/** Where the focus goes after a form's errors change: invalidFocusTarget. */
import { describe, expect, it } from 'vitest'
import { invalidFocusTarget } from '../../../src/components/focus-first-invalid'

const away = { invalid: false, typingInForm: false }
const typing = { invalid: false, typingInForm: true }

describe('invalidFocusTarget', () => {
  it('a refused submit of a clean form focuses the first invalid field, wherever the focus was', () => {
    expect(invalidFocusTarget(['title', 'description'], [], away)).toBe('title')
    expect(invalidFocusTarget(['title', 'description'], [], typing)).toBe('title')
  })
  it('Save clicked again (the focus is not in a text field) focuses the first invalid field again', () => {
    expect(invalidFocusTarget(['email'], ['email'], away)).toBe('email')
  })
  it('typing that clears one error while others remain leaves the focus in the field', () => {
    expect(invalidFocusTarget(['email'], ['name', 'email'], typing)).toBeNull()
  })
  it('no invalid field, or the focus already on one: the focus stays', () => {
    expect(invalidFocusTarget([], ['name'], away)).toBeNull()
    expect(invalidFocusTarget(['name', 'email'], [], { invalid: true, typingInForm: true })).toBeNull()
  })
})
