import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { ApiError } from '../../src/api/client'
import type { ChunkInput } from '../../src/api/upload'
import { uploadMachine, type GithubDetails, type ProjectPayload } from '../../src/machines/upload.machine'
import type { Selection } from '../../src/machines/upload-files'

/** A promise settled by hand, so every transition is observed on its own. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}
type D<T> = ReturnType<typeof deferred<T>>
type ChunkData = { github: GithubDetails | null; failedUploads: { path: string; error: string }[]; received: number; committed: boolean }

const github: GithubDetails = { repoName: 'shop-1a2b3c4d', repoUrl: 'http://h/git/shop-1a2b3c4d', cloneUrl: 'http://h/git/shop-1a2b3c4d.git',
  sshUrl: '', private: true, createdAt: '2026-01-01T00:00:00.000Z' }
const project: ProjectPayload = { title: 'Shop', description: 'A shop', price: 100, isActive: false, verificationStatus: 'approved' }
const entry = (relativePath: string) => ({ file: new Blob(['x'.repeat(10)]), relativePath })
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })
const chunkDone = (extra: Partial<ChunkData> = {}): ChunkData => ({ github: null, failedUploads: [], received: 100, committed: false, ...extra })

function start() {
  const calls = {
    zips: [] as D<Selection>[], creates: [] as { input: { project: ProjectPayload }; d: D<{ _id: string }> }[],
    chunks: [] as { input: ChunkInput; d: D<ChunkData> }[], images: [] as { input: { projectId: string; images: File[] }; d: D<unknown> }[],
    publishes: [] as { input: { projectId: string; project: ProjectPayload }; d: D<unknown> }[],
  }
  const track = <I, O>(list: { input: I; d: D<O> }[]) => fromPromise<O, I>(({ input }) => {
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
      createProject: track(calls.creates), uploadChunk: track(calls.chunks),
      uploadImages: track(calls.images), publishProject: track(calls.publishes),
    },
  })
  const actor = createActor(machine).start()
  const ready: string[] = []
  actor.on('project.ready', (e) => ready.push(e.projectId))
  return { actor, calls, ready }
}
type Actor = ReturnType<typeof start>['actor']
const state = (actor: Actor) => actor.getSnapshot().value
const ctx = (actor: Actor) => actor.getSnapshot().context
const tick = () => new Promise((r) => setTimeout(r, 0))
const until = (actor: Actor, value: string) => waitFor(actor, (s: SnapshotFrom<typeof uploadMachine>) => s.matches(value as never), { timeout: 500 })
/** 250 files in MyApp/src → 3 chunks (100, 100, 50). */
const selectTree = (actor: Actor, n = 250) =>
  actor.send({ type: 'folder.select', entries: [...Array.from({ length: n }, (_, i) => entry(`MyApp/src/f${i}.ts`)), entry('MyApp/node_modules/x/index.js'), entry('MyApp/.DS_Store')] })

describe('uploadMachine: selection', () => {
  it('strips the folder name and applies the source filter', () => {
    const { actor } = start()
    selectTree(actor, 3)
    expect(ctx(actor).files.map((f) => f.path)).toEqual(['src/f0.ts', 'src/f1.ts', 'src/f2.ts'])
    expect(ctx(actor).excluded).toBe(2)
    actor.send({ type: 'file.remove', path: 'src/f1.ts' })
    expect(ctx(actor).files.map((f) => f.path)).toEqual(['src/f0.ts', 'src/f2.ts'])
    actor.send({ type: 'files.clear' })
    expect(ctx(actor).files).toEqual([])
  })

  it('reads a ZIP in the reader actor; failure says Failed to process ZIP with the reader message', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'zip.select', file: new Blob(['zip']) })
    expect(state(actor)).toBe('readingZip')
    calls.zips[0].resolve({ files: [{ path: 'a.ts', file: new Blob(['a']) }], excluded: 1 })
    await until(actor, 'editing')
    expect(ctx(actor).files.map((f) => f.path)).toEqual(['a.ts'])
    actor.send({ type: 'zip.select', file: new Blob(['zip']) })
    calls.zips[1].reject(new Error('Encrypted zip are not supported'))
    await until(actor, 'editing')
    expect(ctx(actor).error).toEqual({ title: 'Failed to process ZIP', detail: 'Encrypted zip are not supported' })
    expect(ctx(actor).files.map((f) => f.path)).toEqual(['a.ts'])
    actor.send({ type: 'zip.select', file: new Blob(['zip']) })
    calls.zips[2].resolve({ files: [], excluded: 4 })
    await until(actor, 'editing')
    expect(ctx(actor).error).toEqual({ title: 'No valid files to upload' })
  })

  it('keeps jpeg/png/webp images, at most 5', () => {
    const { actor } = start()
    actor.send({ type: 'images.add', files: [png('a.png'), new File(['t'], 'a.txt', { type: 'text/plain' })] })
    expect(ctx(actor).images.map((f) => f.name)).toEqual(['a.png'])
    expect(ctx(actor).error?.title).toBe('Images must be JPEG, PNG or WebP')
    actor.send({ type: 'images.add', files: Array.from({ length: 6 }, (_, i) => png(`${i}.png`)) })
    expect(ctx(actor).images).toHaveLength(5)
    expect(ctx(actor).error?.title).toBe('Maximum 5 images allowed.')
    actor.send({ type: 'image.remove', index: 0 })
    expect(ctx(actor).images.map((f) => f.name)).toEqual(['0.png', '1.png', '2.png', '3.png'])
  })
})

