/**
 * Money at the API boundary (docs/decisions/002): the database holds integer paise, the API
 * speaks rupees as numbers with at most 2 decimals. Commission rates: basis points ↔ percent.
 */

/** Integer paise → rupees (number, 2 decimals). `paiseToRupees(49999) === 499.99`. */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100
}

/** Rupees (number, any decimals) → integer paise, rounded half away from zero. */
export function rupeesToPaise(rupees: number): number {
  return Math.sign(rupees) * Math.round(Math.abs(rupees) * 100)
}

/** Basis points → percent (`1250` → `12.5`). */
export function bpsToPercent(bps: number): number {
  return bps / 100
}

/** Percent → integer basis points (`12.5` → `1250`). */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100)
}
