/**
 * Sessions in the API's shape (src/api/schemas/auth.ts SessionSchema): pure
 * mappings from the live refresh-token rows, with the device read from the User-Agent by bowser.
 */
import Bowser from 'bowser'
import type { Session } from '../../src/api/schemas/auth'
import type { LiveSessionRow } from '../db/queries/auth.queries'

/**
 * A readable device from a User-Agent header: 'Chrome 131 on Linux', 'Safari 17 on iOS',
 * 'Firefox on Windows' (no version known), 'Unknown browser' for '' or a client bowser cannot read.
 */
export function describeDevice(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown browser'
  const parsed = Bowser.parse(userAgent)
  const name = parsed.browser.name
  const major = parsed.browser.version?.split('.')[0]
  const browser = name ? [name, major].filter(Boolean).join(' ') : 'Unknown browser'
  const os = parsed.os.name
  return os ? `${browser} on ${os}` : browser
}

/**
 * The admin's sessions as GET /api/auth/sessions answers them: `current` marks family `sid` (the
 * request's own session), which comes first; the rest keep `rows`' order (most recently used first).
 */
export function toSessions(rows: readonly LiveSessionRow[], sid: string | null): Session[] {
  const sessions = rows.map((row) => ({
    _id: row.familyId,
    device: describeDevice(row.userAgent),
    userAgent: row.userAgent,
    ip: row.ip,
    signedInAt: row.signedInAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.familyId === sid,
  }))
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)]
}
