/**
 * No input of Add Project is dropped. A PNG added while a ZIP is being read is
 * kept, uploaded and published; inputs a state cannot take are refused with 'notify.error'; the
 * notice names images only when they were sent; stopping the machine mid-read ends the worker.
 */
import { describe, expect, it, vi } from 'vitest'
import * as Comlink from 'comlink'
import { createActor } from 'xstate'
import { uploadMachine } from '../../../src/machines/upload.machine'
import { createReadZip } from '../../../src/machines/shared/read-zip.actors'
import { REFUSALS } from '../../../src/machines/upload.rules'
import { at, chunkDone, ctx, github, png, selectTree, start, state, until, draftWithSource } from './upload-harness'

const zipBlob = () => new Blob(['zip'])
const sourceOf = (n: number) => ({
  files: Array.from({ length: n }, (_, i) => ({ path: `src/f${i}.ts`, file: new Blob(['x']) })),
  excluded: 0,
})

describe('uploadMachine: inputs during a ZIP read (the dropped image)', () => {
  it('keeps a PNG added while ~1,000 files are read, uploads it with the source and publishes', async () => {
    const { actor, calls, ready } = start()
    actor.send({ type: 'zip.select', file: zipBlob() })
    expect(state(actor)).toBe('readingZip')
    actor.send({ type: 'images.add', files: [png('shot.png')] })
    expect(ctx(actor).images.map((f) => f.name)).toEqual(['shot.png'])
    calls.zips[0].resolve(sourceOf(1000))
    await until(actor, 'editing')
    expect(ctx(actor).files).toHaveLength(1000)
    actor.send({ type: 'upload.start' })
    calls.creates[0].d.resolve({ _id: 'p1' })
    for (let i = 0; i < 10; i += 1) {
      await until(actor, 'busy.uploadingSource')
      await vi.waitFor(() => expect(calls.chunks).toHaveLength(i + 1))
      calls.chunks[i].d.resolve(chunkDone(i === 9 ? { github } : {}))
    }
    await until(actor, 'busy.uploadingImages')
    expect(calls.images[0].input.images.map((f) => f.name)).toEqual(['shot.png'])
    calls.images[0].d.resolve([])
    await until(actor, 'editing')
    expect(ctx(actor).notice).toBe('Files and images uploaded successfully')
    actor.send({ type: 'project.submit' })
    expect(ctx(actor).fieldErrors).toEqual({})
    calls.publishes[0].d.resolve({})
    await until(actor, 'done')
    expect(ready).toEqual(['p1'])
  })

  it('removes an image while reading, and a folder chosen meanwhile replaces the ZIP', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'images.add', files: [png('a.png'), png('b.png')] })
    actor.send({ type: 'zip.select', file: zipBlob() })
    actor.send({ type: 'image.remove', index: 0 })
    expect(ctx(actor).images.map((f) => f.name)).toEqual(['b.png'])
    selectTree(actor, 2)
    expect(state(actor)).toBe('editing')
    calls.zips[0].resolve(sourceOf(5))
    await Promise.resolve()
    expect(ctx(actor).files.map((f) => f.path)).toEqual(['src/f0.ts', 'src/f1.ts'])
  })

  it('without images the notice does not claim any were uploaded', async () => {
    const { actor, calls } = start()
    selectTree(actor, 1)
    actor.send({ type: 'upload.start' })
    await draftWithSource(actor, calls)
    await until(actor, 'editing')
    expect(calls.images).toHaveLength(0)
    expect(ctx(actor).notice).toBe('Upload completed successfully!')
    actor.send({ type: 'project.submit' })
    expect(ctx(actor).fieldErrors.images).toBe('Please select at least 1 image (max 5).')
    expect(state(actor)).toBe('editing')
  })
})

describe('uploadMachine: visible refusals', () => {
  it('refuses image changes while images upload and after, and source changes during an upload', async () => {
    const { actor, calls, emitted } = start()
    const refusals = () =>
      emitted.filter((e) => e.type === 'notify.error').map((e) => e.type === 'notify.error' && e.text)
    selectTree(actor, 1)
    actor.send({ type: 'images.add', files: [png('a.png')] })
    actor.send({ type: 'upload.start' })
    actor.send({ type: 'folder.select', entries: [] })
    actor.send({ type: 'upload.start' })
    await draftWithSource(actor, calls)
    await until(actor, 'busy.uploadingImages')
    actor.send({ type: 'images.add', files: [png('late.png')] })
    calls.images[0].d.resolve([])
    await until(actor, 'editing')
    actor.send({ type: 'image.remove', index: 0 })
    actor.send({ type: 'images.choose' })
    actor.send({ type: 'step.retry' })
    expect(refusals()).toEqual([
      REFUSALS.sourceBusy,
      REFUSALS.stepRunning,
      REFUSALS.imagesUploading,
      REFUSALS.imagesUploaded,
      REFUSALS.imagesUploaded,
      REFUSALS.nothingToRetry,
    ])
    expect(ctx(actor).images.map((f) => f.name)).toEqual(['a.png'])
    expect(ctx(actor).files).toHaveLength(1)
  })

  it('refuses new files and submits while a step waits for Retry; dismiss frees them', async () => {
    const { actor, calls, emitted } = start()
    selectTree(actor, 1)
    actor.send({ type: 'upload.start' })
    calls.creates[0].d.reject(new Error('down'))
    await until(actor, 'failed')
    actor.send({ type: 'zip.choose' })
    actor.send({ type: 'project.submit' })
    expect(emitted.filter((e) => e.type === 'notify.error')).toHaveLength(2)
    actor.send({ type: 'images.add', files: [png('a.png')] })
    expect(ctx(actor).images).toHaveLength(1)
    actor.send({ type: 'error.dismiss' })
    actor.send({ type: 'zip.choose' })
    expect(emitted.at(-1)).toEqual({ type: 'picker.open', picker: 'zip' })
  })
})

