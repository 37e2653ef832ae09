/**
 * Pure focus and selection rules for keyboard-driven lists (j/k, x, shift+x). Ids are kept in
 * the order of the rows on screen; nothing here touches the DOM.
 */
import { assertEvent, assign, type EventObject } from 'xstate'

/** The next focus index after moving by `delta` rows, clamped to the list; -1 for an empty list. */
export function moveFocus(index: number, delta: number, length: number): number {
  if (length === 0) return -1
  if (index < 0) return delta > 0 ? 0 : length - 1
  return Math.min(length - 1, Math.max(0, index + delta))
}

/** `selection` with `id` added or removed. */
export function toggleId(selection: readonly string[], id: string): string[] {
  return selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id]
}

/**
 * Selects every row between the anchor (the last toggled row) and `id`, inclusive, keeping what
 * was already selected. Without an anchor on this page it toggles `id` alone.
 */
export function selectRange(
  selection: readonly string[],
  ids: readonly string[],
  anchor: string | null,
  id: string,
): string[] {
  const from = anchor ? ids.indexOf(anchor) : -1
  const to = ids.indexOf(id)
  if (to < 0) return [...selection]
  if (from < 0) return toggleId(selection, id)
  const [lo, hi] = from < to ? [from, to] : [to, from]
  const range = ids.slice(lo, hi + 1)
  return [...selection, ...range.filter((r) => !selection.includes(r))]
}

/** Keeps only the selected ids still present in `ids` (after a reload or a page change). */
export function pruneSelection(selection: readonly string[], ids: readonly string[]): string[] {
  if (selection.length === 0) return []
  // A set: an infinite list holds thousands of loaded rows.
  const present = new Set(ids)
  return selection.filter((s) => present.has(s))
}

/** The focus and selection part of a list machine's context (projects, users, orders, payments). */
export interface ListSelectionContext<R extends { id: string } = { id: string }> {
  rows: R[]
  /** Index of the keyboard focus row; -1 = none. */
  focus: number
  selection: string[]
  /** Last toggled row, the start of a shift+x range. */
  anchor: string | null
}

/** The events every list machine handles the same way in every state (see `listSelectionOn`). */
export type ListSelectionEvent<R extends { id: string } = { id: string }> =
  | { type: 'rows.loaded'; rows: R[] }
  | { type: 'focus.next' }
  | { type: 'focus.prev' }
  | { type: 'focus.set'; index: number }
  | { type: 'row.toggle'; id?: string }
  | { type: 'row.toggleRange'; id?: string }
  | { type: 'selection.set'; ids: string[] }

/**
 * The focus index in new `rows`: on the same record (by id) when it is still there, wherever a
 * refetch moved it; else the old index clamped to the rows; -1 for no rows.
 */
export function refocus(previous: readonly { id: string }[], focus: number, rows: readonly { id: string }[]): number {
  if (rows.length === 0) return -1
  const id = previous[focus]?.id
  const index = id === undefined ? -1 : rows.findIndex((r) => r.id === id)
  return index >= 0 ? index : Math.min(Math.max(focus, 0), rows.length - 1)
}

/**
 * New rows (a refetch, more rows or another page): the focus stays on its record when it is still
 * listed (keyed by id, not index), else on its index clamped to the rows; gone ids leave the selection.
 */
export function rowsLoaded<R extends { id: string }>(
  c: ListSelectionContext<R>,
  rows: R[],
): Pick<ListSelectionContext<R>, 'rows' | 'focus' | 'selection'> {
  return {
    rows,
    focus: refocus(c.rows, c.focus, rows),
    selection: pruneSelection(
      c.selection,
      rows.map((r) => r.id),
    ),
  }
}

/** x: toggles `id` (default: the focus row) and makes it the anchor; nothing without a row. */
export function rowToggled(
  c: ListSelectionContext,
  id?: string,
): Partial<Pick<ListSelectionContext, 'selection' | 'anchor'>> {
  const target = id ?? c.rows[c.focus]?.id
  return target ? { selection: toggleId(c.selection, target), anchor: target } : {}
}

