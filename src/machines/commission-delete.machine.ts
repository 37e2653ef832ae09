/**
 * Deleting a commission configuration (SPEC.md 2 "Commission Management", 6, 8): idle →
 * confirming ('Are you sure you want to delete this configuration?') → deleting → idle. The
 * default configuration is never asked about (the server refuses it with a 409 too). Success
 * emits the server's message and `commission.changed`; a failure emits 'Failed to delete
 * configuration: {reason}' (unlike the old client, the admin sees it), and so does a configuration
 * another admin changed since it was listed (409 version_conflict: it is not deleted, and the list
 * refetches so the admin sees the change before asking again).
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { deleteCommissionConfig } from '../api/commission'
import { withReason } from '../api/error-text'
import { withStepUp } from './shared/step-up-gate'

/** SPEC.md 2: the question before a configuration is deleted. */
export const DELETE_QUESTION = 'Are you sure you want to delete this configuration?'

/** The configuration a delete is about: its id, what its card is titled, and its version as listed. */
export interface DeleteTarget {
  id: string
  title: string
  isDefault: boolean
  /** The configuration's updatedAt when it was listed, sent as If-Match: a changed one is not deleted (409). */
  version: string
}

export interface CommissionDeleteContext {
  target: DeleteTarget | null
}

export type CommissionDeleteEvent =
  { type: 'delete.request'; target: DeleteTarget } | { type: 'confirm.accept' } | { type: 'confirm.cancel' }

export type CommissionDeleteEmitted =
  { type: 'notify.success'; text: string } | { type: 'notify.error'; text: string } | { type: 'commission.changed' }

export const commissionDeleteMachine = setup({
  types: {
    context: {} as CommissionDeleteContext,
    events: {} as CommissionDeleteEvent,
    emitted: {} as CommissionDeleteEmitted,
  },
  actors: {
    deleteConfig: fromPromise<string, { id: string; version: string }>(({ input }) =>
      withStepUp(() => deleteCommissionConfig(input.id, input.version)),
    ),
  },
  actions: {
    keepTarget: assign(({ event }) => {
      assertEvent(event, 'delete.request')
      return { target: event.target }
    }),
    forgetTarget: assign({ target: null }),
    notifyDeleted: emit((_, params: { message: string }) => ({
      type: 'notify.success' as const,
      text: params.message,
    })),
    notifyFailed: emit((_, params: { error: unknown }) => ({
      type: 'notify.error' as const,
      text: withReason('Failed to delete configuration', params.error),
    })),
    announceChange: emit({ type: 'commission.changed' as const }),
  },
  guards: {
    deletable: ({ event }) => event.type === 'delete.request' && !event.target.isDefault,
  },
}).createMachine({
  id: 'commissionDelete',
  context: { target: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'delete.request': { guard: 'deletable', target: 'confirming', actions: 'keepTarget' } },
    },
    confirming: {
      on: {
        'confirm.accept': 'deleting',
        'confirm.cancel': { target: 'idle', actions: 'forgetTarget' },
      },
    },
    deleting: {
      invoke: {
        src: 'deleteConfig',
        id: 'deleteConfig',
        input: ({ context }) => ({ id: context.target?.id ?? '', version: context.target?.version ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            'forgetTarget',
            { type: 'notifyDeleted', params: ({ event }) => ({ message: event.output }) },
            'announceChange',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            'forgetTarget',
            { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) },
            'announceChange',
          ],
        },
      },
    },
  },
})