describe('uploadMachine: images are fixed once Create Project checked them', () => {
  it('refuses removing the only image while the project is created, so it is never created without one', async () => {
    const { actor, calls, emitted, ready } = start()
    actor.send({ type: 'images.add', files: [png('a.png')] })
    actor.send({ type: 'project.submit' })
    expect(at(actor, 'busy.creatingProject')).toBe(true)
    actor.send({ type: 'image.remove', index: 0 })
    expect(emitted.at(-1)).toEqual({ type: 'notify.error', text: REFUSALS.submitting })
    calls.creates[0].d.resolve({ _id: 'p2' })
    await until(actor, 'busy.uploadingImages')
    expect(calls.images[0].input.images.map((f) => f.name)).toEqual(['a.png'])
    calls.images[0].d.resolve([])
    await until(actor, 'done')
    expect(ready).toEqual(['p2'])
  })
})

describe('uploadMachine: form and pickers', () => {
  it('keeps the form, marks invalid fields on submit and clears a field error when it changes', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'form.change', patch: { title: '' } })
    actor.send({ type: 'project.submit' })
    expect(ctx(actor).fieldErrors).toEqual({
      title: 'Title is required',
      images: 'Please select at least 1 image (max 5).',
    })
    actor.send({ type: 'form.change', patch: { title: 'Shop' } })
    actor.send({ type: 'images.add', files: [png('a.png')] })
    expect(ctx(actor).fieldErrors).toEqual({})
    actor.send({ type: 'folder.choose' })
    actor.send({ type: 'images.choose' })
    expect(emitted.filter((e) => e.type === 'picker.open')).toEqual([
      { type: 'picker.open', picker: 'folder' },
      { type: 'picker.open', picker: 'images' },
    ])
  })
})

describe('ZIP worker lifetime', () => {
  /** A fake worker: a MessageChannel whose far end answers `extract` never (or on demand). */
  function fakeWorker(answer?: () => Promise<unknown>) {
    const { port1, port2 } = new MessageChannel()
    Comlink.expose({ extract: () => answer?.() ?? new Promise(() => {}) }, port2)
    const terminate = vi.fn(() => {
      port1.close()
      port2.close()
    })
    return { worker: Object.assign(port1, { terminate }), terminate }
  }

  it('terminates the worker when the machine stops mid-read', async () => {
    const { worker, terminate } = fakeWorker()
    const actor = createActor(uploadMachine.provide({ actors: { readZip: createReadZip(() => worker) } })).start()
    actor.send({ type: 'zip.select', file: zipBlob() })
    expect(actor.getSnapshot().value).toBe('readingZip')
    actor.stop()
    await vi.waitFor(() => expect(terminate).toHaveBeenCalledTimes(1))
  })

  it('terminates the worker when Clear all cancels the read, and after a finished read', async () => {
    const slow = fakeWorker()
    const actor = createActor(uploadMachine.provide({ actors: { readZip: createReadZip(() => slow.worker) } })).start()
    actor.send({ type: 'zip.select', file: zipBlob() })
    actor.send({ type: 'files.clear' })
    await vi.waitFor(() => expect(slow.terminate).toHaveBeenCalledTimes(1))
    const quick = fakeWorker(async () => ({
      files: [{ path: 'a.ts', data: new TextEncoder().encode('a').buffer }],
      excluded: 2,
    }))
    const second = createActor(
      uploadMachine.provide({ actors: { readZip: createReadZip(() => quick.worker) } }),
    ).start()
    second.send({ type: 'zip.select', file: zipBlob() })
    await vi.waitFor(() => expect(second.getSnapshot().context.files.map((f) => f.path)).toEqual(['a.ts']))
    expect(second.getSnapshot().context.excluded).toBe(2)
    expect(quick.terminate).toHaveBeenCalledTimes(1)
    expect(at(second as never, 'editing')).toBe(true)
  })
})
