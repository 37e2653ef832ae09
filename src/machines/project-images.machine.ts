/**
 * Project Images on the detail page (SPEC.md 2 "Project detail", 5, 7, 8): add (up to 5), reorder
 * and delete; every call answers the images in order. Inputs a busy state cannot take emit
 * 'notify.error'. States: docs/machines/projectImages.mmd.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { deleteImage, reorderImages, uploadImages, type ProjectImage } from '../api/storage'
import type { Project } from '../api/schemas/projects'
import { acceptImages, MAX_IMAGES } from './shared/upload-files.rules'

/** Old indexes in their new order after moving `from` one step left (-1) or right (+1). */
export function moveOrder(count: number, from: number, step: -1 | 1): number[] {
  const order = Array.from({ length: count }, (_, i) => i)
  const to = from + step
  if (to < 0 || to >= count) return order
  ;[order[from], order[to]] = [order[to], order[from]]
  return order
}

/** The project's images and the change in flight (files, new order or index), and the red line. */
export interface ProjectImagesContext {
  projectId: string
  images: ProjectImage[]
  /** Files being added, or the new order being saved, or the index being deleted. */
  adding: File[]
  order: number[]
  deleteIndex: number | null
  error: string | null
}

/** Add, move, delete (with its confirmation), the page's images after a reload, dismiss. */
export type ProjectImagesEvent =
  | { type: 'images.choose' }
  | { type: 'images.add'; files: File[] }
  | { type: 'image.move'; index: number; step: -1 | 1 }
  | { type: 'image.delete'; index: number }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'images.sync'; images: ProjectImage[] }
  | { type: 'error.dismiss' }

/** Open the picker, a refusal toast, the project's new images. */
export type ProjectImagesEmitted =
  { type: 'picker.open' } | { type: 'notify.error'; text: string } | { type: 'project.patch'; patch: Partial<Project> }

const BUSY = 'Wait for the current image change to finish.'
const refuse = (text: string) => ({ type: 'refuse' as const, params: { text } })
const saved = ({ event }: { event: { output: ProjectImage[] } }) => ({ images: event.output })
const onSaved = [
  { type: 'assignImages' as const, params: saved },
  { type: 'announceImages' as const, params: saved },
]
const failed = (text: string) => ({ target: 'idle' as const, actions: { type: 'setError' as const, params: { text } } })

