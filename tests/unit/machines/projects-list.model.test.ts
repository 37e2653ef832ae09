/** Model-based walk of the projects list machine: every simple path, replayed with a fake runAction. */
import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/api/client'
import { projectsListMachine, type ListRow, type ProjectsListEvent } from '../../../src/machines/projects-list.machine'
import { fakeActors, replay, unreached } from './model-walk'

const rows: ListRow[] = [{ id: 'a', title: 'A', isActive: true, verificationStatus: 'pending' }]
const EVENTS = [
  { type: 'rows.loaded', rows },
  { type: 'action.verify', ids: ['a'], status: 'approved' },
  { type: 'action.verify', ids: ['a'], status: 'approved', claimedBy: ['Asha'] },
  { type: 'action.verify', ids: ['a'], status: 'rejected', notes: 'Duplicate', claimedBy: ['Asha'] },
  { type: 'action.delete', ids: ['a'] },
  { type: 'action.setActive', ids: ['a'], isActive: false },
  { type: 'prompt.submit', notes: 'ok' },
  { type: 'prompt.cancel' },
  { type: 'confirm.accept' },
  { type: 'confirm.cancel' },
  { type: 'xstate.done.actor.runAction' },
  { type: 'xstate.error.actor.runAction', error: new ApiError(500, 'down') },
] as unknown as ProjectsListEvent[]

// Only the flow matters for the graph; focus and selection have their own tests.
const paths = getSimplePaths(projectsListMachine, {
  events: EVENTS,
  serializeState: (s) => {
    const pending = s.context.pending
    return JSON.stringify([s.value, pending?.kind ?? null, pending?.kind === 'verify' && pending.notes !== ''])
  },
})

describe('projectsListMachine, model-based', () => {
  it('its simple paths reach every state', () => {
    expect(paths.length).toBeGreaterThan(3)
    expect(unreached(projectsListMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['runAction'] as const)
      await replay(projectsListMachine.provide({ actors: fakes.actors }), path, fakes)
    },
  )
})

describe('the model walk itself', () => {
  it('fails when the actor is not where the path says', async () => {
    const [path] = paths.filter((p) => p.steps.some((s) => s.event.type === 'action.delete'))
    const wrong = {
      steps: path.steps.map((s) =>
        s.event.type === 'action.delete' ? { ...s, state: { ...s.state, value: 'acting' } } : s,
      ),
    }
    const fakes = fakeActors(['runAction'] as const)
    await expect(replay(projectsListMachine.provide({ actors: fakes.actors }), wrong, fakes)).rejects.toThrow(
      /after action.delete/,
    )
  })
})
