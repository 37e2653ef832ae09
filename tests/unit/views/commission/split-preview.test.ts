import { describe, expect, it } from 'vitest'
import { agentDiscountedPricePaise, splitConfigFromPercent, splitOrder } from '../../../../src/domain/commission-split'
import { defaultDraft, draftOf, percentsOf } from '../../../../src/machines/commission-config.form'
import { previewColumns, rupeesToPaise } from '../../../../src/views/commission/components/split-preview'
import { commissionConfig } from '../../machines/commission-fixtures'

const preview = { amount: '10000', withCustomization: false, withInstallation: false }

describe('the split preview', () => {
  it('rupees as typed → paise: ₹12,345.67 is 1,234,567; blanks and nonsense are 0', () => {
    expect(rupeesToPaise('12345.67')).toBe(1_234_567)
    expect(rupeesToPaise('')).toBe(0)
    expect(rupeesToPaise('-5')).toBe(0)
    expect(rupeesToPaise('abc')).toBe(0)
  })

  it('₹10,000 on the defaults without add-ons: three columns from the engine, each summing to what the customer pays', () => {
    const columns = previewColumns(defaultDraft(), preview)!
    expect(columns.map((c) => c.key)).toEqual(['none', 'agent', 'student'])
    const config = splitConfigFromPercent({ ...percentsOf(defaultDraft()), noReferralDistribution: 'equal_split' })
    expect(columns[0].split).toEqual(
      splitOrder({ amountPaise: 1_000_000, withCustomization: false, withInstallation: false, referrer: null }, config),
    )
    // The agent's customer pays the list price less the 5 % agent discount.
    expect(columns[1].amountPaise).toBe(agentDiscountedPricePaise(1_000_000, 500))
    for (const c of columns) expect(Object.values(c.split).reduce((a, b) => a + b, 0)).toBe(c.amountPaise)
  })

  it('follows the draft and the add-on toggles', () => {
    const draft = draftOf(commissionConfig())
    const withAddOns = previewColumns(draft, { ...preview, withCustomization: true, withInstallation: true })!
    expect(withAddOns[0].split.customizer).toBeGreaterThan(0)
    expect(withAddOns[0].split.installationSupport).toBeGreaterThan(0)
    const without = previewColumns(draft, preview)!
    expect(without[0].split.customizer).toBe(0)
    expect(without[0].split.referral).toBe(0)
    expect(without[1].split.referral).toBeGreaterThan(0)
  })

  it('is unavailable while the rates do not total 100 %', () => {
    const d = defaultDraft()
    expect(previewColumns({ ...d, rates: { ...d.rates, projectOwnerRate: '49.9' } }, preview)).toBeNull()
  })
})
