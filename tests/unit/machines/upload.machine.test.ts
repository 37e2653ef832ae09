import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/api/client'
import {
  at,
  chunkDone,
  ctx,
  github,
  png,
  project,
  selectTree,
  start,
  state,
  tick,
  until,
  draftWithSource,
} from './upload-harness'

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
    actor.send({ type: 'upload.start' })
    expect(ctx(actor).error?.title).toBe('Please select a folder or ZIP first.')
    selectTree(actor, 1)
    actor.send({ type: 'form.change', patch: { description: ' ' } })
    actor.send({ type: 'upload.start' })
    expect(ctx(actor).error?.title).toBe('Please enter at least title and description before uploading.')
    expect(state(actor)).toBe('editing')
    expect(calls.creates).toHaveLength(0)
  })

  it("refuses a selection whose paths collide before anything is created, and shows the server's refusal", async () => {
    const { actor, calls } = start()
    actor.send({ type: 'zip.select', file: new Blob(['zip']) })
    calls.zips[0].resolve({
      files: [
        { path: 'a.ts', file: new Blob(['a']) },
        { path: 'a.ts', file: new Blob(['b']) },
        { path: 'b.ts', file: new Blob(['c']) },
      ],
      excluded: 0,
    })
    await until(actor, 'editing')
    actor.send({ type: 'upload.start' })
    expect(state(actor)).toBe('editing')
    expect(ctx(actor).error).toEqual({ title: 'Paths collide: a.ts (twice)' })
    expect(calls.creates).toHaveLength(0)
    actor.send({ type: 'file.remove', path: 'b.ts' })
    actor.send({ type: 'upload.start' })
    expect(ctx(actor).error).toEqual({ title: 'Paths collide: a.ts (twice)' })
    selectTree(actor, 1)
    actor.send({ type: 'upload.start' })
    calls.creates[0].d.resolve({ _id: 'p1' })
    await until(actor, 'busy.uploadingSource')
    calls.chunks[0].d.reject(new ApiError(400, 'Paths collide: src (a file and a folder: src/f0.ts)'))
    await until(actor, 'failed')
    expect(ctx(actor).error).toEqual({
      title: 'Upload failed',
      detail: 'Paths collide: src (a file and a folder: src/f0.ts)',
    })
  })

  it('creates a pending active draft, uploads 3 chunks of ≤100, then the images, and reports failures', async () => {
    const { actor, calls } = start()
    selectTree(actor)
    actor.send({ type: 'images.add', files: [png('a.png'), png('b.png')] })
    actor.send({ type: 'upload.start' })
    expect(at(actor, 'busy.creatingDraft')).toBe(true)
    expect(calls.creates[0].input.project).toMatchObject({
      title: 'Shop',
      verificationStatus: 'pending',
      isActive: true,
      isDraft: true,
      price: 100,
    })
    calls.creates[0].d.resolve({ _id: 'p1' })
    await until(actor, 'busy.uploadingSource')
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
    await until(actor, 'busy.uploadingImages')
    expect(ctx(actor)).toMatchObject({ done: 250, github })
    expect(calls.images[0].input).toMatchObject({ projectId: 'p1' })
    expect(calls.images[0].input.images.map((f) => f.name)).toEqual(['a.png', 'b.png'])
    calls.images[0].d.resolve([])
    await until(actor, 'editing')
    expect(ctx(actor)).toMatchObject({
      imagesUploaded: true,
      notice: 'Upload completed with 1 failed files',
      projectId: 'p1',
    })
  })

  it('retries a failed draft, a failed chunk (same chunk) and failed images; dismiss returns to editing', async () => {
    const { actor, calls } = start()
    selectTree(actor, 150)
    actor.send({ type: 'images.add', files: [png('a.png')] })
    actor.send({ type: 'upload.start' })
    calls.creates[0].d.reject(new ApiError(400, 'Title is required', ['Title is required', 'Price must be a number']))
    await until(actor, 'failed')
    expect(ctx(actor).error).toEqual({
      title: 'Draft project creation failed',
      detail: 'Title is required\nPrice must be a number',
    })
    actor.send({ type: 'step.retry' })
    expect(at(actor, 'busy.creatingDraft')).toBe(true)
    calls.creates[1].d.resolve({ _id: 'p1' })
    await until(actor, 'busy.uploadingSource')
    calls.chunks[0].d.resolve(chunkDone())
    await tick()
    calls.chunks[1].d.reject(new ApiError(413, 'Upload too large'))
    await until(actor, 'failed')
    expect(ctx(actor).error).toEqual({ title: 'Upload failed', detail: 'Upload too large' })
    actor.send({ type: 'step.retry' })
    expect(calls.chunks[2].input).toEqual(calls.chunks[1].input)
    calls.chunks[2].d.resolve(chunkDone({ github }))
    await until(actor, 'busy.uploadingImages')
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
    actor.send({ type: 'upload.start' })
    calls.creates[0].d.resolve({ _id: 'p1' })
    await until(actor, 'busy.uploadingSource')
    const firstId = ctx(actor).uploadId
    calls.chunks[0].d.resolve(chunkDone({ github }))
    await until(actor, 'editing')
    actor.send({ type: 'upload.start' })
    expect(at(actor, 'busy.uploadingSource')).toBe(true)
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
    actor.send({ type: 'project.submit' })
    expect(ctx(actor).fieldErrors).toEqual({ images: 'Please select at least 1 image (max 5).' })
    actor.send({ type: 'images.add', files: [png('a.png')] })
    selectTree(actor, 1)
    actor.send({ type: 'project.submit' })
    expect(ctx(actor).error?.title).toBe('Please upload files first before publishing the project.')
    actor.send({ type: 'upload.start' })
    calls.creates[0].d.resolve({ _id: 'p1' })
    await until(actor, 'busy.uploadingSource')
    calls.chunks[0].d.resolve(chunkDone({ github: null }))
    await until(actor, 'busy.uploadingImages')
    calls.images[0].d.resolve([])
    await until(actor, 'editing')
    actor.send({ type: 'project.submit' })
    expect(ctx(actor).error?.title).toBe('GitHub repository details not found. Please try uploading files again.')
    actor.send({ type: 'upload.start' })
    calls.chunks[1].d.resolve(chunkDone({ github: { ...github, repoUrl: '' } }))
    await until(actor, 'editing')
    expect(calls.images).toHaveLength(1)
    actor.send({ type: 'project.submit' })
    expect(ctx(actor).error?.title).toBe('Incomplete GitHub repository details. Please try uploading files again.')
    expect(calls.publishes).toHaveLength(0)
  })

  it('publishes the draft with the form (PUT), retries a failed publish, then emits project.ready', async () => {
    const { actor, calls, ready } = start()
    selectTree(actor, 1)
    actor.send({ type: 'images.add', files: [png('a.png')] })
    actor.send({ type: 'upload.start' })
    await draftWithSource(actor, calls)
    await until(actor, 'busy.uploadingImages')
    calls.images[0].d.resolve([])
    await until(actor, 'editing')
    actor.send({ type: 'project.submit' })
    expect(at(actor, 'busy.publishing')).toBe(true)
    expect(calls.images).toHaveLength(1)
    expect(calls.publishes[0].input).toEqual({ projectId: 'p1', project: { ...project, isDraft: false } })
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
    actor.send({ type: 'upload.start' })
    await draftWithSource(actor, calls)
    await until(actor, 'editing')
    actor.send({ type: 'images.add', files: [png('late.png')] })
    actor.send({ type: 'project.submit' })
    expect(at(actor, 'busy.uploadingImages')).toBe(true)
    calls.images[0].d.resolve([])
    await until(actor, 'busy.publishing')
    calls.publishes[0].d.resolve({})
    await until(actor, 'done')
    expect(ready).toEqual(['p1'])
  })

  it('without files creates the project with the form as is, uploads images, retries a failed create', async () => {
    const { actor, calls, ready } = start()
    actor.send({ type: 'images.add', files: [png('a.png'), png('b.png')] })
    actor.send({ type: 'project.submit' })
    expect(at(actor, 'busy.creatingProject')).toBe(true)
    expect(calls.creates[0].input.project).toEqual(project)
    calls.creates[0].d.reject(new Error('boom'))
    await until(actor, 'failed')
    expect(ctx(actor).error?.title).toBe('Create project failed')
    actor.send({ type: 'step.retry' })
    calls.creates[1].d.resolve({ _id: 'p9' })
    await until(actor, 'busy.uploadingImages')
    calls.images[0].d.resolve([])
    await until(actor, 'done')
    expect(ready).toEqual(['p9'])
    expect(calls.publishes).toHaveLength(0)
  })
})
