/**
 * Settings → Keyboard: the 'Single-key shortcuts' switch. The switch shows the new
 * value at once (`singleKeys`) while saving → PUT /api/admin/preferences { singleKeyShortcuts };
 * success emits `preferences.saved` with the server's preferences (the view stores them, so the
 * key handler follows); a failure puts the old value back and emits `notify.error` with the
 * server's reason, else 'Failed to save the keyboard setting'. `preferences.loaded` (the
 * preferences query answered) sets the value while idle.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import { updatePreferences } from '../api/preferences'
import type { Preferences } from '../api/schemas/preferences'

export interface SettingsKeyboardContext {
  /** Whether single-key shortcuts are on, as the switch shows it. */
  singleKeys: boolean
}

export type SettingsKeyboardEvent = { type: 'singleKeys.toggle' } | { type: 'preferences.loaded'; singleKeys: boolean }

export type SettingsKeyboardEmitted =
  { type: 'preferences.saved'; preferences: Preferences } | { type: 'notify.error'; text: string }

const FAILED = 'Failed to save the keyboard setting'

export const settingsKeyboardMachine = setup({
  types: {
    context: {} as SettingsKeyboardContext,
    events: {} as SettingsKeyboardEvent,
    emitted: {} as SettingsKeyboardEmitted,
    input: {} as { singleKeys: boolean },
  },
  actors: {
    savePreferences: fromPromise<Preferences, { singleKeys: boolean }>(({ input }) =>
      updatePreferences({ singleKeyShortcuts: input.singleKeys }),
    ),
  },
  actions: {
    flip: assign({ singleKeys: ({ context }) => !context.singleKeys }),
    assignLoaded: assign({ singleKeys: (_, params: { singleKeys: boolean }) => params.singleKeys }),
    emitSaved: emit((_, params: { preferences: Preferences }) => ({
      type: 'preferences.saved' as const,
      preferences: params.preferences,
    })),
    emitFailure: emit((_, params: { error: unknown }) => ({
      type: 'notify.error' as const,
      text: errorText(params.error, FAILED),
    })),
  },
}).createMachine({
  id: 'settingsKeyboard',
  context: ({ input }) => ({ singleKeys: input.singleKeys }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'singleKeys.toggle': { target: 'saving', actions: 'flip' },
        'preferences.loaded': {
          actions: { type: 'assignLoaded', params: ({ event }) => ({ singleKeys: event.singleKeys }) },
        },
      },
    },
    saving: {
      invoke: {
        src: 'savePreferences',
        id: 'savePreferences',
        input: ({ context }) => ({ singleKeys: context.singleKeys }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'assignLoaded', params: ({ event }) => ({ singleKeys: event.output.singleKeyShortcuts }) },
            { type: 'emitSaved', params: ({ event }) => ({ preferences: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: ['flip', { type: 'emitFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
})
