/**
 * Keyboard focus and selection of any list (DESIGN.md "every list is navigable from the
 * keyboard"; SPEC.md 2 lists): the rows on screen by id, the j/k focus row, the x / shift+x
 * selection. Generic: a list with no actions of its own (payments) runs it as is; the rules are
 * the pure ones of list-selection.ts. Rows may grow (an infinite list appends pages): the focus
 * index stays on its row, and a shorter list clamps it.
 */
import { assertEvent, assign, setup } from 'xstate'
import { moveFocus, pruneSelection, selectRange, toggleId } from './list-selection'

export interface ListFocusContext {
  /** Ids of the rows in order (every loaded row, not only the mounted ones). */
  ids: string[]
  /** Index of the keyboard focus row; -1 = none. */
  focus: number
  selection: string[]
  /** Last toggled row, the start of a shift+x range. */
  anchor: string | null
}

export type ListFocusEvent =
  | { type: 'rows.loaded'; ids: string[] }
  | { type: 'focus.next' } | { type: 'focus.prev' } | { type: 'focus.set'; index: number }
  | { type: 'row.toggle'; id?: string } | { type: 'row.toggleRange'; id?: string }
  | { type: 'selection.set'; ids: string[] }

const focusedId = (c: ListFocusContext) => c.ids[c.focus]

export const listFocusMachine = setup({
  types: { context: {} as ListFocusContext, events: {} as ListFocusEvent },
  actions: {
    assignRows: assign(({ context, event }) => {
      assertEvent(event, 'rows.loaded')
      return {
        ids: event.ids,
        focus: event.ids.length === 0 ? -1 : Math.min(Math.max(context.focus, 0), event.ids.length - 1),
        selection: pruneSelection(context.selection, event.ids),
      }
    }),
    moveFocus: assign({ focus: ({ context }, params: { delta: number }) => moveFocus(context.focus, params.delta, context.ids.length) }),
    setFocus: assign({ focus: ({ context }, params: { index: number }) => moveFocus(params.index, 0, context.ids.length) }),
    toggleRow: assign(({ context }, params: { id?: string }) => {
      const id = params.id ?? focusedId(context)
      return id ? { selection: toggleId(context.selection, id), anchor: id } : {}
    }),
    toggleRange: assign(({ context }, params: { id?: string }) => {
      const id = params.id ?? focusedId(context)
      return id ? { selection: selectRange(context.selection, context.ids, context.anchor, id), anchor: id } : {}
    }),
    setSelection: assign({ selection: (_, params: { ids: string[] }) => params.ids }),
  },
}).createMachine({
  id: 'listFocus',
  context: { ids: [], focus: -1, selection: [], anchor: null },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'rows.loaded': { actions: 'assignRows' },
        'focus.next': { actions: { type: 'moveFocus', params: { delta: 1 } } },
        'focus.prev': { actions: { type: 'moveFocus', params: { delta: -1 } } },
        'focus.set': { actions: { type: 'setFocus', params: ({ event }) => ({ index: event.index }) } },
        'row.toggle': { actions: { type: 'toggleRow', params: ({ event }) => ({ id: event.id }) } },
        'row.toggleRange': { actions: { type: 'toggleRange', params: ({ event }) => ({ id: event.id }) } },
        'selection.set': { actions: { type: 'setSelection', params: ({ event }) => ({ ids: event.ids }) } },
      },
    },
  },
})
