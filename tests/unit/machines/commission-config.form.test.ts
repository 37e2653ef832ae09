import { describe, expect, it } from 'vitest'
import {
  configBody,
  defaultDraft,
  draftErrors,
  draftOf,
  draftTotalBps,
  percentValue,
  sameDraft,
  saveBlocker,
} from '../../../src/machines/commission-config.form'
import { commissionConfig } from './commission-fixtures'

const withRates = (rates: Partial<ReturnType<typeof defaultDraft>['rates']>) => {
  const d = defaultDraft()
  return { ...d, rates: { ...d.rates, ...rates } }
}
const project = { _id: 'p-1', title: 'Inventory SaaS', price: 4999 }

describe('the commission form rules (SPEC.md 5 "Commission")', () => {
  it('a new draft holds SPEC.md 9 defaults: 50/30/10/5/5, agent discount 5, student 0, equal split, active', () => {
    const d = defaultDraft()
    expect(d.rates).toEqual({
      projectOwnerRate: '50',
      platformOwnerRate: '30',
      customizerRate: '10',
      installationSupportRate: '5',
      referralCommissionRate: '5',
      agentDiscountPercent: '5',
      studentCommissionPercent: '0',
    })
    expect(d).toMatchObject({ noReferralDistribution: 'equal_split', notes: '', isActive: true, project: null })
    expect(draftTotalBps(d)).toBe(10_000)
  })

  it('empty inputs count as 0: 50 + 30 + 10 + 5 + "" is 95 %', () => {
    expect(percentValue('')).toBe(0)
    expect(percentValue('  ')).toBe(0)
    expect(draftTotalBps(withRates({ referralCommissionRate: '' }))).toBe(9_500)
  })

  it('the total is summed in basis points: 33.3 + 33.3 + 33.4 + 0 + 0 is exactly 100 %, 0.1 short is 9,990 bps', () => {
    const exact = withRates({
      projectOwnerRate: '33.3',
      platformOwnerRate: '33.3',
      customizerRate: '33.4',
      installationSupportRate: '0',
      referralCommissionRate: '0',
    })
    expect(draftTotalBps(exact)).toBe(10_000)
    expect(draftTotalBps(withRates({ projectOwnerRate: '49.9' }))).toBe(9_990)
  })

  it('save is blocked by a missing project, a bound, a step, then by the total', () => {
    expect(saveBlocker(defaultDraft(), true)).toBe('Please select a project')
    expect(saveBlocker({ ...defaultDraft(), project }, true)).toBeNull()
    expect(saveBlocker(defaultDraft(), false)).toBeNull()
    expect(saveBlocker(withRates({ projectOwnerRate: '49.9' }), false)).toBe('Total must equal 100%')
    expect(saveBlocker(withRates({ agentDiscountPercent: '51' }), false)).toBe('Agent discount cannot exceed 50')
    expect(saveBlocker(withRates({ studentCommissionPercent: '20.5' }), false)).toBe(
      'Student commission cannot exceed 20',
    )
    expect(saveBlocker(withRates({ projectOwnerRate: '49.95', platformOwnerRate: '30.05' }), false)).toBe(
      'Project owner rate must be in steps of 0.1',
    )
    expect(saveBlocker(withRates({ customizerRate: '-1', projectOwnerRate: '61' }), false)).toBe(
      'Customizer rate must be at least 0',
    )
  })

  it('draftErrors names the field of each broken bound; a valid draft has none', () => {
    expect(draftErrors(defaultDraft())).toEqual({})
    expect(draftErrors(withRates({ agentDiscountPercent: '60', platformOwnerRate: 'abc' }))).toEqual({
      agentDiscountPercent: 'Agent discount cannot exceed 50',
      platformOwnerRate: 'Platform owner rate must be a number',
    })
  })

  it('a stored configuration becomes a draft and back into the same body', () => {
    const config = commissionConfig()
    const draft = draftOf(config)
    expect(draft.rates.customizerRate).toBe('7.5')
    expect(configBody({ ...draft, notes: '  Negotiated split  ' })).toEqual({
      projectOwnerRate: 60,
      platformOwnerRate: 25,
      customizerRate: 7.5,
      installationSupportRate: 2.5,
      referralCommissionRate: 5,
      agentDiscountPercent: 10,
      studentCommissionPercent: 2,
      noReferralDistribution: 'project_owner',
      notes: 'Negotiated split',
      isActive: true,
    })
  })

  it('sameDraft tells a changed draft from the opened one', () => {
    const d = defaultDraft()
    expect(sameDraft(d, { ...d })).toBe(true)
    expect(sameDraft(d, withRates({ customizerRate: '10.0' }))).toBe(false)
    expect(sameDraft(d, { ...d, isActive: false })).toBe(false)
    expect(sameDraft(d, { ...d, project })).toBe(false)
    expect(sameDraft(d, { ...d, noReferralDistribution: 'platform_owner' })).toBe(false)
    expect(sameDraft(d, { ...d, notes: 'x' })).toBe(false)
  })
})
