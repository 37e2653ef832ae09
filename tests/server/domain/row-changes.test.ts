import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isoMicros,
  parseTableChanges,
  reachesPage,
  reachesStatusCounts,
  reachesTotal,
  type ListFilter,
  type PageWindow,
  type RowChange,
} from '../../../server/domain/row-changes'

describe('change lists (migration 0042)', () => {
  it('parses entries of inserted, deleted and updated rows', () => {
    expect(parseTableChanges('1700000000123456::pending,1700000000000001:completed:,5:pending:confirmed:s')).toEqual([
      { before: undefined, after: { at: 1700000000123456, status: 'pending' }, searchChanged: false },
      { before: { at: 1700000000000001, status: 'completed' }, after: undefined, searchChanged: false },
      { before: { at: 5, status: 'pending' }, after: { at: 5, status: 'confirmed' }, searchChanged: true },
    ])
  })

  it('reads "*", an empty list and anything malformed as reaching everything', () => {
    for (const text of ['*', '', '12::', 'x:pending:', '12:pending', '12:pending:done:t', '12:Pending:', '1,']) {
      expect(parseTableChanges(text)).toBe('all')
    }
  })

  it('turns a stored created_at into microseconds since the epoch', () => {
    expect(isoMicros('1970-01-01T00:00:01.000002Z')).toBe(1_000_002)
    expect(isoMicros('2026-11-29T10:20:30.123456Z')).toBe(Date.parse('2026-11-29T10:20:30Z') * 1000 + 123_456)
  })
})

