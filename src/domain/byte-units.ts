/**
 * Byte counts in binary units (1 KB = 1024 bytes), shared by the console's size labels
 * (src/lib/format.ts) and the server's risk reasons (server/domain/source-risk.ts), which format
 * the number each in their own precision.
 */

/** The units a size is shown in, smallest first. */
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const

/** `bytes` in the largest unit it reaches (at most GB): 1536 → { value: 1.5, unit: 'KB' }; negative or non-finite → 0 B. */
export function inByteUnits(bytes: number): { value: number; unit: (typeof BYTE_UNITS)[number] } {
  let value = Math.max(0, Number.isFinite(bytes) ? bytes : 0)
  let unit = 0
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return { value, unit: BYTE_UNITS[unit] }
}
