/**
 * Keyboard focus and selection of a list that has no actions of its own (DESIGN.md "every list is
 * navigable from the keyboard"; issue 10 payments): the loaded rows, the j/k focus row, the x /
 * shift+x selection. Nothing but the shared list-selection pieces (context, events, reducers and
 * the root `on` block of src/machines/list-selection.ts), in one state. Rows may grow (an
 * infinite list appends cursor pages): the focus index stays on its row, a shorter list clamps it.
 */
import { assertEvent, assign, setup } from 'xstate'
import {
  listSelectionOn, moveFocus, rangeToggled, rowsLoaded, rowToggled, type ListSelectionContext, type ListSelectionEvent,
} from './list-selection'

export type ListFocusContext = ListSelectionContext
export type ListFocusEvent = ListSelectionEvent

export const listFocusMachine = setup({
  types: { context: {} as ListFocusContext, events: {} as ListFocusEvent },
  actions: {
    assignRows: assign(({ context, event }) => {
      assertEvent(event, 'rows.loaded')
      return rowsLoaded(context, event.rows)
    }),
    moveFocus: assign({ focus: ({ context }, params: { delta: number }) => moveFocus(context.focus, params.delta, context.rows.length) }),
    setFocus: assign({ focus: ({ context }, params: { index: number }) => moveFocus(params.index, 0, context.rows.length) }),
    toggleRow: assign(({ context }, params: { id?: string }) => rowToggled(context, params.id)),
    toggleRange: assign(({ context }, params: { id?: string }) => rangeToggled(context, params.id)),
    setSelection: assign({ selection: (_, params: { ids: string[] }) => params.ids }),
  },
}).createMachine({
  id: 'listFocus',
  context: { rows: [], focus: -1, selection: [], anchor: null },
  initial: 'ready',
  on: listSelectionOn,
  states: { ready: {} },
})
