/** Pure rules of user writes (server/domain/user-rules.ts): admin guards, codes, merges, IST month start, diffs. */
import { describe, expect, it } from 'vitest'
import {
  CODE_ALPHABET,
  LAST_ADMIN,
  SELF_DEACTIVATE,
  SELF_DEMOTE,
  adminGuardError,
  agentOnboarding,
  diffFields,
  generateCode,
  mergeAddress,
  mergeNested,
  monthStartIst,
} from '../../../server/domain/user-rules'
import { percentToBps } from '../../../server/domain/money'

const admin = (id: string, isActive = true) => ({ id, isAdmin: true, isActive })
const deactivate = (r: { isAdmin: boolean }) => ({ isAdmin: r.isAdmin, isActive: false })
const demote = (r: { isActive: boolean }) => ({ isAdmin: false, isActive: r.isActive })

describe('admin guards', () => {
  it('refuses deactivating or demoting yourself', () => {
    expect(adminGuardError('me', [admin('me')], deactivate, ['me', 'you'])).toBe(SELF_DEACTIVATE)
    expect(adminGuardError('me', [admin('me')], demote, ['me', 'you'])).toBe(SELF_DEMOTE)
    expect(adminGuardError('me', [admin('me')], (r) => r, ['me'])).toBeUndefined()
  })
  it('refuses losing the last active admin, also in a bulk', () => {
    expect(adminGuardError('me', [admin('you')], deactivate, ['you'])).toBe(LAST_ADMIN)
    expect(adminGuardError('x', [admin('a'), admin('b')], deactivate, ['a', 'b'])).toBe(LAST_ADMIN)
    expect(adminGuardError('x', [admin('a')], deactivate, ['a', 'b'])).toBeUndefined()
    expect(adminGuardError('x', [admin('a')], demote, ['a'])).toBe(LAST_ADMIN)
  })
  it('ignores users who are not active admins', () => {
    const user = { id: 'u', isAdmin: false, isActive: true }
    expect(adminGuardError('me', [user, admin('old', false)], deactivate, ['me'])).toBeUndefined()
  })
})

describe('agent codes and onboarding', () => {
  it('draws prefix + 6 symbols of the unambiguous alphabet', () => {
    expect(CODE_ALPHABET).not.toMatch(/[01ILO]/)
    expect(generateCode('REF', () => 0)).toBe('REF222222')
    let i = 0
    expect(generateCode('AGT', () => i++)).toBe(`AGT${CODE_ALPHABET.slice(0, 6)}`)
  })
  it('gives codes and agentStatus active when a user first becomes an agent', () => {
    const none = { isAgent: false, agentStatus: null, referralCode: null, agentCode: null }
    expect(agentOnboarding(none, true, null)).toEqual({ needsCodes: true, agentStatus: 'active' })
    expect(agentOnboarding(none, true, 'pending')).toEqual({ needsCodes: true, agentStatus: undefined })
    expect(agentOnboarding({ ...none, referralCode: 'R', agentCode: 'A' }, true, null)).toEqual({
      needsCodes: false,
      agentStatus: 'active',
    })
    expect(agentOnboarding({ ...none, isAgent: true }, true, null)).toEqual({
      needsCodes: false,
      agentStatus: undefined,
    })
    expect(agentOnboarding(none, false, null)).toEqual({ needsCodes: false, agentStatus: undefined })
  })
  it('stores rates as exact basis points', () => {
    expect([percentToBps(0.29), percentToBps(50), percentToBps(12.34), percentToBps(100)]).toEqual([
      29, 5000, 1234, 10000,
    ])
  })
})

describe('nested merges', () => {
  it("keeps omitted keys, clears '' and replaces the rest", () => {
    expect(mergeNested({ a: 'x', b: 'y' } as Record<string, string>, { a: '', c: 'z', b: undefined })).toEqual({
      b: 'y',
      c: 'z',
    })
    expect(mergeNested({ newsletter: false, notifications: true }, { newsletter: true })).toEqual({
      newsletter: true,
      notifications: true,
    })
  })
  it('makes an empty country India', () => {
    expect(mergeAddress({ city: 'Pune', country: 'Nepal' }, { country: '' })).toEqual({
      city: 'Pune',
      country: 'India',
    })
    expect(mergeAddress<{ city?: string; country?: string }>({}, { city: 'Goa' })).toEqual({
      city: 'Goa',
      country: 'India',
    })
    expect(mergeAddress<{ city?: string; country?: string }>({ country: 'Nepal' }, { city: 'Goa' })).toEqual({
      city: 'Goa',
      country: 'Nepal',
    })
  })
})

describe('month start in India Standard Time', () => {
  it('is the 1st at 00:00 IST (18:30 UTC the day before)', () => {
    expect(monthStartIst(new Date('2026-03-10T12:00:00Z')).toISOString()).toBe('2026-02-28T18:30:00.000Z')
    // 1 March 00:10 IST is still 28 February in UTC, but already March in India.
    expect(monthStartIst(new Date('2026-02-28T18:40:00Z')).toISOString()).toBe('2026-02-28T18:30:00.000Z')
    expect(monthStartIst(new Date('2026-02-28T18:20:00Z')).toISOString()).toBe('2026-01-31T18:30:00.000Z')
    expect(monthStartIst(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2025-12-31T18:30:00.000Z')
  })
})

describe('diffFields', () => {
  it('lists only changed keys with both sides, null for absent', () => {
    expect(diffFields({ a: 1, b: { x: 1 }, c: null }, { a: 1, b: { x: 2 }, c: 'n' })).toEqual({
      changed: true,
      before: { b: { x: 1 }, c: null },
      after: { b: { x: 2 }, c: 'n' },
    })
    expect(diffFields({ a: 1 }, { a: 1 }).changed).toBe(false)
  })
})
