/** Model-based walk of the verification machine: the shortest path to every state, replayed with fake I/O actors. */
import { getShortestPaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { BANNER_MS, verificationMachine, type VerificationEvent } from '../../../src/machines/verification.machine'
import { makeEntry } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const input = { projectId: 'p1', currentStatus: 'pending' as const }
const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('x') })
const EVENTS = [
  { type: 'xstate.done.actor.fetchHistory', output: [makeEntry()] },
  fail('fetchHistory'),
  { type: 'quick.status', status: 'approved' },
  { type: 'quick.notes', notes: 'ok' },
  { type: 'quick.submit' },
  { type: 'status.request', status: 'rejected' },
  { type: 'prompt.submit', notes: 'why' },
  { type: 'prompt.cancel' },
  { type: 'entry.edit', entryId: 'e1' },
  { type: 'edit.save' },
  { type: 'edit.cancel' },
  { type: 'entry.delete', entryId: 'e1' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'error.dismiss' },
  { type: 'history.reload' },
  { type: 'claim.sync', claimedBy: 'Asha' },
  { type: 'claim.sync', claimedBy: null },
  { type: 'claim.confirm' },
  { type: 'claim.cancel' },
  { type: 'xstate.done.actor.submitStatus' },
  fail('submitStatus'),
  { type: 'xstate.done.actor.updateEntry' },
  fail('updateEntry'),
  { type: 'xstate.done.actor.deleteEntry' },
  fail('deleteEntry'),
  { type: `xstate.after.${BANNER_MS}.verification.banner.shown` },
] as unknown as VerificationEvent[]

const paths = getShortestPaths(verificationMachine, {
  input,
  events: EVENTS,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.requested,
      !!s.context.entryEdit,
      s.context.deleting,
      !!s.context.error,
      s.context.history.length,
      s.context.claimedBy,
    ]),
})

describe('verificationMachine, model-based', () => {
  it('its shortest paths reach every state', () => {
    expect(unreached(verificationMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['fetchHistory', 'submitStatus', 'updateEntry', 'deleteEntry'] as const)
      await replay(verificationMachine.provide({ actors: fakes.actors }), path, fakes, input)
    },
  )
})