describe('uploadMachine: Upload Files', () => {
  it('refuses without a selection, then without title and description', () => {
    const { actor, calls } = start()
    actor.send({ type: 'upload.start', project })
    expect(ctx(actor).error?.title).toBe('Please select a folder or ZIP first.')
    selectTree(actor, 1)
    actor.send({ type: 'upload.start', project: { ...project, description: '' } })
    expect(ctx(actor).error?.title).toBe('Please enter at least title and description before uploading.')
    expect(state(actor)).toBe('editing')
    expect(calls.creates).toHaveLength(0)
  })

  it('creates a pending active draft, uploads 3 chunks of ≤100, then the images, and reports failures', async () => {
    const { actor, calls } = start()
    selectTree(actor)
    actor.send({ type: 'images.add', files: [png('a.png'), png('b.png')] })
    actor.send({ type: 'upload.start', project })
    expect(state(actor)).toBe('creatingDraft')
    expect(calls.creates[0].input.project).toMatchObject({ title: 'Shop', verificationStatus: 'pending', isActive: true, price: 100 })
    calls.creates[0].d.resolve({ _id: 'p1' })
    await until(actor, 'uploadingSource')
    const uploadId = ctx(actor).uploadId
    expect(uploadId).toMatch(/^[0-9a-f-]{36}$/)
    expect(calls.chunks[0].input).toMatchObject({ projectId: 'p1', uploadId, chunkIndex: 0, totalChunks: 3 })
    expect(calls.chunks[0].input.files).toHaveLength(100)
    calls.chunks[0].d.resolve(chunkDone({ failedUploads: [{ path: 'src/f1.ts', error: 'bad' }] }))
    await tick()
    expect(ctx(actor)).toMatchObject({ chunkIndex: 1, done: 100, failed: [{ path: 'src/f1.ts', error: 'bad' }] })
    calls.chunks[1].d.resolve(chunkDone())
    await tick()
    expect(calls.chunks[2].input).toMatchObject({ chunkIndex: 2, totalChunks: 3, uploadId })
    expect(calls.chunks[2].input.files.map((f) => f.path)[49]).toBe('src/f249.ts')
    calls.chunks[2].d.resolve(chunkDone({ github, committed: true }))
    await until(actor, 'uploadingImages')
    expect(ctx(actor)).toMatchObject({ done: 250, github })
    expect(calls.images[0].input).toMatchObject({ projectId: 'p1' })
    expect(calls.images[0].input.images.map((f) => f.name)).toEqual(['a.png', 'b.png'])
    calls.images[0].d.resolve([])
    await until(actor, 'editing')
    expect(ctx(actor)).toMatchObject({ imagesUploaded: true, notice: 'Upload completed with 1 failed files', projectId: 'p1' })
  })

  it('retries a failed draft, a failed chunk (same chunk) and failed images; dismiss returns to editing', async () => {
    const { actor, calls } = start()
    selectTree(actor, 150)
    actor.send({ type: 'images.add', files: [png('a.png')] })
    actor.send({ type: 'upload.start', project })
    calls.creates[0].d.reject(new ApiError(400, 'Title is required', ['Title is required', 'Price must be a number']))
    await until(actor, 'failed')
    expect(ctx(actor).error).toEqual({ title: 'Draft project creation failed', detail: 'Title is required\nPrice must be a number' })
    actor.send({ type: 'step.retry' })
    expect(state(actor)).toBe('creatingDraft')
    calls.creates[1].d.resolve({ _id: 'p1' })
    await until(actor, 'uploadingSource')
    calls.chunks[0].d.resolve(chunkDone())
    await tick()
    calls.chunks[1].d.reject(new ApiError(413, 'Upload too large'))
    await until(actor, 'failed')
    expect(ctx(actor).error).toEqual({ title: 'Upload failed', detail: 'Upload too large' })
    actor.send({ type: 'step.retry' })
    expect(calls.chunks[2].input).toEqual(calls.chunks[1].input)
    calls.chunks[2].d.resolve(chunkDone({ github }))
    await until(actor, 'uploadingImages')
    calls.images[0].d.reject(new Error('Image type not allowed'))
    await until(actor, 'failed')
    expect(ctx(actor).error?.title).toBe('Failed to upload images')
    actor.send({ type: 'step.retry' })
    calls.images[1].d.resolve([])
    await until(actor, 'editing')
    expect(ctx(actor).notice).toBe('Files and images uploaded successfully')
    expect(calls.creates).toHaveLength(2)
  })

  it('a second upload with a draft skips creation and starts a new upload id; dismiss leaves failed', async () => {
    const { actor, calls } = start()
    selectTree(actor, 1)
    actor.send({ type: 'upload.start', project })
    calls.creates[0].d.resolve({ _id: 'p1' })
    await until(actor, 'uploadingSource')
    const firstId = ctx(actor).uploadId
    calls.chunks[0].d.resolve(chunkDone({ github }))
    await until(actor, 'editing')
    actor.send({ type: 'upload.start', project })
    expect(state(actor)).toBe('uploadingSource')
    expect(calls.creates).toHaveLength(1)
    expect(ctx(actor).uploadId).not.toBe(firstId)
    calls.chunks[1].d.reject(new Error('Network error'))
    await until(actor, 'failed')
    actor.send({ type: 'error.dismiss' })
    expect(state(actor)).toBe('editing')
    expect(ctx(actor).error).toBeNull()
  })
})

