/**
 * Model-based tests of the detail page's machines and the chunk loop: @xstate/graph's simple paths
 * (shortest paths for the repository panel) over every event (actor done/error events included) reach every state node, and every path
 * replays on a live actor whose I/O is held fakes settled by the path's own events.
 */
import { getShortestPaths, getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine, EventObject, Snapshot } from 'xstate'
import { chunkUploadMachine } from '../../../src/machines/chunk-upload.machine'
import { projectFilesMachine } from '../../../src/machines/project-files.machine'
import { projectImagesMachine } from '../../../src/machines/project-images.machine'
import { projectReportMachine } from '../../../src/machines/project-report.machine'
import { projectRepositoryMachine } from '../../../src/machines/project-repository.machine'
import { expectEveryStateReached, heldActors, replay } from './graph-coverage'
import { slices } from './model-walk'

const { actor: held, held: waiting } = heldActors()
const done = (id: string, output: unknown = undefined): EventObject =>
  ({ type: `xstate.done.actor.${id}`, output }) as EventObject
const failed = (id: string): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) }) as EventObject
const png = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' })
const img = (n: number) => ({ url: `/files/${n}.png`, alt: '', filePath: `${n}.png` })
const repoData = { info: { name: 'shop', private: true }, collaborators: [], branches: ['main'] }

interface Model {
  name: string
  machine: AnyStateMachine
  input: unknown
  events: EventObject[]
  transient?: string[]
  /** Context facts the guards read, so each guarded branch is its own graph node. */
  facts?: (context: never) => unknown
  /** Simple paths, or shortest paths where the simple ones are too many to replay. */
  walk?: 'simple' | 'shortest'
}