/** shift+x: selects anchor..`id` (default: the focus row) and makes it the anchor; nothing without a row. */
export function rangeToggled(
  c: ListSelectionContext,
  id?: string,
): Partial<Pick<ListSelectionContext, 'selection' | 'anchor'>> {
  const target = id ?? c.rows[c.focus]?.id
  return target
    ? {
        selection: selectRange(
          c.selection,
          c.rows.map((r) => r.id),
          c.anchor,
          target,
        ),
        anchor: target,
      }
    : {}
}

/**
 * The root `on` block of a list machine: the `ListSelectionEvent`s mapped to the actions
 * `assignRows`, `moveFocus` {delta}, `setFocus` {index}, `toggleRow` {id}, `toggleRange` {id} and
 * `setSelection` {ids}, which the machine's `setup()` gets from `listSelectionActions()` below.
 */
export const listSelectionOn = {
  'rows.loaded': { actions: 'assignRows' },
  'focus.next': { actions: { type: 'moveFocus', params: { delta: 1 } } },
  'focus.prev': { actions: { type: 'moveFocus', params: { delta: -1 } } },
  'focus.set': {
    actions: { type: 'setFocus', params: ({ event }: { event: { index: number } }) => ({ index: event.index }) },
  },
  'row.toggle': {
    actions: { type: 'toggleRow', params: ({ event }: { event: { id?: string } }) => ({ id: event.id }) },
  },
  'row.toggleRange': {
    actions: { type: 'toggleRange', params: ({ event }: { event: { id?: string } }) => ({ id: event.id }) },
  },
  'selection.set': {
    actions: { type: 'setSelection', params: ({ event }: { event: { ids: string[] } }) => ({ ids: event.ids }) },
  },
} as const

/**
 * The implementations of the actions named by `listSelectionOn` (`assignRows`, `moveFocus`
 * {delta}, `setFocus` {index}, `toggleRow` {id}, `toggleRange` {id}, `setSelection` {ids}), built
 * on the reducers above, to spread into a list machine's `setup({ actions })`. `Row` is the
 * machine's row, `Ctx` its context (holding `ListSelectionContext<Row>`), `Ev` its event union
 * (holding `ListSelectionEvent<Row>`). Throws (assertEvent) if `assignRows` runs on another event.
 */
export function listSelectionActions<
  Row extends { id: string },
  Ctx extends ListSelectionContext<Row>,
  Ev extends EventObject,
>() {
  return {
    assignRows: assign<Ctx, Ev, undefined, Ev, never>(({ context, event }) => {
      assertEvent(event, 'rows.loaded')
      // Ev holds ListSelectionEvent<Row>, so its 'rows.loaded' carries Row[]; the generic Extract cannot show it.
      const loaded = event as unknown as Extract<ListSelectionEvent<Row>, { type: 'rows.loaded' }>
      return rowsLoaded<Row>(context, loaded.rows) as Partial<Ctx>
    }),
    moveFocus: assign<Ctx, Ev, { delta: number }, Ev, never>(
      ({ context }, params) => ({ focus: moveFocus(context.focus, params.delta, context.rows.length) }) as Partial<Ctx>,
    ),
    setFocus: assign<Ctx, Ev, { index: number }, Ev, never>(
      ({ context }, params) => ({ focus: moveFocus(params.index, 0, context.rows.length) }) as Partial<Ctx>,
    ),
    toggleRow: assign<Ctx, Ev, { id?: string }, Ev, never>(
      ({ context }, params) => rowToggled(context, params.id) as Partial<Ctx>,
    ),
    toggleRange: assign<Ctx, Ev, { id?: string }, Ev, never>(
      ({ context }, params) => rangeToggled(context, params.id) as Partial<Ctx>,
    ),
    setSelection: assign<Ctx, Ev, { ids: string[] }, Ev, never>(
      (_, params) => ({ selection: params.ids }) as Partial<Ctx>,
    ),
  }
}
