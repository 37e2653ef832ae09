/**
 * Projects list triage (SPEC.md 2 "Projects list", 4 "Project verificationStatus" / "isActive",
 * 5 "Projects list", 8): focus row (j/k), selection (x, shift+x), and the row or bulk actions
 * idle → prompting (notes / reason) | confirming (delete) → acting → idle. Cancelling a prompt or a
 * confirmation aborts. I/O is the `runAction` actor; results are emitted as `notify` (toast text)
 * and `changed` (reload the page) so the machine stays free of UI.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import type { VerificationStatus } from '../api/schemas/projects'
import { runListAction, type ListAction } from './projects-list.actions'
import { moveFocus, pruneSelection, selectRange, toggleId } from './list-selection'

/** What the machine needs of a row. */
export interface ListRow {
  id: string
  title: string
  isActive: boolean
  verificationStatus: VerificationStatus
}

export interface ProjectsListContext {
  rows: ListRow[]
  /** Index of the keyboard focus row; -1 = none. */
  focus: number
  selection: string[]
  /** Last toggled row, the start of a shift+x range. */
  anchor: string | null
  /** The action waiting for a prompt, a confirmation or the server. */
  pending: ListAction | null
}

export type ProjectsListEvent =
  | { type: 'rows.loaded'; rows: ListRow[] }
  | { type: 'focus.next' } | { type: 'focus.prev' } | { type: 'focus.set'; index: number }
  | { type: 'row.toggle'; id?: string } | { type: 'row.toggleRange'; id?: string }
  | { type: 'selection.set'; ids: string[] }
  | { type: 'action.verify'; ids: string[]; status: VerificationStatus }
  | { type: 'action.delete'; ids: string[] }
  | { type: 'action.setActive'; ids: string[]; isActive: boolean }
  | { type: 'prompt.submit'; notes: string } | { type: 'prompt.cancel' }
  | { type: 'confirm.accept' } | { type: 'confirm.cancel' }

export type ProjectsListEmitted = { type: 'notify'; tone: 'success' | 'error'; text: string } | { type: 'changed' }

const focusedId = (c: ProjectsListContext) => c.rows[c.focus]?.id
const idsOf = (c: ProjectsListContext) => c.rows.map((r) => r.id)
const plural = (a: ListAction) => a.ids.length > 1

/** Success text of a finished action (SPEC.md 8 "Success messages"). */
export function successText(a: ListAction): string {
  if (a.kind === 'delete') return plural(a) ? 'Projects deleted successfully' : 'Project deleted successfully'
  if (a.kind === 'setActive') {
    const word = a.isActive ? 'activated' : 'deactivated'
    return plural(a) ? `${a.ids.length} projects ${word} successfully` : `Project ${word} successfully`
  }
  const status = a.status.replace(/_/g, ' ')
  return plural(a) ? `${a.ids.length} projects updated to ${status}` : `Project status updated to ${status}`
}

/** Failure text (SPEC.md 8 "Projects"); `msg` is the server's message. */
export function failureText(a: ListAction, msg: string): string {
  if (a.kind === 'delete') return plural(a) ? `Failed to delete projects: ${msg}` : `Failed to delete project: ${msg}`
  if (a.kind === 'setActive') return `Failed to update project status: ${msg}`
  if (a.status === 'approved') return 'Approve failed'
  if (a.status === 'rejected') return 'Reject failed'
  return `Failed to update project status: ${msg}`
}

export const projectsListMachine = setup({
  types: { context: {} as ProjectsListContext, events: {} as ProjectsListEvent, emitted: {} as ProjectsListEmitted },
  actors: { runAction: fromPromise<void, ListAction>(({ input }) => runListAction(input)) },
  guards: {
    hasIds: ({ event }) => 'ids' in event && event.ids.length > 0,
    needsPrompt: ({ event }) => event.type === 'action.verify',
  },
}).createMachine({
  id: 'projectsList',
  context: { rows: [], focus: -1, selection: [], anchor: null, pending: null },
  initial: 'idle',
  on: {
    'rows.loaded': {
      actions: assign(({ context, event }) => ({
        rows: event.rows,
        focus: event.rows.length === 0 ? -1 : Math.min(Math.max(context.focus, 0), event.rows.length - 1),
        selection: pruneSelection(context.selection, event.rows.map((r) => r.id)),
      })),
    },
    'focus.next': { actions: assign({ focus: ({ context }) => moveFocus(context.focus, 1, context.rows.length) }) },
    'focus.prev': { actions: assign({ focus: ({ context }) => moveFocus(context.focus, -1, context.rows.length) }) },
    'focus.set': { actions: assign({ focus: ({ context, event }) => moveFocus(event.index, 0, context.rows.length) }) },
    'row.toggle': {
      actions: assign(({ context, event }) => {
        const id = event.id ?? focusedId(context)
        return id ? { selection: toggleId(context.selection, id), anchor: id } : {}
      }),
    },
    'row.toggleRange': {
      actions: assign(({ context, event }) => {
        const id = event.id ?? focusedId(context)
        return id ? { selection: selectRange(context.selection, idsOf(context), context.anchor, id), anchor: id } : {}
      }),
    },
    'selection.set': { actions: assign({ selection: ({ event }) => event.ids }) },
  },
  states: {
    idle: {
      on: {
        'action.verify': {
          guard: 'hasIds', target: 'prompting',
          actions: assign({ pending: ({ event }) => ({ kind: 'verify' as const, ids: event.ids, status: event.status, notes: '' }) }),
        },
        'action.delete': { guard: 'hasIds', target: 'confirming', actions: assign({ pending: ({ event }) => ({ kind: 'delete' as const, ids: event.ids }) }) },
        'action.setActive': {
          guard: 'hasIds', target: 'acting',
          actions: assign({ pending: ({ event }) => ({ kind: 'setActive' as const, ids: event.ids, isActive: event.isActive }) }),
        },
      },
    },
    prompting: {
      on: {
        'prompt.submit': {
          target: 'acting',
          actions: assign({ pending: ({ context, event }) => ({ ...(context.pending as ListAction & { kind: 'verify' }), notes: event.notes }) }),
        },
        'prompt.cancel': { target: 'idle', actions: assign({ pending: null }) },
      },
    },
    confirming: {
      on: {
        'confirm.accept': 'acting',
        'confirm.cancel': { target: 'idle', actions: assign({ pending: null }) },
      },
    },
    acting: {
      invoke: {
        src: 'runAction',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context }) => ({ type: 'notify' as const, tone: 'success' as const, text: successText(context.pending!) })),
            emit({ type: 'changed' as const }),
            assign(({ context }) => ({
              selection: context.pending!.kind === 'delete' ? context.selection.filter((s) => !context.pending!.ids.includes(s)) : context.selection,
              pending: null,
            })),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            emit(({ context, event }) => ({
              type: 'notify' as const, tone: 'error' as const,
              text: failureText(context.pending!, errorText(event.error, 'Request failed')),
            })),
            assign({ pending: null }),
          ],
        },
      },
    },
  },
})
