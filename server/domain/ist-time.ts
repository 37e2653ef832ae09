/**
 * Times in the words mail to people in India uses: '5 Jan 2026, 3:04 pm IST' (en-IN, Asia/Kolkata),
 * for the contact reply's attribution line and the decision mail.
 */
const IST_DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/** `at` as '5 Jan 2026, 3:04 pm IST'. */
export function formatIstDateTime(at: Date): string {
  return IST_DATE_TIME.format(at)
}
