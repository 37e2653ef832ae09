/** Model-based walk of the project detail sections machine: every simple path, replayed with fake save/delete actors. */
import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/api/client'
import { projectSectionsMachine, type ProjectSectionsEvent } from '../../../src/machines/project-sections.machine'
import { makeProject } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const project = makeProject()
const EVENTS = [
  { type: 'section.edit', section: 'tags' },
  { type: 'draft.change', patch: { tags: 'a, b' } },
  { type: 'section.cancel' },
  { type: 'section.save' },
  { type: 'project.refresh', project },
  { type: 'project.toggleActive' },
  { type: 'project.delete' },
  { type: 'confirm.accept' },
  { type: 'confirm.cancel' },
  { type: 'xstate.done.actor.saveProject', output: project },
  { type: 'xstate.error.actor.saveProject', error: new ApiError(400, 'Bad') },
  { type: 'xstate.done.actor.deleteProject' },
  { type: 'xstate.error.actor.deleteProject', error: new ApiError(409, 'in use') },
] as unknown as ProjectSectionsEvent[]

const paths = getSimplePaths(projectSectionsMachine, {
  input: { project },
  events: EVENTS,
  serializeState: (s) => JSON.stringify([s.value, s.context.section, s.context.error]),
})

describe('projectSectionsMachine, model-based', () => {
  it('its simple paths reach every state', () => {
    expect(unreached(projectSectionsMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['saveProject', 'deleteProject'] as const)
      await replay(projectSectionsMachine.provide({ actors: fakes.actors }), path, fakes, { project })
    },
  )
})
