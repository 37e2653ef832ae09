/**
 * Shared harness for the list machines (projects, users, orders, payments): an actor
 * stand-in whose calls stay pending until the test settles them, and the focus/selection suite
 * every list machine built on src/machines/shared/list-selection.rules.ts must pass.
 */
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import type { ListSelectionContext, ListSelectionEvent } from '../../../src/machines/shared/list-selection.rules'
import { deferred } from '../../fixtures/project'

/** A `fromPromise` actor recording each input with the deferred that settles it. */
export function deferredCalls<I>() {
  const calls: Array<{ action: I; d: ReturnType<typeof deferred<void>> }> = []
  const logic = fromPromise(({ input }: { input: I }) => {
    const d = deferred<void>()
    calls.push({ action: input, d })
    return d.promise
  })
  return { calls, logic }
}

/** What the suite needs: a started list actor already holding rows with ids a, b, c, d. */
export interface ListSelectionHarness {
  actor: { send: (event: ListSelectionEvent<never>) => void }
  ctx: () => ListSelectionContext
  /** `rows` filtered to ids, in the machine's row type. */
  rowsWith: (ids: string[]) => never[]
}

/** The focus (j/k) and selection (x, shift+x) transitions of the root `on` block (listSelectionOn). */
export function describeListSelection(name: string, start: () => ListSelectionHarness) {
  describe(`${name}: focus and selection`, () => {
    it('moves the focus with j/k, clamps at the ends, and sets it', () => {
      const { actor, ctx } = start()
      expect(ctx().focus).toBe(0)
      actor.send({ type: 'focus.prev' })
      expect(ctx().focus).toBe(0)
      for (let i = 0; i < 5; i++) actor.send({ type: 'focus.next' })
      expect(ctx().focus).toBe(3)
      actor.send({ type: 'focus.set', index: 1 })
      expect(ctx().focus).toBe(1)
      actor.send({ type: 'focus.set', index: 9 })
      expect(ctx().focus).toBe(3)
    })

    it('toggles the focused row or a given one, selects a range with shift+x, and sets the selection', () => {
      const { actor, ctx } = start()
      actor.send({ type: 'row.toggle' })
      expect(ctx().selection).toEqual(['a'])
      actor.send({ type: 'focus.set', index: 2 })
      actor.send({ type: 'row.toggleRange' })
      expect(ctx().selection).toEqual(['a', 'b', 'c'])
      actor.send({ type: 'row.toggle', id: 'b' })
      expect(ctx().selection).toEqual(['a', 'c'])
      actor.send({ type: 'row.toggleRange', id: 'd' })
      expect(ctx().selection).toEqual(['a', 'c', 'b', 'd'])
      expect(ctx().anchor).toBe('d')
      actor.send({ type: 'selection.set', ids: [] })
      expect(ctx().selection).toEqual([])
    })

    it('keeps the focus on its record when a refetch moves it (keyed by id)', () => {
      const { actor, ctx, rowsWith } = start()
      actor.send({ type: 'focus.set', index: 2 })
      actor.send({ type: 'rows.loaded', rows: rowsWith(['c', 'd']) })
      expect(ctx().focus).toBe(0)
      expect(ctx().rows[0].id).toBe('c')
    })

    it('keeps the focus in range and drops vanished ids on reload; an empty page has no focus and nothing to toggle', () => {
      const { actor, ctx, rowsWith } = start()
      actor.send({ type: 'focus.set', index: 3 })
      actor.send({ type: 'selection.set', ids: ['a', 'd'] })
      actor.send({ type: 'rows.loaded', rows: rowsWith(['a', 'b']) })
      expect(ctx().focus).toBe(1)
      expect(ctx().selection).toEqual(['a'])
      actor.send({ type: 'rows.loaded', rows: [] })
      expect(ctx().focus).toBe(-1)
      actor.send({ type: 'row.toggle' })
      actor.send({ type: 'row.toggleRange' })
      expect(ctx().selection).toEqual([])
    })
  })
}
