/**
 * Pure rules of orders (server/domain/orders.ts) and the CSV cells (services/csv-export.ts):
 * cursors, India-time day bounds, calendar days, texts of moves and bulk updates, filter tokens,
 * paise text, spreadsheet-safe cells.
 */
import { describe, expect, it } from 'vitest'
import {
  bulkMessage,
  decodeCursor,
  decodeFilterToken,
  encodeCursor,
  encodeFilterToken,
  illegalMoveMessage,
  isCalendarDay,
  istDay,
  istDayRange,
} from '../../../server/domain/orders'
import { paiseText, textCell } from '../../../server/services/csv-export'

describe('orders domain', () => {
  it('round-trips a cursor and refuses anything else', () => {
    const position = { createdAt: '2026-05-01T10:00:00.123456Z', id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }
    expect(decodeCursor(encodeCursor(position))).toEqual(position)
    expect(decodeCursor('')).toBeNull()
    expect(decodeCursor('@@')).toBeNull()
    expect(decodeCursor(Buffer.from(`${position.createdAt}|nope`).toString('base64url'))).toBeNull()
  })

  it('bounds India calendar days (UTC+05:30), both ends inclusive', () => {
    expect(istDayRange('2026-03-10', '2026-03-10')).toEqual({
      start: new Date('2026-03-09T18:30:00Z'),
      end: new Date('2026-03-10T18:30:00Z'),
    })
    expect(istDayRange('', '')).toEqual({ start: undefined, end: undefined })
    expect(istDay(new Date('2026-03-09T18:30:00Z'))).toBe('2026-03-10')
    expect(istDay(new Date('2026-03-09T18:29:59Z'))).toBe('2026-03-09')
    expect(isCalendarDay('2024-02-29')).toBe(true)
    expect(isCalendarDay('2026-02-29')).toBe(false)
    expect(isCalendarDay('0000-01-01')).toBe(false)
  })

  it('writes the texts of moves and bulk updates', () => {
    expect(illegalMoveMessage('ORD-2026-000123', 'completed', 'cancelled')).toBe(
      'Cannot move order ORD-2026-000123 from completed to cancelled',
    )
    expect(illegalMoveMessage('ORD-1', 'pending', 'in_progress')).toBe(
      'Cannot move order ORD-1 from pending to in progress',
    )
    expect(bulkMessage('confirm', 2, 1)).toBe('2 orders confirmed, 1 could not be changed')
    expect(bulkMessage('cancel', 1, 0)).toBe('1 order cancelled')
    expect(bulkMessage('complete', 0, 3)).toBe('0 orders completed, 3 could not be changed')
  })

  it('round-trips filter tokens, dropping empty filters', () => {
    const token = encodeFilterToken({ search: 'a b/é', status: '', from: '2026-01-01' })
    expect(decodeFilterToken(token)).toEqual({ search: 'a b/é', from: '2026-01-01' })
    expect(decodeFilterToken(Buffer.from('[1]').toString('base64url'))).toBeNull()
    expect(decodeFilterToken(Buffer.from('{"a":1}').toString('base64url'))).toBeNull()
    expect(decodeFilterToken('not/base64')).toBeNull()
  })

  it('formats paise exactly and neutralises formulas', () => {
    expect(paiseText(0)).toBe('0.00')
    expect(paiseText(7)).toBe('0.07')
    expect(paiseText(49999)).toBe('499.99')
    expect(paiseText(9_007_199_254_740_991)).toBe('90071992547409.91')
    expect(paiseText(-150)).toBe('-1.50')
    expect(textCell('=SUM(A1)')).toBe("'=SUM(A1)")
    expect(textCell('@x')).toBe("'@x")
    expect(textCell('Asha')).toBe('Asha')
    expect(textCell(null)).toBe('')
  })
})
