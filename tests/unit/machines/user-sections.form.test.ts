/** The user detail's per-group forms: drafts from the loaded user, PUT bodies of the changed fields only, client rules. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { USER_UPDATE_GROUPS, UserUpdateSchema, type UserUpdateGroup } from '../../../src/api/schemas/users'
import {
  initialUserDraft,
  userSectionBody,
  userSectionErrors,
  type UserDraft,
} from '../../../src/machines/user-sections.form'
import { makeUser } from '../../fixtures/user'

const user = makeUser()

describe('user section forms', () => {
  it('every group starts from the loaded values and, unchanged, sends nothing', () => {
    for (const group of USER_UPDATE_GROUPS) {
      const draft = initialUserDraft(group, user)
      expect(userSectionBody(group, draft, user), group).toBeNull()
    }
    expect(initialUserDraft('agent', user)).toEqual({
      isAgent: false,
      agentStatus: '',
      businessName: '',
      websiteUrl: '',
      defaultDiscountPercent: '5',
      commissionRate: '5',
    })
    expect(initialUserDraft('flags', user)).toEqual({
      isActive: true,
      isAdmin: false,
      isAgent: false,
      isEmailVerified: true,
    })
  })

  it('bank details: the account number field starts empty and is sent only when typed; the masked one never is', () => {
    const draft = initialUserDraft('bankDetails', user)
    expect(draft.accountNumber).toBe('')
    expect(userSectionBody('bankDetails', { ...draft, ifscCode: 'hdfc0000123 ' }, user)).toEqual({
      bankDetails: { ifscCode: 'HDFC0000123' },
    })
    expect(
      userSectionBody('bankDetails', { ...draft, accountNumber: ' 001234561234 ', upiId: 'asha@hdfc' }, user),
    ).toEqual({ bankDetails: { accountNumber: '001234561234', upiId: 'asha@hdfc' } })
    expect(JSON.stringify(userSectionBody('bankDetails', { ...draft, bankName: 'HDFC' }, user))).not.toContain('••••')
  })

  it('address: the country shows India when none is stored, and a saved address keeps it', () => {
    const draft = initialUserDraft('address', user)
    expect(draft.country).toBe('India')
    expect(userSectionBody('address', { ...draft, city: 'Madurai' }, user)).toEqual({
      address: { city: 'Madurai', country: 'India' },
    })
    const stored = makeUser({ address: { ...user.address, country: 'Nepal' } })
    expect(userSectionBody('address', { ...initialUserDraft('address', stored), city: 'Pokhara' }, stored)).toEqual({
      address: { city: 'Pokhara' },
    })
  })

  it('agent: numbers in percent, an empty rate counts as 0, an unset status is not sent', () => {
    const draft = initialUserDraft('agent', user)
    expect(userSectionBody('agent', { ...draft, isAgent: true, defaultDiscountPercent: '10' }, user)).toEqual({
      isAgent: true,
      defaultDiscountPercent: 10,
    })
    expect(userSectionBody('agent', { ...draft, commissionRate: '', agentStatus: 'active' }, user)).toEqual({
      commissionRate: 0,
      agentStatus: 'active',
    })
  })

  it('basic, flags, social media and preferences send the changed fields, trimmed, under their group', () => {
    expect(
      userSectionBody('basic', { ...initialUserDraft('basic', user), name: ' Asha R ', year: 'Graduate' }, user),
    ).toEqual({ name: 'Asha R', year: 'Graduate' })
    expect(userSectionBody('flags', { ...initialUserDraft('flags', user), isAdmin: true }, user)).toEqual({
      isAdmin: true,
    })
    expect(
      userSectionBody('socialMedia', { ...initialUserDraft('socialMedia', user), instagram: '@asha' }, user),
    ).toEqual({ socialMedia: { instagram: '@asha' } })
    expect(
      userSectionBody('preferences', { ...initialUserDraft('preferences', user), marketingEmails: true }, user),
    ).toEqual({ preferences: { marketingEmails: true } })
  })

  it('every body a section sends is its own group under the contract (no foreign field)', () => {
    const edits: Record<string, Record<string, string | boolean>> = {
      basic: { phone: '99999 11111' },
      address: { pincode: '600002' },
      flags: { isAgent: true },
      agent: { businessName: 'Asha Tutors' },
      socialMedia: { youtube: 'asha' },
      bankDetails: { accountNumber: '12345678' },
      preferences: { newsletter: false },
    }
    for (const group of USER_UPDATE_GROUPS) {
      const body = userSectionBody(group, { ...initialUserDraft(group, user), ...edits[group] }, user)
      const parsed = v.safeParse(UserUpdateSchema, body)
      expect(parsed.success, group).toBe(true)
      if (parsed.success) expect(parsed.output.group, group).toBe(group)
    }
  })

  it("the contract's rules before Save, by field and without paths: name, bounds, IFSC, UPI, account number", () => {
    const u = makeUser()
    const draft = (section: UserUpdateGroup, patch: UserDraft) => ({ ...initialUserDraft(section, u), ...patch })
    expect(userSectionErrors('basic', draft('basic', { name: '  ' }), u)).toEqual({ name: 'Name is required' })
    expect(
      userSectionErrors('agent', draft('agent', { defaultDiscountPercent: '50', commissionRate: '100' }), u),
    ).toEqual({})
    expect(userSectionErrors('agent', draft('agent', { defaultDiscountPercent: '50.5' }), u)).toEqual({
      defaultDiscountPercent: 'Default discount cannot exceed 50',
    })
    expect(userSectionErrors('agent', draft('agent', { commissionRate: '-1' }), u)).toEqual({
      commissionRate: 'Commission rate must be at least 0',
    })
    expect(
      userSectionErrors('bankDetails', draft('bankDetails', { ifscCode: 'BAD', upiId: 'x', accountNumber: '12' }), u),
    ).toEqual({
      ifscCode: 'IFSC code must look like SBIN0001234 (4 letters, 0, 6 letters or digits)',
      upiId: 'UPI ID must look like name@bank',
      accountNumber: 'Account number must be 6 to 18 digits',
    })
    // Nothing changed: nothing to check (Save closes the section).
    expect(userSectionErrors('bankDetails', initialUserDraft('bankDetails', u), u)).toEqual({})
  })
})
