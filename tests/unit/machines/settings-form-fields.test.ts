/** The password form's fields marked invalid for its banner (settings.form passwordProblemFields). */
import { describe, expect, it } from 'vitest'
import {
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
  passwordProblemFields,
} from '../../../src/machines/settings.form'

const draft = { current: '', next: 'abc', confirm: '' }

describe('passwordProblemFields', () => {
  it('marks the empty shown fields when all are required', () => {
    expect(passwordProblemFields(PASSWORD_REQUIRED, draft, true)).toEqual(['current', 'confirm'])
    expect(passwordProblemFields(PASSWORD_REQUIRED, draft, false)).toEqual(['confirm'])
  })
  it('marks Confirm for a mismatch and New for a short password; nothing for other texts', () => {
    expect(passwordProblemFields(PASSWORDS_DIFFER, draft, true)).toEqual(['confirm'])
    expect(passwordProblemFields(PASSWORD_TOO_SHORT, draft, true)).toEqual(['next'])
    expect(passwordProblemFields('Password changed successfully', draft, true)).toEqual([])
    expect(passwordProblemFields(null, draft, true)).toEqual([])
  })
})
