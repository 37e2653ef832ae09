/**
 * Calendar days typed as dd/mm/yyyy, the en-IN order (SPEC.md 9), and kept as 'YYYY-MM-DD' (the
 * URL and the API). Display goes through Intl (en-IN, UTC so no time zone moves the day); typing
 * goes through `maskDayMonthYear` and `parseDayMonthYear`. Browsers draw a native date input in
 * their own UI locale whatever the page's language, so the lists' date filters use these instead.
 */
const dayMonthYear = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
})

/** 'YYYY-MM-DD' → 'dd/mm/yyyy' ('2026-11-27' → '27/11/2026'); '' for '' or anything not a day. */
export function formatDayMonthYear(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!match) return ''
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Number.isNaN(time) ? '' : dayMonthYear.format(time)
}

/**
 * What a dd/mm/yyyy box shows for typed `text`: its digits (at most 8) with '/' after the day and
 * the month once more digits follow ('2711' → '27/11', '27112026' → '27/11/2026').
 */
export function maskDayMonthYear(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8)
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/')
}

/**
 * 'dd/mm/yyyy' (also '-' or '.' between, one-digit day or month) → 'YYYY-MM-DD', or null when it
 * is not a real day (31/02/2026) or the year is outside 1900-9999.
 */
export function parseDayMonthYear(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text)
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1900) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}
