/**
 * The one place that formats money, numbers and dates for the screens (SPEC.md 9: Indian rupee,
 * en-IN grouping). Money arrives from the API in rupees (number, 2 decimals), never paise.
 */
import { inByteUnits } from '../domain/byte-units'

const LOCALE = 'en-IN'

const inr = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'INR' })
const integer = new Intl.NumberFormat(LOCALE)
const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const upToTwoDecimals = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 })
const date = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' })
const dateTime = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})
const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' })
const inrCompact = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
})
// A 'YYYY-MM' month is a calendar month, not an instant: format it at UTC midnight so no time zone moves it.
const monthShort = new Intl.DateTimeFormat(LOCALE, { month: 'short', timeZone: 'UTC' })
const monthLong = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** `formatINR(125000)` → '₹1,25,000.00'. Input in rupees. */
export function formatINR(rupees: number): string {
  return inr.format(Number.isFinite(rupees) ? rupees : 0)
}

/** Rupees in the short Indian form, for chart axes: 0 → '₹0', 123456 → '₹1.2L', 98765432 → '₹9.9Cr'. */
export function formatINRCompact(rupees: number): string {
  return inrCompact.format(Number.isFinite(rupees) ? rupees : 0)
}

/** Whole counts with Indian grouping: `formatCount(1234567)` → '12,34,567'. */
export function formatCount(n: number): string {
  return integer.format(n)
}

/** One decimal place with Indian grouping: `formatDecimal(4.25)` → '4.3' (ratings, rates). */
export function formatDecimal(n: number): string {
  return oneDecimal.format(Number.isFinite(n) ? n : 0)
}

/** A rate in percent as the API sends it (at most 2 decimals): `formatPercent(10)` → '10%', `formatPercent(7.25)` → '7.25%'. */
export function formatPercent(percent: number): string {
  return `${upToTwoDecimals.format(Number.isFinite(percent) ? percent : 0)}%`
}

/**
 * File sizes per SPEC.md 9, 1 KB = 1024 bytes, 2 decimals: 512 → '512.00 B', 1536 → '1.50 KB',
 * 5 × 1024³ → '5.00 GB'. Bytes in, text out; larger sizes stay in GB.
 */
export function formatBytes(bytes: number): string {
  const { value, unit } = inByteUnits(bytes)
  return `${twoDecimals.format(value)} ${unit}`
}

/** Bytes as megabytes with 2 decimals (SPEC.md 9 'Upload total is shown in MB'): 5 × 1024² → '5.00 MB'. */
export function formatMB(bytes: number): string {
  return `${twoDecimals.format((Number.isFinite(bytes) ? bytes : 0) / (1024 * 1024))} MB`
}

const plural = new Intl.PluralRules(LOCALE)

/** A count with its noun, grouped en-IN: `formatQuantity(1, 'commit')` → '1 commit', (12000, 'file') → '12,000 files'. */
export function formatQuantity(n: number, one: string, many = `${one}s`): string {
  return `${integer.format(n)} ${plural.select(n) === 'one' ? one : many}`
}

/** A signed percentage with at most one decimal: 12.5 → '+12.5%', -3 → '-3%', 0 → '0%'. */
export function formatPercentChange(percent: number): string {
  const rounded = Math.round(percent * 10) / 10
  const sign = rounded > 0 ? '+' : ''
  return `${sign}${rounded}%`
}

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value)
}

/** A calendar date: '5 Mar 2026'. Accepts an ISO string, epoch ms or a Date. */
export function formatDate(value: string | number | Date): string {
  return date.format(toDate(value))
}

/** A calendar month given as 'YYYY-MM': 'short' → 'Mar', 'long' → 'March 2026'. */
export function formatMonth(month: string, style: 'short' | 'long' = 'long'): string {
  const [year, index] = month.split('-').map(Number)
  const first = new Date(Date.UTC(year, index - 1, 1))
  return Number.isNaN(first.getTime()) ? month : (style === 'short' ? monthShort : monthLong).format(first)
}

/** Date and time: '5 Mar 2026, 4:05 pm'. */
export function formatDateTime(value: string | number | Date): string {
  return dateTime.format(toDate(value))
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** Time relative to `now` (epoch ms): '5 minutes ago', 'yesterday', 'now'. */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const seconds = Math.round((toDate(value).getTime() - now) / 1000)
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit)
  }
  return relative.format(0, 'second')
}
