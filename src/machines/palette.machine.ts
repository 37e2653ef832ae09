/**
 * The palette's pages: the search with its results, and the second page of a command that asks
 * for something (a reason or a user), which keeps the root search so Back restores it. Pure: the
 * palette runs the submitted command. States: docs/machines/palette.mmd.
 */
import { assign, emit, setup } from 'xstate'
import type { PickedUser } from '../commands/registry'

export interface PaletteContext {
  /** The root search, kept while an argument page is open. */
  search: string
  /** The command whose argument page is open. */
  commandId: string | null
  /** The argument page's text (a reason) or its user search. */
  text: string
  /** What the page refuses to submit, e.g. 'Enter a reason'. */
  error: string | null
}

export type PaletteEvent =
  | { type: 'search.change'; search: string }
  | { type: 'argument.open'; commandId: string }
  | { type: 'text.change'; text: string }
  | { type: 'submit'; requiredMessage: string }
  | { type: 'user.pick'; user: PickedUser }
  | { type: 'back' }
  | { type: 'close' }

export type PaletteEmitted = { type: 'argument.submitted'; commandId: string; value: string | PickedUser }

const cleared = { commandId: null, text: '', error: null }

export const paletteMachine = setup({
  types: { context: {} as PaletteContext, events: {} as PaletteEvent, emitted: {} as PaletteEmitted },
  actions: {
    setSearch: assign({ search: (_, params: { search: string }) => params.search }),
    openArgument: assign((_, params: { commandId: string }) => ({ ...cleared, commandId: params.commandId })),
    setText: assign({ text: (_, params: { text: string }) => params.text, error: null }),
    refuse: assign({ error: (_, params: { message: string }) => params.message }),
    clearArgument: assign(cleared),
    reset: assign({ ...cleared, search: '' }),
    submitText: emit(({ context }) => ({
      type: 'argument.submitted' as const,
      commandId: context.commandId ?? '',
      value: context.text.trim(),
    })),
    submitUser: emit(({ context }, params: { user: PickedUser }) => ({
      type: 'argument.submitted' as const,
      commandId: context.commandId ?? '',
      value: params.user,
    })),
  },
  guards: {
    hasText: ({ context }) => context.text.trim().length > 0,
  },
}).createMachine({
  id: 'palette',
  context: { search: '', ...cleared },
  initial: 'root',
  on: { close: { target: '.root', actions: 'reset' } },
  states: {
    root: {
      on: {
        'search.change': { actions: { type: 'setSearch', params: ({ event }) => ({ search: event.search }) } },
        'argument.open': {
          target: 'argument',
          actions: { type: 'openArgument', params: ({ event }) => ({ commandId: event.commandId }) },
        },
      },
    },
    argument: {
      on: {
        'text.change': { actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
        submit: [
          { guard: 'hasText', target: 'root', actions: ['submitText', 'reset'] },
          { actions: { type: 'refuse', params: ({ event }) => ({ message: event.requiredMessage }) } },
        ],
        'user.pick': {
          target: 'root',
          actions: [{ type: 'submitUser', params: ({ event }) => ({ user: event.user }) }, 'reset'],
        },
        back: { target: 'root', actions: 'clearArgument' },
      },
    },
  },
})