/** The images of one project (input { projectId, images }). */
export const projectImagesMachine = setup({
  types: {
    context: {} as ProjectImagesContext,
    events: {} as ProjectImagesEvent,
    emitted: {} as ProjectImagesEmitted,
    input: {} as { projectId: string; images: ProjectImage[] },
  },
  actors: {
    uploadImages: fromPromise<ProjectImage[], { projectId: string; files: File[] }>(({ input }) =>
      uploadImages(input.projectId, input.files),
    ),
    reorderImages: fromPromise<ProjectImage[], { projectId: string; order: number[] }>(({ input }) =>
      reorderImages(input.projectId, input.order),
    ),
    deleteImage: fromPromise<ProjectImage[], { projectId: string; index: number }>(({ input }) =>
      deleteImage(input.projectId, input.index),
    ),
  },
  actions: {
    refuse: emit((_, params: { text: string }) => ({ type: 'notify.error' as const, text: params.text })),
    openPicker: emit({ type: 'picker.open' as const }),
    takeFiles: assign(({ context, event }) => {
      assertEvent(event, 'images.add')
      return { adding: acceptImages(event.files, MAX_IMAGES - context.images.length).kept, error: null }
    }),
    takeOrder: assign(({ context, event }) => {
      assertEvent(event, 'image.move')
      return { order: moveOrder(context.images.length, event.index, event.step), error: null }
    }),
    takeDelete: assign({ deleteIndex: ({ event }) => (assertEvent(event, 'image.delete'), event.index), error: null }),
    assignImages: assign({
      images: (_, params: { images: ProjectImage[] }) => params.images,
      adding: [],
      order: [],
      deleteIndex: null,
    }),
    announceImages: emit((_, params: { images: ProjectImage[] }) => ({
      type: 'project.patch' as const,
      patch: { images: params.images },
    })),
    forgetDelete: assign({ deleteIndex: null }),
    sync: assign({ images: ({ event }) => (assertEvent(event, 'images.sync'), event.images) }),
    setError: assign({ error: (_, params: { text: string }) => params.text, adding: [], order: [], deleteIndex: null }),
    clearError: assign({ error: null }),
  },
  guards: {
    full: ({ context }) => context.images.length >= MAX_IMAGES,
    nothingToAdd: ({ context, event }) => {
      assertEvent(event, 'images.add')
      return acceptImages(event.files, MAX_IMAGES - context.images.length).kept.length === 0
    },
    cannotMove: ({ context, event }) => {
      assertEvent(event, 'image.move')
      const to = event.index + event.step
      return to < 0 || to >= context.images.length || event.index >= context.images.length
    },
    noSuchImage: ({ context, event }) => (
      assertEvent(event, 'image.delete'),
      event.index < 0 || event.index >= context.images.length
    ),
  },
}).createMachine({
  id: 'projectImages',
  initial: 'idle',
  context: ({ input }) => ({
    projectId: input.projectId,
    images: input.images,
    adding: [],
    order: [],
    deleteIndex: null,
    error: null,
  }),
  on: {
    'images.choose': { actions: refuse(BUSY) },
    'images.add': { actions: refuse(BUSY) },
    'image.move': { actions: refuse(BUSY) },
    'image.delete': { actions: refuse(BUSY) },
    'confirm.accept': { actions: refuse(BUSY) },
    'confirm.cancel': { actions: refuse(BUSY) },
    // The page's project changed (a reload): take its images; an answer still in flight wins.
    'images.sync': { actions: 'sync' },
    'error.dismiss': { actions: 'clearError' },
  },
  states: {
    idle: {
      on: {
        'images.choose': [{ guard: 'full', actions: refuse('Maximum 5 images allowed.') }, { actions: 'openPicker' }],
        'images.add': [
          { guard: 'full', actions: refuse('Maximum 5 images allowed.') },
          { guard: 'nothingToAdd', actions: refuse('Please select at least 1 image to upload') },
          { target: 'adding', actions: 'takeFiles' },
        ],
        'image.move': [
          { guard: 'cannotMove', actions: refuse('That image cannot move further.') },
          { target: 'reordering', actions: 'takeOrder' },
        ],
        'image.delete': [
          { guard: 'noSuchImage', actions: refuse('That image no longer exists.') },
          { target: 'confirmingDelete', actions: 'takeDelete' },
        ],
        'confirm.accept': { actions: refuse('There is nothing to confirm.') },
        'confirm.cancel': {},
      },
    },
    adding: {
      invoke: {
        id: 'uploadImages',
        src: 'uploadImages',
        input: ({ context }) => ({ projectId: context.projectId, files: context.adding }),
        onDone: { target: 'idle', actions: onSaved },
        onError: failed('Failed to upload images'),
      },
    },
    reordering: {
      invoke: {
        id: 'reorderImages',
        src: 'reorderImages',
        input: ({ context }) => ({ projectId: context.projectId, order: context.order }),
        onDone: { target: 'idle', actions: onSaved },
        onError: failed('Failed to reorder images'),
      },
    },
    confirmingDelete: {
      on: { 'confirm.accept': 'deleting', 'confirm.cancel': { target: 'idle', actions: 'forgetDelete' } },
    },
    deleting: {
      invoke: {
        id: 'deleteImage',
        src: 'deleteImage',
        input: ({ context }) => ({ projectId: context.projectId, index: context.deleteIndex ?? -1 }),
        onDone: { target: 'idle', actions: onSaved },
        onError: failed('Failed to delete image'),
      },
    },
  },
})
