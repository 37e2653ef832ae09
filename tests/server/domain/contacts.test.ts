/**
 * server/domain/contacts.ts: the reply mail's subject and text (the original quoted line by line,
 * the date en-IN in IST), the answers' texts and the public form's rate-limit wait.
 */
import { describe, expect, it } from 'vitest'
import {
  bulkMessage,
  formatReceivedAt,
  rateLimitMessage,
  replySubject,
  replyText,
  statusMessage,
} from '../../../server/domain/contacts'

describe('contacts domain', () => {
  it('prefixes the subject with Re:, or answers an empty one as Your inquiry', () => {
    expect(replySubject('Licence question')).toBe('Re: Licence question')
    expect(replySubject('')).toBe('Re: Your inquiry')
    expect(replySubject('   ')).toBe('Re: Your inquiry')
  })

  it('dates the original in India time, across the UTC day boundary', () => {
    expect(formatReceivedAt(new Date('2026-01-31T18:45:00Z'))).toBe('1 Feb 2026, 12:15 am IST')
  })

  it('quotes every line of the original, CRLF and CR too, after a blank line and the attribution', () => {
    const text = replyText('Thanks!', {
      name: 'Asha',
      email: 'asha@example.in',
      message: 'a\r\nb\rc\n\n> d',
      createdAt: new Date('2026-03-05T09:34:00Z'),
    })
    expect(text).toBe(
      'Thanks!\n\nOn 5 Mar 2026, 3:04 pm IST, Asha <asha@example.in> wrote:\n> a\n> b\n> c\n> \n> > d\n',
    )
  })

  it('says what changed', () => {
    expect(statusMessage('new')).toBe('Contact status updated to unread')
    expect(statusMessage('archived')).toBe('Contact status updated to archived')
    expect([bulkMessage(1), bulkMessage(3)]).toEqual(['Updated 1 contact', 'Updated 3 contacts'])
  })

  it('refuses the sixth message in 15 minutes and says how long to wait (at least a minute)', () => {
    const now = new Date('2026-03-05T10:00:00Z')
    const ago = (ms: number) => new Date(now.getTime() - ms)
    expect(rateLimitMessage(4, ago(60_000), now)).toBeNull()
    expect(rateLimitMessage(5, ago(60_000), now)).toBe('Too many messages. Please try again in 14 minutes.')
    expect(rateLimitMessage(5, ago(14 * 60_000 + 59_000), now)).toBe('Too many messages. Please try again in 1 minute.')
    expect(rateLimitMessage(5, ago(15 * 60_000), now)).toBe('Too many messages. Please try again in 1 minute.')
  })
})
