import { describe, expect, it } from 'vitest'
import { appliedIds, conflictNote } from '../../../src/domain/row-conflicts'
import { bulkNotice } from '../../../src/machines/shared/bulk-outcome.rules'

const asha = { id: 'u1', name: 'Asha' }
const ravi = { id: 'u2', name: 'Ravi' }
const stale = (id: string, changedBy: typeof asha | null = asha) => ({ id, version: 'v9', changedBy })
const text = (a: { ids: string[] }) => `${a.ids.length} projects activated successfully`

describe('rows a bulk write left unchanged', () => {
  it('says how many and by whom', () => {
    expect(conflictNote([])).toBeNull()
    expect(conflictNote([stale('a')])).toBe('1 changed since you loaded it (by Asha)')
    expect(conflictNote([stale('a'), stale('b', ravi), stale('c')])).toBe(
      '3 changed since you loaded them (by Asha, Ravi)',
    )
    expect(conflictNote([stale('a', null)])).toBe('1 changed since you loaded it')
    expect(appliedIds(['a', 'b', 'c'], [stale('b')])).toEqual(['a', 'c'])
  })

  it('the notice counts only the rows written, then names the others; none written is an error', () => {
    const undo = { id: 't', expiresAt: '2026-01-01T00:00:10.000Z' }
    const action = { ids: ['a', 'b', 'c'] }
    expect(bulkNotice(action, { undo, conflicts: [stale('c')] }, text)).toEqual({
      type: 'undo.offered',
      text: '2 projects activated successfully. 1 changed since you loaded it (by Asha)',
      undo,
    })
    expect(bulkNotice(action, { undo: null, conflicts: [] }, text)).toEqual({
      type: 'notify.success',
      text: '3 projects activated successfully',
    })
    expect(bulkNotice({ ids: ['a'] }, { undo: null, conflicts: [stale('a')] }, text)).toEqual({
      type: 'notify.error',
      text: 'Nothing changed: 1 changed since you loaded it (by Asha)',
    })
    expect(bulkNotice(action, undo, text)).toEqual({
      type: 'undo.offered',
      text: '3 projects activated successfully',
      undo,
    })
  })
})