describe('uploadMachine: Create Project / Publish Project', () => {
  it('checks images, the draft and the repository details before publishing', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'project.submit', project })
    expect(ctx(actor).error?.title).toBe('Please select at least 1 image (max 5).')
    actor.send({ type: 'images.add', files: [png('a.png')] })
    selectTree(actor, 1)
    actor.send({ type: 'project.submit', project })
    expect(ctx(actor).error?.title).toBe('Please upload files first before publishing the project.')
    actor.send({ type: 'upload.start', project })
    calls.creates[0].d.resolve({ _id: 'p1' })
    await until(actor, 'uploadingSource')
    calls.chunks[0].d.resolve(chunkDone({ github: null }))
    await until(actor, 'uploadingImages')
    calls.images[0].d.resolve([])
    await until(actor, 'editing')
    actor.send({ type: 'project.submit', project })
    expect(ctx(actor).error?.title).toBe('GitHub repository details not found. Please try uploading files again.')
    actor.send({ type: 'upload.start', project })
    calls.chunks[1].d.resolve(chunkDone({ github: { ...github, repoUrl: '' } }))
    await until(actor, 'editing')
    expect(calls.images).toHaveLength(1)
    actor.send({ type: 'project.submit', project })
    expect(ctx(actor).error?.title).toBe('Incomplete GitHub repository details. Please try uploading files again.')
    expect(calls.publishes).toHaveLength(0)
  })

  it('publishes the draft with the form (PUT), retries a failed publish, then emits project.ready', async () => {
    const { actor, calls, ready } = start()
    selectTree(actor, 1)
    actor.send({ type: 'images.add', files: [png('a.png')] })
    actor.send({ type: 'upload.start', project })
    calls.creates[0].d.resolve({ _id: 'p1' })
    await until(actor, 'uploadingSource')
    calls.chunks[0].d.resolve(chunkDone({ github }))
    await until(actor, 'uploadingImages')
    calls.images[0].d.resolve([])
    await until(actor, 'editing')
    actor.send({ type: 'project.submit', project })
    expect(state(actor)).toBe('publishing')
    expect(calls.images).toHaveLength(1)
    expect(calls.publishes[0].input).toEqual({ projectId: 'p1', project })
    calls.publishes[0].d.reject(new Error('Server down'))
    await until(actor, 'failed')
    expect(ctx(actor).error).toEqual({ title: 'Update failed', detail: 'Server down' })
    actor.send({ type: 'step.retry' })
    calls.publishes[1].d.resolve({})
    await until(actor, 'done')
    expect(ready).toEqual(['p1'])
  })

  it('publishing uploads images added after the draft first', async () => {
    const { actor, calls, ready } = start()
    selectTree(actor, 1)
    actor.send({ type: 'upload.start', project })
    calls.creates[0].d.resolve({ _id: 'p1' })
    await until(actor, 'uploadingSource')
    calls.chunks[0].d.resolve(chunkDone({ github }))
    await until(actor, 'editing')
    actor.send({ type: 'images.add', files: [png('late.png')] })
    actor.send({ type: 'project.submit', project })
    expect(state(actor)).toBe('uploadingImages')
    calls.images[0].d.resolve([])
    await until(actor, 'publishing')
    calls.publishes[0].d.resolve({})
    await until(actor, 'done')
    expect(ready).toEqual(['p1'])
  })

  it('without files creates the project with the form as is, uploads images, retries a failed create', async () => {
    const { actor, calls, ready } = start()
    actor.send({ type: 'images.add', files: [png('a.png'), png('b.png')] })
    actor.send({ type: 'project.submit', project })
    expect(state(actor)).toBe('creatingProject')
    expect(calls.creates[0].input.project).toEqual(project)
    calls.creates[0].d.reject(new Error('boom'))
    await until(actor, 'failed')
    expect(ctx(actor).error?.title).toBe('Create project failed')
    actor.send({ type: 'step.retry' })
    calls.creates[1].d.resolve({ _id: 'p9' })
    await until(actor, 'uploadingImages')
    calls.images[0].d.resolve([])
    await until(actor, 'done')
    expect(ready).toEqual(['p9'])
    expect(calls.publishes).toHaveLength(0)
  })
})