const MODELS: Model[] = [
  {
    name: 'chunkUploadMachine',
    input: {
      projectId: 'p1',
      uploadId: 'u1',
      files: [{ path: 'a.ts', file: new Blob(['a']) }],
      nextChunk: 0,
      done: 0,
      failed: [],
    },
    // Alone it has no parent to report to; the parents' tests cover 'chunks.progress'.
    machine: chunkUploadMachine.provide({ actors: { uploadChunk: held }, actions: { reportProgress: () => {} } }),
    transient: ['chunkUpload.next'],
    events: [
      done('uploadChunk', { github: null, failedUploads: [], received: 1, committed: true }),
      failed('uploadChunk'),
    ],
  },
  {
    name: 'projectFilesMachine',
    input: { projectId: 'p1' },
    facts: (c: { files: unknown[] }) => c.files.length > 0,
    // The chunk loop has its own model above; a held promise stands in for it here.
    machine: projectFilesMachine.provide({
      actors: { readZip: held, uploadSource: held as unknown as typeof chunkUploadMachine },
    }),
    events: [
      { type: 'folder.select', entries: [{ file: new Blob(['a']), relativePath: 'App/a.ts' }] } as EventObject,
      { type: 'zip.select', file: new Blob(['z']) } as EventObject,
      { type: 'upload.start' },
      { type: 'step.retry' },
      { type: 'error.dismiss' },
      { type: 'files.clear' },
      done('readZip', { files: [{ path: 'a.ts', file: new Blob(['a']) }], excluded: 0 }),
      failed('readZip'),
      done('uploadSource', { ok: true, github: null, done: 1, failed: [] }),
      done('uploadSource', { ok: false, error: new Error('x') }),
      { type: 'xstate.after.2000.projectFiles.succeeded' },
    ],
  },
  {
    name: 'projectImagesMachine',
    input: { projectId: 'p1', images: [img(0), img(1)] },
    machine: projectImagesMachine.provide({ actors: { uploadImages: held, reorderImages: held, deleteImage: held } }),
    events: [
      { type: 'images.add', files: [png] } as EventObject,
      { type: 'image.move', index: 0, step: 1 } as EventObject,
      { type: 'image.delete', index: 0 } as EventObject,
      { type: 'confirm.accept' },
      { type: 'confirm.cancel' },
      done('uploadImages', [img(0), img(1), img(2)]),
      failed('uploadImages'),
      done('reorderImages', [img(1), img(0)]),
      failed('reorderImages'),
      done('deleteImage', [img(1)]),
      failed('deleteImage'),
    ],
  },
  {
    name: 'projectReportMachine',
    input: { projectId: 'p1', hasReport: true, reportPrice: 0 },
    machine: projectReportMachine.provide({
      actors: { uploadReport: held, fetchDownloadUrl: held, deleteReport: held, savePrice: held },
    }),
    events: [
      { type: 'report.choose' },
      { type: 'report.file', file: new File(['x'], 'r.docx') } as EventObject,
      { type: 'report.download' },
      { type: 'report.delete' },
      { type: 'report.price' },
      { type: 'price.submit', text: '10' } as EventObject,
      { type: 'confirm.accept' },
      { type: 'confirm.cancel' },
      done('uploadReport', 'ok'),
      failed('uploadReport'),
      done('fetchDownloadUrl', 'http://x'),
      failed('fetchDownloadUrl'),
      done('deleteReport'),
      failed('deleteReport'),
      done('savePrice', {}),
      failed('savePrice'),
    ],
  },
  {
    name: 'projectRepositoryMachine',
    input: { name: 'shop' },
    walk: 'shortest',
    facts: (c: { form: { username: string; branchName: string } }) => [
      c.form.username !== '',
      c.form.branchName !== '',
    ],
    machine: projectRepositoryMachine.provide({
      actors: {
        loadRepository: held,
        setPrivacy: held,
        addCollaborator: held,
        removeCollaborator: held,
        createBranch: held,
        fetchArchiveUrl: held,
        deleteRepository: held,
      },
    }),
    events: [
      { type: 'form.change', patch: { username: 'octo', branchName: 'dev' } } as EventObject,
      { type: 'privacy.toggle' },
      { type: 'collaborator.add' },
      { type: 'collaborator.remove', username: 'octo' } as EventObject,
      { type: 'branch.create' },
      { type: 'archive.open' },
      { type: 'repository.delete' },
      { type: 'repository.reload' },
      { type: 'confirm.accept' },
      done('loadRepository', repoData),
      failed('loadRepository'),
      done('reloadRepository', repoData),
      failed('reloadRepository'),
      done('setPrivacy'),
      failed('setPrivacy'),
      done('addCollaborator'),
      failed('addCollaborator'),
      done('removeCollaborator'),
      failed('removeCollaborator'),
      done('createBranch'),
      failed('createBranch'),
      done('fetchArchiveUrl', 'http://a'),
      failed('fetchArchiveUrl'),
      done('deleteRepository'),
      failed('deleteRepository'),
    ],
  },
]

/** State value, status and the model's facts: the simple paths then visit each such node once per route. */
const serializer = (facts: Model['facts']) => (s: Snapshot<unknown>) => {
  const { value, context } = s as unknown as { value: unknown; context: never }
  return JSON.stringify([value, s.status, facts?.(context)])
}

describe.each(MODELS)('$name (model)', ({ machine, input, events, transient, facts, walk = 'simple' }) => {
  const paths = (walk === 'simple' ? getSimplePaths : getShortestPaths)(machine, {
    input,
    events: (s: Snapshot<unknown> & { can(e: EventObject): boolean }) =>
      s.status === 'active' ? events.filter((e) => s.can(e)) : [],
    serializeState: serializer(facts),
  } as never)

  it('reaches every state node', () => {
    expect(paths.length).toBeGreaterThan(1)
    expectEveryStateReached(machine, paths, transient)
  })

  for (const [range, slice] of slices(paths))
    it(`replays ${walk} paths ${range} of ${paths.length} on a live actor`, async () => {
      for (const path of slice) await replay(machine, path, waiting, input)
    })
})
