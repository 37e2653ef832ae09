import { describe, expect, it } from 'vitest'
import { bpsToPercent, paiseToRupees, percentToBps, rupeesToPaise } from '../../../server/domain/money'

describe('money at the API boundary', () => {
  it('converts paise to rupees with two decimals', () => {
    expect(paiseToRupees(49999)).toBe(499.99)
    expect(paiseToRupees(0)).toBe(0)
    expect(paiseToRupees(100)).toBe(1)
  })
  it('converts rupees to integer paise without float drift', () => {
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30)
    expect(rupeesToPaise(1999.995)).toBe(200000)
    expect(rupeesToPaise(-12.345)).toBe(-1235)
  })
  it('converts basis points and percent both ways', () => {
    expect(bpsToPercent(1250)).toBe(12.5)
    expect(percentToBps(33.3)).toBe(3330)
    expect(percentToBps(bpsToPercent(777))).toBe(777)
  })
})
