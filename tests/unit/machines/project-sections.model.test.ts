/** Model-based walk of the project detail sections machine: every simple path, replayed with fake save/delete actors. */
import { getShortestPaths, getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/api/client'
import { projectSectionsMachine, type ProjectSectionsEvent } from '../../../src/machines/project-sections.machine'
import { makeProject } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const project = makeProject()
const stale = new ApiError(409, 'Changed', undefined, 'version_conflict', undefined, {
  success: false,
  message: 'Changed',
  code: 'version_conflict',
  version: '2026-01-06T10:05:00.000Z',
  changes: [],
})
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

/** A stale save and what follows it: theirs changed the tags too (a conflict with the draft's) or only the title. */
const STALE_EVENTS = [
  ...EVENTS,
  { type: 'xstate.error.actor.saveProject', error: stale },
  { type: 'xstate.done.actor.fetchProject', output: makeProject({ tags: ['z'] }) },
  { type: 'xstate.done.actor.fetchProject', output: makeProject({ title: 'Theirs' }) },
  { type: 'xstate.error.actor.fetchProject', error: new ApiError(500, 'Down') },
  { type: 'conflict.keepMine' },
  { type: 'conflict.takeTheirs' },
] as unknown as ProjectSectionsEvent[]

const paths = getSimplePaths(projectSectionsMachine, {
  input: { project },
  events: EVENTS,
  serializeState: (s) => JSON.stringify([s.value, s.context.section, s.context.error]),
})

// The merge guards read the draft and the loaded project, so they are part of a node; the simple
// paths over that many nodes are too many to replay, the shortest path to each is not.
const stalePaths = getShortestPaths(projectSectionsMachine, {
  input: { project },
  events: STALE_EVENTS,
  serializeState: (s) => {
    const { section, error, draft, project: p } = s.context
    return JSON.stringify([s.value, section, error, draft, p.tags, p.title])
  },
})

describe('projectSectionsMachine, model-based', () => {
  it('its simple paths reach every state but those of a stale save (walked below)', () => {
    expect(unreached(projectSectionsMachine, paths)).toEqual(['refetching', 'conflict', 'merging'])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['saveProject', 'deleteProject', 'fetchProject'] as const)
      await replay(projectSectionsMachine.provide({ actors: fakes.actors }), path, fakes, { project })
    },
  )
})

describe('projectSectionsMachine, stale saves (model-based)', () => {
  it('the shortest paths reach every state', () => {
    expect(unreached(projectSectionsMachine, stalePaths)).toEqual([])
  })
  it(`replays the ${stalePaths.length} shortest paths on a live actor`, async () => {
    for (const path of stalePaths) {
      const fakes = fakeActors(['saveProject', 'deleteProject', 'fetchProject'] as const)
      await replay(projectSectionsMachine.provide({ actors: fakes.actors }), path, fakes, { project })
    }
  })
})
