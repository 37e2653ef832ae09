import { describe, expect, it } from 'vitest'
import {
  assertVersion,
  changedFields,
  conflictMessage,
  contractFieldName,
  nextVersion,
  splitByVersion,
  StaleVersion,
  withMovedCount,
} from '../../../server/domain/versions'

const t = (iso: string) => new Date(iso)

describe('record version rules', () => {
  it('gives the clock when it is past the previous version, else one millisecond after it', () => {
    expect(nextVersion(t('2026-03-01T10:00:00.000Z'), t('2026-03-01T10:00:05.000Z')).toISOString()).toBe(
      '2026-03-01T10:00:05.000Z',
    )
    expect(nextVersion(t('2026-03-01T10:00:00.000Z'), t('2026-03-01T10:00:00.000Z')).toISOString()).toBe(
      '2026-03-01T10:00:00.001Z',
    )
    // A clock behind the last writer's.
    expect(nextVersion(t('2026-03-01T10:00:00.500Z'), t('2026-03-01T10:00:00.100Z')).toISOString()).toBe(
      '2026-03-01T10:00:00.501Z',
    )
  })

  it("throws StaleVersion only for a named version that is not the row's", () => {
    const row = { id: 'p1', updatedAt: t('2026-03-01T10:00:00.123Z') }
    expect(() => assertVersion('project', row, null)).not.toThrow()
    expect(() => assertVersion('project', row, '2026-03-01T10:00:00.123Z')).not.toThrow()
    try {
      assertVersion('project', row, '2026-03-01T09:00:00.000Z')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(StaleVersion)
      expect(error).toMatchObject({ entity: 'project', id: 'p1', current: '2026-03-01T10:00:00.123Z' })
    }
  })

  it('splits bulk rows into current (or unnamed) and moved', () => {
    const rows = [
      { id: 'a', updatedAt: t('2026-03-01T10:00:00.000Z') },
      { id: 'b', updatedAt: t('2026-03-01T10:00:01.000Z') },
      { id: 'c', updatedAt: t('2026-03-01T10:00:02.000Z') },
    ]
    const split = splitByVersion(rows, { a: '2026-03-01T10:00:00.000Z', b: '2026-03-01T10:00:00.000Z' })
    expect(split.current.map((r) => r.id)).toEqual(['a', 'c'])
    expect(split.moved.map((r) => r.id)).toEqual(['b'])
    expect(splitByVersion(rows, undefined).moved).toEqual([])
  })

  it('names stored fields as the contract does', () => {
    expect(
      [
        'pricePaise',
        'customization_price_paise',
        'commission_rate_bps',
        'project_owner_rate_bps',
        'agent_discount_bps',
      ].map(contractFieldName),
    ).toEqual(['price', 'customizationPrice', 'commissionRate', 'projectOwnerRate', 'agentDiscountPercent'])
    expect(['projectOwnerId', 'is_active', 'student_commission_bps', 'title'].map(contractFieldName)).toEqual([
      'projectOwner',
      'isActive',
      'studentCommissionPercent',
      'title',
    ])
  })

  it('lists the fields whose values differ, without bookkeeping columns', () => {
    expect(changedFields({ title: 'a', pricePaise: 100 }, { title: 'b', pricePaise: 100 })).toEqual(['title'])
    expect(
      changedFields({ id: 'x', is_active: true, updated_at: 1 }, { id: 'x', is_active: false, updated_at: 2 }),
    ).toEqual(['isActive'])
    expect(changedFields(null, { status: 'confirmed', note: 'ok' })).toEqual(['note', 'status'])
    expect(changedFields({ technologies: ['a'] }, { technologies: ['a'] })).toEqual([])
  })

  it('words the conflict and counts the rows a bulk write left', () => {
    expect(conflictMessage('project', 'Asha')).toBe('Project was changed by Asha since you opened it')
    expect(conflictMessage('commission_config', null)).toBe(
      'Commission configuration was changed by someone else since you opened it',
    )
    expect(withMovedCount('Updated 2 projects', 0)).toBe('Updated 2 projects')
    expect(withMovedCount('Updated 2 projects', 1)).toBe('Updated 2 projects; 1 changed since you loaded it')
    expect(withMovedCount('Updated 1 project', 2)).toBe('Updated 1 project; 2 changed since you loaded them')
  })
})
