import { describe, expect, it } from 'vitest'
import { UNDO_GRACE_MS, UNDO_MESSAGES, UNDO_WINDOW_MS } from '../../../src/api/schemas/undo'
import { groupByBefore, stored, unchangedSince, undoExpiry, undoRecord, undoRefusal } from '../../../server/domain/undo'

const at = new Date('2026-03-01T10:00:00.000Z')

describe('undo rules', () => {
  it('expires UNDO_WINDOW_MS after the change', () => {
    expect(undoExpiry(at).getTime() - at.getTime()).toBe(UNDO_WINDOW_MS)
  })
  it('refuses another admin, a used undo, and one past expiry plus the grace (in that order)', () => {
    const row = { actorId: 'a', expiresAt: undoExpiry(at), undoneAt: null }
    const edge = new Date(row.expiresAt.getTime() + UNDO_GRACE_MS)
    expect(undoRefusal(row, 'a', edge)).toBeNull()
    expect(undoRefusal(row, 'a', new Date(edge.getTime() + 1))).toEqual({ status: 410, message: UNDO_MESSAGES.expired })
    expect(undoRefusal(row, 'b', at)).toEqual({ status: 403, message: UNDO_MESSAGES.notYours })
    expect(undoRefusal({ ...row, undoneAt: at }, 'a', at)).toEqual({
      status: 409,
      message: UNDO_MESSAGES.alreadyUndone,
    })
  })
  it('records the columns of after, before and the version as JSON values', () => {
    const repliedAt = new Date('2026-01-01T00:00:00.000Z')
    expect(
      undoRecord('x', { status: 'new', repliedAt, other: 1 }, { status: 'replied', repliedAt: null }, at, 'note'),
    ).toEqual({
      id: 'x',
      before: { status: 'new', repliedAt: repliedAt.toISOString() },
      after: { status: 'replied', repliedAt: null },
      version: at.toISOString(),
      created: 'note',
    })
    expect(stored(undefined)).toBeNull()
  })
  it('sees a row as unchanged only with the same version and the same columns of after', () => {
    const record = undoRecord('x', { isActive: true }, { isActive: false }, at)
    expect(unchangedSince({ isActive: false, updatedAt: at }, record)).toBe(true)
    expect(unchangedSince({ isActive: true, updatedAt: at }, record)).toBe(false)
    expect(unchangedSince({ isActive: false, updatedAt: new Date(at.getTime() + 1) }, record)).toBe(false)
  })
  it('groups records by their previous state, whatever the key order', () => {
    const r = (id: string, before: Record<string, string>) => ({ id, before, after: {}, version: '' })
    expect(
      groupByBefore([r('1', { a: 'x', b: 'y' }), r('2', { b: 'y', a: 'x' }), r('3', { a: 'z', b: 'y' })]).map(
        (g) => g.ids,
      ),
    ).toEqual([['1', '2'], ['3']])
  })
})