describe('the reach of a change', () => {
  const at = (n: number) => n * 1000
  const update = (a: number, before: string, after: string, searchChanged = false): RowChange => ({
    before: { at: at(a), status: before },
    after: { at: at(a), status: after },
    searchChanged,
  })
  const all: ListFilter = { search: false }

  it('reaches a page through its created_at span, on both sides inclusive', () => {
    const window: PageWindow = { newest: at(20), oldest: at(10) }
    expect(reachesPage(all, window, update(15, 'pending', 'pending'))).toBe(true)
    expect(reachesPage(all, window, update(20, 'pending', 'pending'))).toBe(true)
    expect(reachesPage(all, window, update(10, 'pending', 'pending'))).toBe(true)
    expect(reachesPage(all, window, update(9, 'pending', 'confirmed'))).toBe(false)
    expect(reachesPage(all, window, update(21, 'pending', 'confirmed'))).toBe(false)
    expect(reachesPage(all, {}, update(1, 'pending', 'pending'))).toBe(true)
  })

  it('reaches every page of a filter whose total it moves', () => {
    const pending: ListFilter = { status: 'pending', search: false }
    expect(reachesTotal(pending, update(1, 'pending', 'confirmed'))).toBe(true)
    expect(reachesTotal(pending, update(1, 'confirmed', 'completed'))).toBe(false)
    expect(reachesPage(pending, { newest: at(50), oldest: at(40) }, update(1, 'confirmed', 'pending'))).toBe(true)
    expect(reachesTotal(all, { after: { at: at(1), status: 'pending' }, searchChanged: false })).toBe(true)
    expect(reachesTotal(all, update(1, 'pending', 'cancelled'))).toBe(false)
  })

  it('takes a search as matching any row whose search text changed in its range', () => {
    const search: ListFilter = { search: true, from: at(5), to: at(10) }
    expect(reachesTotal(search, update(6, 'pending', 'pending', true))).toBe(true)
    expect(reachesTotal(search, update(10, 'pending', 'pending', true))).toBe(false)
    expect(reachesTotal({ search: false }, update(6, 'pending', 'pending', true))).toBe(false)
  })

  it('reaches status counts only when a row changes status, arrives or leaves', () => {
    expect(reachesStatusCounts(update(1, 'pending', 'pending', true))).toBe(false)
    expect(reachesStatusCounts(update(1, 'pending', 'completed'))).toBe(true)
    expect(reachesStatusCounts({ before: { at: 1, status: 'pending' }, searchChanged: false })).toBe(true)
  })

  /** A row of the model: created_at, id (ties), status, whether the search matches it, and a revision for any other shown change. */
  type Row = { at: number; id: number; status: string; matches: boolean; revision: number }
  type Query = { status?: string; from?: number; to?: number; search: boolean }
  const STATUSES = ['pending', 'confirmed', 'completed']

  /** A keyset page (created_at desc, id desc) of the model, as the list answers it. */
  function page(rows: Row[], q: Query, cursor: { at: number; id: number } | undefined, limit: number) {
    const matching = rows
      .filter(
        (r) =>
          (q.status === undefined || r.status === q.status) &&
          (q.from === undefined || r.at >= q.from) &&
          (q.to === undefined || r.at < q.to) &&
          (!q.search || r.matches),
      )
      .sort((a, b) => b.at - a.at || b.id - a.id)
    const after = cursor
      ? matching.filter((r) => r.at < cursor.at || (r.at === cursor.at && r.id < cursor.id))
      : matching
    const shown = after.slice(0, limit)
    const last = shown.at(-1)
    return {
      rows: shown.map((r) => `${r.id}:${r.status}:${r.revision}`),
      total: matching.length,
      next: after.length > limit && last ? { at: last.at, id: last.id } : undefined,
    }
  }

  const rowArb = fc.record({
    at: fc.integer({ min: 0, max: 30 }),
    status: fc.constantFrom(...STATUSES),
    matches: fc.boolean(),
  })
  const changeArb = fc.record({
    kind: fc.constantFrom('insert', 'delete', 'status', 'search', 'touch', 'created_at'),
    pick: fc.nat(),
    status: fc.constantFrom(...STATUSES),
    at: fc.integer({ min: 0, max: 30 }),
    matches: fc.boolean(),
  })

  it('never leaves a page or total it does not reach changed (model check)', () => {
    let kept = 0
    fc.assert(
      fc.property(
        fc.array(rowArb, { minLength: 1, maxLength: 25 }),
        fc.record({
          status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
          from: fc.option(fc.integer({ min: 0, max: 15 }), { nil: undefined }),
          to: fc.option(fc.integer({ min: 15, max: 31 }), { nil: undefined }),
          search: fc.boolean(),
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.nat({ max: 5 }),
        changeArb,
        (seed, q, limit, depth, c) => {
          const rows: Row[] = seed.map((r, id) => ({ ...r, id, revision: 0 }))
          // Walk to the page `depth` (or the last one) and remember its cursor.
          let cursor: { at: number; id: number } | undefined
          let before = page(rows, q, cursor, limit)
          for (let i = 0; i < depth && before.next; i++) {
            cursor = before.next
            before = page(rows, q, cursor, limit)
          }
          const target = rows[c.pick % rows.length]
          const old = { at: target.at, status: target.status }
          // What the list announces: one entry per changed row, two for a moved created_at.
          let changes: RowChange[]
          let next: Row[]
          switch (c.kind) {
            case 'insert': {
              const added = { at: c.at, id: rows.length, status: c.status, matches: c.matches, revision: 0 }
              next = [...rows, added]
              changes = [{ after: { at: c.at, status: c.status }, searchChanged: false }]
              break
            }
            case 'delete':
              next = rows.filter((r) => r !== target)
              changes = [{ before: old, searchChanged: false }]
              break
            case 'created_at':
              next = rows.map((r) => (r === target ? { ...r, at: c.at, revision: r.revision + 1 } : r))
              changes = [
                { before: old, searchChanged: false },
                { after: { at: c.at, status: target.status }, searchChanged: false },
              ]
              break
            default: {
              const status = c.kind === 'status' ? c.status : target.status
              const matches = c.kind === 'search' ? c.matches : target.matches
              next = rows.map((r) => (r === target ? { ...r, status, matches, revision: r.revision + 1 } : r))
              changes = [{ before: old, after: { at: old.at, status }, searchChanged: c.kind === 'search' }]
            }
          }
          const window = windowOf(cursor, before.next)
          const after = page(next, q, cursor, limit)
          if (!changes.some((change) => reachesTotal(q, change))) expect(after.total).toBe(before.total)
          if (!changes.some((change) => reachesPage(q, window, change))) {
            kept++
            expect(after).toEqual(before)
          }
        },
      ),
      { numRuns: 3000 },
    )
    // Not vacuous: many of the generated writes leave the page as it was.
    expect(kept).toBeGreaterThan(300)
  })

  function windowOf(cursor: { at: number } | undefined, next: { at: number } | undefined): PageWindow {
    return { newest: cursor?.at, oldest: next?.at }
  }
})
