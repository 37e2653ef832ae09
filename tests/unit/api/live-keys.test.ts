import { afterEach, describe, expect, it, vi } from 'vitest'
import type { QueryKey } from '@tanstack/react-query'
import { commissionKeys } from '../../../src/api/commission'
import { contactKeys } from '../../../src/api/contacts'
import { dashboardKeys } from '../../../src/api/dashboard'
import { createLiveInvalidator } from '../../../src/api/live-invalidate'
import { ALL_QUERIES, coveringKeys, liveReaction, staleKeysOf } from '../../../src/api/live-keys'
import { orderKeys } from '../../../src/api/orders'
import { paymentKeys } from '../../../src/api/payments'
import { projectKeys } from '../../../src/api/projects'
import type { ChangeEvent } from '../../../src/api/schemas/live'
import { triageKeys } from '../../../src/api/triage'
import { userKeys } from '../../../src/api/users'

const change = (entityType: string, entityId: string | null, actorId: string | null = 'b'): ChangeEvent => ({
  type: 'change',
  id: '1',
  at: '2026-11-27T10:00:00.000Z',
  action: `${entityType}.update`,
  entityType,
  entityId,
  actor: actorId ? { id: actorId, name: 'Asha' } : null,
})

/** Whether `key` (a query's) is invalidated by one of `stale` (react-query's prefix match). */
const hits = (stale: ReturnType<typeof staleKeysOf>, key: QueryKey) =>
  stale === ALL_QUERIES || stale.some((s) => s.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i])))

describe('staleKeysOf', () => {
  it("a project change reaches every projects list, that project's detail, the dashboard and triage, not another project", () => {
    const stale = staleKeysOf(change('project', 'p1'))
    for (const key of [
      projectKeys.list({ page: 2 } as never),
      projectKeys.detail('p1'),
      dashboardKeys.stats,
      triageKeys.stats,
      triageKeys.bundle('p1'),
      ['triage', 'claims'],
    ])
      expect(hits(stale, key), JSON.stringify(key)).toBe(true)
    expect(hits(stale, projectKeys.detail('p2'))).toBe(false)
    expect(hits(stale, userKeys.stats)).toBe(false)
  })

  it('users, orders, payments, contacts and commission reach their own lists, figures and detail', () => {
    const cases: Array<[string, QueryKey[]]> = [
      [
        'user',
        [userKeys.list({} as never), userKeys.stats, userKeys.detail('x'), userKeys.search('a'), dashboardKeys.stats],
      ],
      [
        'order',
        [
          orderKeys.list({} as never),
          orderKeys.stats,
          orderKeys.detail('x'),
          dashboardKeys.stats,
          ['analytics', 'month'],
        ],
      ],
      ['payment', [paymentKeys.list({} as never), paymentKeys.stats, paymentKeys.detail('x'), ['analytics', 'week']]],
      ['contact', [contactKeys.list({} as never), contactKeys.stats, contactKeys.detail('x'), dashboardKeys.stats]],
      ['commission', [commissionKeys.configs({} as never), commissionKeys.default, commissionKeys.stats]],
    ]
    for (const [type, keys] of cases) {
      const stale = staleKeysOf(change(type, 'x'))
      for (const key of keys) expect(hits(stale, key), `${type} ${JSON.stringify(key)}`).toBe(true)
    }
    expect(staleKeysOf(change('something_else', 'x'))).toEqual([])
  })

  it('claims reach the triage claims and queue, presence its record, resync everything', () => {
    expect(hits(staleKeysOf({ type: 'claim', projectId: 'p', claim: null }), ['triage', 'claims'])).toBe(true)
    expect(staleKeysOf({ type: 'presence', entityType: 'project', entityId: 'p' })).toEqual([
      ['presence', 'project', 'p'],
    ])
    expect(staleKeysOf({ type: 'resync' })).toBe(ALL_QUERIES)
  })

  it("a source report reaches the projects lists, that project's detail and triage (queue and bundles)", () => {
    const stale = staleKeysOf({ type: 'report', projectId: 'p', riskWeight: 60 })
    expect(hits(stale, projectKeys.list({ page: 1, risk: 'secrets' } as never))).toBe(true)
    expect(hits(stale, ['projects', 'detail', 'p'])).toBe(true)
    expect(hits(stale, ['projects', 'detail', 'q'])).toBe(false)
    expect(hits(stale, ['triage', 'queue'])).toBe(true)
    expect(hits(stale, triageKeys.bundle('p'))).toBe(true)
  })
})

describe('liveReaction', () => {
  it("skips my own change, names another admin's on its row, and says Someone for a change without a name", () => {
    expect(liveReaction(change('project', 'p1', 'me'), 'me')).toBeNull()
    expect(liveReaction(change('project', 'p1', 'b'), 'me')?.changedBy).toEqual({ entityId: 'p1', name: 'Asha' })
    expect(liveReaction({ ...change('project', 'p1'), actor: { id: 'b', name: '' } }, 'me')?.changedBy?.name).toBe(
      'Someone',
    )
    expect(liveReaction(change('project', null, null), 'me')).toEqual({ keys: staleKeysOf(change('project', null)) })
  })
})

describe('coveringKeys and the coalesced invalidation', () => {
  afterEach(() => vi.useRealTimers())

  it('drops repeats and keys a shorter one covers', () => {
    expect(coveringKeys([['triage', 'stats'], ['projects', 'list'], ['triage'], ['projects', 'list']])).toEqual([
      ['triage'],
      ['projects', 'list'],
    ])
  })

  it('collects keys for 150 ms and invalidates each once; a resync invalidates everything once', () => {
    vi.useFakeTimers()
    const invalidateQueries = vi.fn(async () => {})
    const invalidator = createLiveInvalidator({ invalidateQueries })
    for (let i = 0; i < 500; i++) invalidator.add(staleKeysOf(change('project', `p${i % 2}`)))
    vi.advanceTimersByTime(149)
    expect(invalidateQueries).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    const keys = invalidateQueries.mock.calls.map((c) => (c as unknown as [{ queryKey: QueryKey }])[0].queryKey)
    expect(keys).toHaveLength(new Set(keys.map((k) => JSON.stringify(k))).size)
    expect(keys).toContainEqual(['projects', 'detail', 'p0'])
    expect(keys).toContainEqual(['projects', 'detail', 'p1'])

    invalidateQueries.mockClear()
    invalidator.add([['users', 'list']])
    invalidator.add(ALL_QUERIES)
    vi.advanceTimersByTime(150)
    expect(invalidateQueries.mock.calls).toEqual([[]])
    invalidator.add([['users', 'list']])
    invalidator.cancel()
    vi.advanceTimersByTime(500)
    expect(invalidateQueries).toHaveBeenCalledTimes(1)
  })
})
