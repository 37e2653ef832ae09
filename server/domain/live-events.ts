/**
 * Pure rules of the live event stream (decision 044): which audit actions are announced, how a
 * notification's payload becomes a StreamEvent, and how a change's entity type reads. No I/O.
 */
import * as v from 'valibot'
import { StreamEventSchema, type StreamEvent } from '../../src/api/schemas/live'
import { entityTypeOf } from './audit'

/**
 * Audit actions no screen shows a change of: sign-in and session bookkeeping, downloads, a bank
 * account revealed. Migration 0034's trigger leaves out the same list; the replay filters by it.
 */
export const UNANNOUNCED_ACTIONS = [
  'auth.sign_in',
  'auth.otp_failed',
  'auth.refresh_reuse',
  'auth.step_up',
  'auth.session_revoke',
  'auth.sessions_revoke_others',
  'auth.password_change',
  'report.download',
  'report.download_link',
  'user.bank_account.reveal',
] as const

/**
 * The event a `console_events` payload carries, or undefined for text that is not one (a payload
 * of another version, garbage from a foreign NOTIFY). A change's entity type is the one the API
 * speaks (`users` → `user`, server/domain/audit.ts).
 */
export function parseEventPayload(payload: string): StreamEvent | undefined {
  let data: unknown
  try {
    data = JSON.parse(payload)
  } catch {
    return undefined
  }
  const parsed = v.safeParse(StreamEventSchema, data)
  if (!parsed.success) return undefined
  const event = parsed.output
  return event.type === 'change' ? { ...event, entityType: entityTypeOf(event.entityType) } : event
}

/**
 * The text/event-stream frame of `event`: `event:` its type, `data:` its JSON (one line: JSON.stringify
 * never writes a raw line break), `id:` a change's audit id (digits only), and the blank line.
 */
export function sseFrame(event: StreamEvent): string {
  const id = event.type === 'change' ? `id: ${event.id}\n` : ''
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n${id}\n`
}
