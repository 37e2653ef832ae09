import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ProjectImage } from '../../../src/api/storage'
import {
  moveOrder,
  projectImagesMachine,
  type ProjectImagesEmitted,
  type ProjectImagesEvent,
} from '../../../src/machines/project-images.machine'

const img = (n: number): ProjectImage => ({ url: `/files/${n}.png`, alt: '', filePath: `${n}.png` })
const png = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/png' })
const settle = () => new Promise((r) => setTimeout(r, 0))

/** The machine with fake storage calls: each returns `answer(input)` or throws when `fail` names it. */
function start(images = [img(0), img(1), img(2)], fail: string[] = []) {
  const calls: Array<[string, unknown]> = []
  const fake = <I>(name: string, answer: (input: I) => ProjectImage[]) =>
    fromPromise<ProjectImage[], I>(async ({ input }) => {
      calls.push([name, input])
      if (fail.includes(name)) throw new Error('Server down')
      return answer(input)
    })
  const actor = createActor(
    projectImagesMachine.provide({
      actors: {
        uploadImages: fake<{ projectId: string; files: File[] }>('upload', (i) => [
          ...images,
          ...i.files.map((_, n) => img(10 + n)),
        ]),
        reorderImages: fake<{ projectId: string; order: number[] }>('reorder', (i) => i.order.map((n) => images[n])),
        deleteImage: fake<{ projectId: string; index: number }>('delete', (i) =>
          images.filter((_, n) => n !== i.index),
        ),
      },
    }),
    { input: { projectId: 'p1', images } },
  ).start()
  const emitted: ProjectImagesEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, calls, emitted }
}
const refusals = (emitted: ProjectImagesEmitted[]) =>
  emitted.flatMap((e) => (e.type === 'notify.error' ? [e.text] : []))

describe('moveOrder', () => {
  it('swaps with the neighbour and keeps the order at the edges', () => {
    expect(moveOrder(3, 0, 1)).toEqual([1, 0, 2])
    expect(moveOrder(3, 2, -1)).toEqual([0, 2, 1])
    expect(moveOrder(3, 0, -1)).toEqual([0, 1, 2])
  })
})

describe('projectImagesMachine', () => {
  it('asks the view to open the picker, refuses when 5 images are there', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'images.choose' })
    expect(emitted).toEqual([{ type: 'picker.open' }])
    const full = start([0, 1, 2, 3, 4].map(img))
    full.actor.send({ type: 'images.choose' })
    full.actor.send({ type: 'images.add', files: [png('a.png')] })
    expect(refusals(full.emitted)).toEqual(['Maximum 5 images allowed.', 'Maximum 5 images allowed.'])
  })

  it('adds jpeg/png/webp capped to the free slots and patches the project', async () => {
    const { actor, calls, emitted } = start()
    actor.send({
      type: 'images.add',
      files: [png('a.png'), png('b.png'), png('c.png'), new File(['x'], 'x.txt', { type: 'text/plain' })],
    })
    expect(actor.getSnapshot().value).toBe('adding')
    await settle()
    expect(calls[0][0]).toBe('upload')
    expect((calls[0][1] as { files: File[] }).files.map((f) => f.name)).toEqual(['a.png', 'b.png'])
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.images).toHaveLength(5)
    expect(emitted.at(-1)).toMatchObject({ type: 'project.patch', patch: { images: expect.any(Array) } })
  })

  it("refuses a pick without a usable image: 'Please select at least 1 image to upload'", () => {
    const { actor, emitted } = start()
    actor.send({ type: 'images.add', files: [new File(['x'], 'x.gif', { type: 'image/gif' })] })
    expect(refusals(emitted)).toEqual(['Please select at least 1 image to upload'])
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('reorders with newOrder, refuses a move past the edge', async () => {
    const { actor, calls, emitted } = start()
    actor.send({ type: 'image.move', index: 0, step: -1 })
    expect(refusals(emitted)).toHaveLength(1)
    actor.send({ type: 'image.move', index: 0, step: 1 })
    expect(actor.getSnapshot().value).toBe('reordering')
    await settle()
    expect(calls).toEqual([['reorder', { projectId: 'p1', order: [1, 0, 2] }]])
    expect(actor.getSnapshot().context.images.map((i) => i.url)).toEqual([
      '/files/1.png',
      '/files/0.png',
      '/files/2.png',
    ])
  })

  it('deletes only after confirmation; cancel keeps the image; busy inputs are refused', async () => {
    const { actor, calls, emitted } = start()
    actor.send({ type: 'image.delete', index: 1 })
    expect(actor.getSnapshot().value).toBe('confirmingDelete')
    actor.send({ type: 'confirm.cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.deleteIndex).toBeNull()
    actor.send({ type: 'image.delete', index: 1 })
    actor.send({ type: 'confirm.accept' })
    expect(actor.getSnapshot().value).toBe('deleting')
    actor.send({ type: 'images.choose' })
    expect(refusals(emitted)).toEqual(['Wait for the current image change to finish.'])
    await settle()
    expect(calls).toEqual([['delete', { projectId: 'p1', index: 1 }]])
    expect(actor.getSnapshot().context.images).toHaveLength(2)
    actor.send({ type: 'image.delete', index: 7 })
    expect(refusals(emitted)).toContain('That image no longer exists.')
  })

  it.each<[string, ProjectImagesEvent, string]>([
    ['upload', { type: 'images.add', files: [png('a.png')] }, 'Failed to upload images'],
    ['reorder', { type: 'image.move', index: 1, step: 1 }, 'Failed to reorder images'],
  ])('shows the %s failure and clears it on dismiss', async (name, event, text) => {
    const { actor } = start(undefined, [name])
    actor.send(event)
    await settle()
    expect(actor.getSnapshot().context.error).toBe(text)
    actor.send({ type: 'error.dismiss' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it("shows 'Failed to delete image' and takes fresh images from the page", async () => {
    const { actor } = start(undefined, ['delete'])
    actor.send({ type: 'image.delete', index: 0 })
    actor.send({ type: 'confirm.accept' })
    await settle()
    expect(actor.getSnapshot().context.error).toBe('Failed to delete image')
    actor.send({ type: 'images.sync', images: [img(9)] })
    expect(actor.getSnapshot().context.images).toEqual([img(9)])
    actor.send({ type: 'confirm.accept' })
    expect(actor.getSnapshot().value).toBe('idle')
  })
})
