/**
 * Keyboard focus and selection of a list that has no actions of its own (DESIGN.md "every list is
 * navigable from the keyboard"; payments): the loaded rows, the j/k focus row, the x /
 * shift+x selection. Nothing but the shared list-selection pieces (context, events, reducers and
 * the root `on` block of src/machines/shared/list-selection.rules.ts), in one state. Rows may grow (an
 * infinite list appends cursor pages): the focus index stays on its row, a shorter list clamps it.
 */
import { setup } from 'xstate'
import {
  listSelectionActions,
  listSelectionOn,
  type ListSelectionContext,
  type ListSelectionEvent,
} from './shared/list-selection.rules'

export type ListFocusContext = ListSelectionContext
export type ListFocusEvent = ListSelectionEvent

export const listFocusMachine = setup({
  types: { context: {} as ListFocusContext, events: {} as ListFocusEvent },
  actions: {
    ...listSelectionActions<{ id: string }, ListFocusContext, ListFocusEvent>(),
  },
}).createMachine({
  id: 'listFocus',
  context: { rows: [], focus: -1, selection: [], anchor: null },
  initial: 'ready',
  on: listSelectionOn,
  states: { ready: {} },
})
