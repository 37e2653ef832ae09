import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  parseTableChanges,
  reachesPage,
  reachesStatusCounts,
  reachesTotal,
  type ListFilter,
  type RowChange,
} from '../../../server/domain/row-changes'

const A = '0b6f3f0e-5a43-4d1e-9a53-2f0c7f1d9a01'
const B = '6d1c2b8a-7e2f-4f7b-8c1d-3e4f5a6b7c8d'

describe('change lists (migration 0042)', () => {
  it('parses entries of inserted, deleted and updated rows', () => {
    expect(
      parseTableChanges(`${A}:1700000000123456::pending,${B}:1700000000000001:completed:,${A}:5:pending:confirmed:s`),
    ).toEqual([
      { id: A, before: undefined, after: { at: 1700000000123456, status: 'pending' }, searchChanged: false },
      { id: B, before: { at: 1700000000000001, status: 'completed' }, after: undefined, searchChanged: false },
      { id: A, before: { at: 5, status: 'pending' }, after: { at: 5, status: 'confirmed' }, searchChanged: true },
    ])
  })

  it('reads "*", an empty list and anything malformed as reaching everything', () => {
    for (const text of [
      '*',
      '',
      `${A}:12::`,
      `${A}:x:pending:`,
      `${A}:12:pending`,
      `${A}:12:pending:done:t`,
      `${A}:12:Pending:`,
      `12:pending:done`,
      `${A}:1::pending,`,
    ]) {
      expect(parseTableChanges(text)).toBe('all')
    }
  })
})

describe('the reach of a change', () => {
  const at = (n: number) => n * 1000
  const update = (a: number, before: string, after: string, searchChanged = false): RowChange => ({
    id: A,
    before: { at: at(a), status: before },
    after: { at: at(a), status: after },
    searchChanged,
  })
  const all: ListFilter = { search: false }

  it('reaches a page through a row it shows', () => {
    expect(reachesPage(all, new Set([B, A]), update(15, 'pending', 'pending'))).toBe(true)
    expect(reachesPage(all, new Set([B]), update(15, 'pending', 'confirmed'))).toBe(false)
    expect(reachesPage({ search: true }, new Set([B]), update(15, 'pending', 'pending'))).toBe(false)
  })

  it('reaches every page of a filter whose total it moves', () => {
    const pending: ListFilter = { status: 'pending', search: false }
    expect(reachesTotal(pending, update(1, 'pending', 'confirmed'))).toBe(true)
    expect(reachesTotal(pending, update(1, 'confirmed', 'completed'))).toBe(false)
    expect(reachesPage(pending, new Set([B]), update(1, 'confirmed', 'pending'))).toBe(true)
    expect(reachesTotal(all, { id: A, after: { at: at(1), status: 'pending' }, searchChanged: false })).toBe(true)
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
    expect(reachesStatusCounts({ id: A, before: { at: 1, status: 'pending' }, searchChanged: false })).toBe(true)
  })

  /** A row of the model: created_at, id (ties), status, whether the search matches it, and a revision for any other shown change. */
  type Row = { at: number; id: string; status: string; matches: boolean; revision: number }
  type Query = { status?: string; from?: number; to?: number; search: boolean }
  const STATUSES = ['pending', 'confirmed', 'completed']

  /** A keyset page (created_at desc, id desc) of the model, as the list answers it. */
  function page(rows: Row[], q: Query, cursor: { at: number; id: string } | undefined, limit: number) {
    const matching = rows
      .filter(
        (r) =>
          (q.status === undefined || r.status === q.status) &&
          (q.from === undefined || r.at >= q.from) &&
          (q.to === undefined || r.at < q.to) &&
          (!q.search || r.matches),
      )
      .sort((a, b) => b.at - a.at || b.id.localeCompare(a.id))
    const after = cursor
      ? matching.filter((r) => r.at < cursor.at || (r.at === cursor.at && r.id < cursor.id))
      : matching
    const shown = after.slice(0, limit)
    const last = shown.at(-1)
    return {
      ids: new Set(shown.map((r) => r.id)),
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
          const rows: Row[] = seed.map((r, i) => ({ ...r, id: `r${String(i).padStart(2, '0')}`, revision: 0 }))
          // Walk to the page `depth` (or the last one) and remember its cursor.
          let cursor: { at: number; id: string } | undefined
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
              const added = { at: c.at, id: `r${rows.length}`, status: c.status, matches: c.matches, revision: 0 }
              next = [...rows, added]
              changes = [{ id: added.id, after: { at: c.at, status: c.status }, searchChanged: false }]
              break
            }
            case 'delete':
              next = rows.filter((r) => r !== target)
              changes = [{ id: target.id, before: old, searchChanged: false }]
              break
            case 'created_at':
              next = rows.map((r) => (r === target ? { ...r, at: c.at, revision: r.revision + 1 } : r))
              changes = [
                { id: target.id, before: old, searchChanged: false },
                { id: target.id, after: { at: c.at, status: target.status }, searchChanged: false },
              ]
              break
            default: {
              const status = c.kind === 'status' ? c.status : target.status
              const matches = c.kind === 'search' ? c.matches : target.matches
              next = rows.map((r) => (r === target ? { ...r, status, matches, revision: r.revision + 1 } : r))
              changes = [
                { id: target.id, before: old, after: { at: old.at, status }, searchChanged: c.kind === 'search' },
              ]
            }
          }
          const after = page(next, q, cursor, limit)
          if (!changes.some((change) => reachesTotal(q, change))) expect(after.total).toBe(before.total)
          if (!changes.some((change) => reachesPage(q, before.ids, change))) {
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
})
