/**
 * Model-based test of the Add Project flow: @xstate/graph's shortest paths over every input of
 * the flow (the done/error events of its actors included) reach every state node, and each path
 * replays on a live actor whose actors are fakes that never settle.
 */
import { getShortestPaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { chunkUploadMachine } from '../../../src/machines/chunk-upload.machine'
import { DEFAULT_VALUES } from '../../../src/machines/add-project.form'
import { uploadMachine, type UploadEvent } from '../../../src/machines/upload.machine'
import { expectEveryStateReached, heldActors, replay } from './graph-coverage'
import { slices } from './model-walk'
import { github, png } from './upload-harness'
import { makeProject } from '../../fixtures/project'

const { actor: held, held: waiting } = heldActors()
const machine = uploadMachine.provide({
  // The chunk loop is a child machine; here a held promise stands in for it (its own model test covers it).
  actors: {
    readZip: held,
    uploadSource: held as unknown as typeof chunkUploadMachine,
    createProject: held,
    uploadImages: held,
    publishProject: held,
    loadDraft: held,
    planResume: held,
  },
})
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as UploadEvent
const error = (id: string) =>
  ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) }) as unknown as UploadEvent
const source = { files: [{ path: 'src/a.ts', file: new Blob(['a']) }], excluded: 0 }
const staged = {
  uploadId: 'u0',
  totalChunks: 2,
  chunks: [{ index: 0, files: 100, bytes: 1, fingerprint: 'f' }],
  updatedAt: '2026-11-27T00:00:00.000Z',
}

const EVENTS: UploadEvent[] = [
  { type: 'form.change', patch: { ...DEFAULT_VALUES, title: 'Shop', description: 'A shop' } },
  { type: 'folder.select', entries: [{ file: new Blob(['a']), relativePath: 'App/src/a.ts' }] },
  { type: 'zip.select', file: new Blob(['zip']) },
  { type: 'files.clear' },
  { type: 'images.add', files: [png('a.png')] },
  { type: 'image.remove', index: 0 },
  { type: 'upload.start' },
  { type: 'project.submit' },
  { type: 'step.retry' },
  { type: 'error.dismiss' },
  done('readZip', source),
  error('readZip'),
  done('createDraft', { _id: 'p1' }),
  error('createDraft'),
  done('uploadSource', { ok: true, github, done: 1, failed: [] }),
  done('uploadSource', { ok: false, error: new Error('chunk') }),
  done('uploadImages', []),
  error('uploadImages'),
  done('createProject', { _id: 'p1' }),
  error('createProject'),
  done('publishProject', {}),
  error('publishProject'),
  { type: 'draft.open', projectId: 'd1' },
  done('loadDraft', { project: makeProject({ _id: 'd1', isDraft: true }), upload: staged }),
  error('loadDraft'),
  done('planResume', [0]),
  error('planResume'),
]

/** The state value plus the context facts the guards read, so each guarded branch is its own graph node. */
const serializeState = (s: SnapshotFrom<typeof uploadMachine>) =>
  JSON.stringify([
    s.value,
    s.status,
    s.context.projectId !== null,
    s.context.files.length > 0,
    s.context.images.length > 0,
    s.context.imagesUploaded,
    s.context.github !== null,
    s.context.failedStep,
    s.context.intent,
    s.context.values.title !== '',
    s.context.resume !== null,
  ])

describe('uploadMachine (model)', () => {
  const paths = getShortestPaths(machine, {
    events: (s) => (s.status === 'active' ? EVENTS.filter((e) => s.can(e)) : []),
    serializeState,
  })

  it('reaches every state node', () => {
    expect(paths.length).toBeGreaterThan(20)
    // imagesDone only routes on the intent (eventless) and is never rested in.
    expectEveryStateReached(machine, paths, ['upload.busy.imagesDone'])
  })

  for (const [range, slice] of slices(paths))
    it(`replays shortest paths ${range} of ${paths.length} on a live actor`, async () => {
      for (const path of slice) await replay(machine, path, waiting)
    })
})
