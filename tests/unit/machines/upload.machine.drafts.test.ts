/**
 * The Add Project flow with a saved draft (decision 038): opening one brings its values and its
 * upload in progress back; the next Upload Files skips the chunks the server holds.
 */
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/api/client'
import type { UploadProgress } from '../../../src/api/schemas/upload'
import { makeProject } from '../../fixtures/project'
import { at, chunkDone, ctx, github, selectTree, start, state, tick, until } from './upload-harness'

const draft = makeProject({
  _id: 'd1',
  title: 'Half Shop',
  description: 'Uploaded in part',
  price: 250,
  technologies: ['React', 'Node'],
  isDraft: true,
  images: [{ url: '/i/a.png', alt: '', filePath: 'a.png' }],
})
const upload: UploadProgress = {
  uploadId: 'up-old',
  totalChunks: 3,
  chunks: [
    { index: 0, files: 100, bytes: 1000, fingerprint: 'f0' },
    { index: 1, files: 100, bytes: 1000, fingerprint: 'f1' },
  ],
  updatedAt: '2026-11-27T10:00:00.000Z',
}

async function openDraft(withUpload: UploadProgress | null = upload) {
  const started = start()
  started.actor.send({ type: 'draft.open', projectId: 'd1' })
  expect(state(started.actor)).toBe('loadingDraft')
  expect(started.calls.drafts[0].input).toEqual({ projectId: 'd1' })
  started.calls.drafts[0].d.resolve({ project: draft, upload: withUpload })
  await until(started.actor, 'editing')
  return started
}

describe('uploadMachine: a saved draft', () => {
  it('opens a draft: its values, id and upload in progress come back, with what the server holds', async () => {
    const { actor } = await openDraft()
    expect(ctx(actor)).toMatchObject({
      projectId: 'd1',
      resume: upload,
      imagesOnServer: 1,
      files: [],
      notice:
        'Draft opened: the server holds 2 of 3 chunks (200 files). Select the same folder or ZIP again and Upload Files to send the rest.',
    })
    expect(ctx(actor).values).toMatchObject({ title: 'Half Shop', price: '250', technologies: 'React, Node' })
  })

  it('says so when the draft cannot be loaded, and stays editable', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'draft.open', projectId: 'd1' })
    calls.drafts[0].d.reject(new ApiError(404, 'Project not found'))
    await until(actor, 'editing')
    expect(ctx(actor).error).toEqual({ title: 'Failed to load the draft', detail: 'Project not found' })
    expect(ctx(actor).projectId).toBeNull()
  })

  it('refuses to open a second draft, and any draft while a step runs or failed', async () => {
    const { actor, calls, emitted } = await openDraft()
    actor.send({ type: 'draft.open', projectId: 'd2' })
    expect(emitted.at(-1)).toMatchObject({ type: 'notify.error', text: expect.stringContaining('already open') })
    expect(calls.drafts).toHaveLength(1)
    selectTree(actor)
    actor.send({ type: 'upload.start' })
    expect(at(actor, 'busy.planningResume')).toBe(true)
    actor.send({ type: 'draft.open', projectId: 'd2' })
    expect(emitted.at(-1)).toMatchObject({ text: 'Wait for the current step to finish.' })
    calls.plans[0].d.reject(new Error('digest failed'))
    await until(actor, 'failed')
    actor.send({ type: 'draft.open', projectId: 'd2' })
    expect(emitted.at(-1)).toMatchObject({ text: 'Retry or dismiss the failed step first.' })
    expect(ctx(actor).failedStep).toBe('source')
  })

  it('resumes: skips the chunks the server holds under their upload id and says how many', async () => {
    const { actor, calls } = await openDraft()
    selectTree(actor)
    actor.send({ type: 'upload.start' })
    expect(calls.creates).toHaveLength(0)
    expect(calls.plans[0].input.upload).toBe(upload)
    expect(calls.plans[0].input.files).toHaveLength(250)
    calls.plans[0].d.resolve([0, 1])
    await until(actor, 'busy.uploadingSource')
    await tick()
    expect(ctx(actor)).toMatchObject({
      uploadId: 'up-old',
      skip: [0, 1],
      done: 200,
      notice: 'Resuming: 2 of 3 chunks already uploaded',
    })
    expect(calls.chunks.map((c) => [c.input.chunkIndex, c.input.uploadId])).toEqual([[2, 'up-old']])
    calls.chunks[0].d.resolve(chunkDone({ github, committed: true }))
    await until(actor, 'editing')
    expect(ctx(actor)).toMatchObject({ done: 250, github, resume: null, skip: [] })
  })

  it('starts a fresh upload id when nothing matches what the server holds', async () => {
    const { actor, calls } = await openDraft()
    selectTree(actor)
    actor.send({ type: 'upload.start' })
    calls.plans[0].d.resolve([])
    await until(actor, 'busy.uploadingSource')
    expect(ctx(actor).uploadId).not.toBe('up-old')
    expect(calls.chunks[0].input.chunkIndex).toBe(0)
    expect(ctx(actor).notice).toBeNull()
  })

  it('uploads a draft with nothing staged from the first chunk, without planning', async () => {
    const { actor, calls } = await openDraft(null)
    expect(ctx(actor).notice).toBe('Draft opened. Select the folder or ZIP again and Upload Files to send it.')
    selectTree(actor, 5)
    actor.send({ type: 'upload.start' })
    await until(actor, 'busy.uploadingSource')
    expect(calls.plans).toHaveLength(0)
    expect(calls.chunks[0].input).toMatchObject({ projectId: 'd1', chunkIndex: 0 })
  })

  it("counts the draft's images on the server for Publish, and publishes it", async () => {
    const { actor, calls } = await openDraft(null)
    actor.send({ type: 'project.submit' })
    expect(ctx(actor).fieldErrors).toEqual({})
    expect(at(actor, 'busy.publishing')).toBe(true)
    expect(calls.publishes[0].input.project).toMatchObject({ title: 'Half Shop', isDraft: false })
  })
})
