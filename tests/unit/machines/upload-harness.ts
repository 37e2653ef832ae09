/**
 * Test harness of the Add Project flow: uploadMachine with every actor replaced by a hand-settled
 * promise (`calls.*[n].d.resolve/reject`), the chunk loop kept real around a fake uploadChunk.
 */
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import type { ChunkInput } from '../../../src/api/upload'
import {
  DEFAULT_VALUES,
  toPayload,
  type AddProjectValues,
  type ProjectPayload,
} from '../../../src/machines/add-project.form'
import { chunkUploadMachine } from '../../../src/machines/chunk-upload.machine'
import { uploadMachine, type GithubDetails, type UploadEmitted } from '../../../src/machines/upload.machine'
import type { Selection, SourceFile } from '../../../src/machines/shared/upload-files.rules'
import type { LoadedDraft } from '../../../src/machines/upload.actors'
import type { UploadProgress } from '../../../src/api/schemas/upload'

import { deferred } from '../../fixtures/project'

export { deferred }
export type D<T> = ReturnType<typeof deferred<T>>
export type ChunkData = {
  github: GithubDetails | null
  failedUploads: { path: string; error: string }[]
  received: number
  committed: boolean
}

export const github: GithubDetails = {
  repoName: 'shop-1a2b3c4d',
  repoUrl: 'http://h/git/shop-1a2b3c4d',
  cloneUrl: 'http://h/git/shop-1a2b3c4d.git',
  sshUrl: '',
  private: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}
export const values: AddProjectValues = {
  ...DEFAULT_VALUES,
  title: 'Shop',
  description: 'A shop',
  price: '100',
  isActive: false,
  verificationStatus: 'approved',
}
export const project = toPayload(values)
export const entry = (relativePath: string) => ({ file: new Blob(['x'.repeat(10)]), relativePath })
export const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })
export const chunkDone = (extra: Partial<ChunkData> = {}): ChunkData => ({
  github: null,
  failedUploads: [],
  received: 100,
  committed: false,
  ...extra,
})

export function start() {
  const calls = {
    zips: [] as D<Selection>[],
    creates: [] as { input: { project: ProjectPayload }; d: D<{ _id: string }> }[],
    chunks: [] as { input: ChunkInput; d: D<ChunkData> }[],
    images: [] as { input: { projectId: string; images: File[] }; d: D<unknown> }[],
    publishes: [] as { input: { projectId: string; project: ProjectPayload }; d: D<unknown> }[],
    drafts: [] as { input: { projectId: string }; d: D<LoadedDraft> }[],
    plans: [] as { input: { files: readonly SourceFile[]; upload: UploadProgress }; d: D<number[]> }[],
  }
  const track = <I, O>(list: { input: I; d: D<O> }[]) =>
    fromPromise<O, I>(({ input }) => {
      const d = deferred<O>()
      list.push({ input, d })
      return d.promise
    })
  const machine = uploadMachine.provide({
    actors: {
      readZip: fromPromise<Selection, { file: Blob }>(() => {
        const d = deferred<Selection>()
        calls.zips.push(d)
        return d.promise
      }),
      createProject: track(calls.creates),
      uploadSource: chunkUploadMachine.provide({ actors: { uploadChunk: track(calls.chunks) } }),
      uploadImages: track(calls.images),
      publishProject: track(calls.publishes),
      loadDraft: track(calls.drafts),
      planResume: track(calls.plans),
    },
  })
  const actor = createActor(machine).start()
  const ready: string[] = []
  const emitted: UploadEmitted[] = []
  actor.on('project.ready', (e) => ready.push(e.projectId))
  actor.on('*', (e) => emitted.push(e))
  actor.send({ type: 'form.change', patch: values })
  return { actor, calls, ready, emitted }
}
export type Actor = ReturnType<typeof start>['actor']
export const state = (actor: Actor) => actor.getSnapshot().value
/** 'busy.uploadingSource' → { busy: 'uploadingSource' }. */
export const stateValue = (path: string) =>
  path.split('.').reduceRight<unknown>((inner, key) => (inner === undefined ? key : { [key]: inner }), undefined)
export const at = (actor: Actor, path: string) => actor.getSnapshot().matches(stateValue(path) as never)
export const ctx = (actor: Actor) => actor.getSnapshot().context
export const tick = () => new Promise((r) => setTimeout(r, 0))
/** Creates the draft 'p1' and answers its one chunk with the repository details, as the server would. */
export async function draftWithSource(actor: Actor, calls: ReturnType<typeof start>['calls']) {
  calls.creates[0].d.resolve({ _id: 'p1' })
  await until(actor, 'busy.uploadingSource')
  calls.chunks[0].d.resolve(chunkDone({ github }))
}
export const until = (actor: Actor, path: string) =>
  waitFor(actor, (s: SnapshotFrom<typeof uploadMachine>) => s.matches(stateValue(path) as never), { timeout: 500 })
/** 250 files in MyApp/src → 3 chunks (100, 100, 50). */
export const selectTree = (actor: Actor, n = 250) =>
  actor.send({
    type: 'folder.select',
    entries: [
      ...Array.from({ length: n }, (_, i) => entry(`MyApp/src/f${i}.ts`)),
      entry('MyApp/node_modules/x/index.js'),
      entry('MyApp/.DS_Store'),
    ],
  })
