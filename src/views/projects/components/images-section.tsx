/**
 * Project Images on the detail page (SPEC.md 2, 5, 7, 8): add images (jpeg/png/webp, capped to
 * the slots left of 5), delete with 'Are you sure you want to delete this image?', reorder with
 * left/right arrows (PUT .../images/order {newOrder}). Also the 'Add images' palette command.
 */
import { useMemo, useRef, useState } from 'react'
import { useSelector } from '@xstate/react'
import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react'
import { deleteImage, reorderImages, uploadImages } from '../../../api/storage'
import { Button, ConfirmDialog, IconButton, toast } from '../../../components'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { acceptImages, IMAGE_TYPES, MAX_IMAGES } from '../../../machines/upload-files'
import { useProjectAction } from '../new/use-project-action'
import { useSectionsActor } from './sections-context'
import '../new/files.css'

/** Old indexes in their new order after moving `from` one step left (-1) or right (+1). */
export function moveOrder(count: number, from: number, step: -1 | 1): number[] {
  const order = Array.from({ length: count }, (_, i) => i)
  const to = from + step
  if (to < 0 || to >= count) return order
  ;[order[from], order[to]] = [order[to], order[from]]
  return order
}

export function ImagesSection() {
  const project = useSelector(useSectionsActor(), (s) => s.context.project)
  const { busy, error, run, refresh } = useProjectAction()
  const [confirmIndex, setConfirmIndex] = useState<number | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const images = project.images
  const room = MAX_IMAGES - images.length

  const add = async (files: File[]) => {
    const { kept } = acceptImages(files, room)
    if (kept.length === 0) return toast.error('Please select at least 1 image to upload')
    if (await run('add', 'Failed to upload images', () => uploadImages(project._id, kept))) await refresh(project._id)
  }
  const move = async (index: number, step: -1 | 1) => {
    if (await run('order', 'Failed to reorder images', () => reorderImages(project._id, moveOrder(images.length, index, step)))) await refresh(project._id)
  }
  const remove = async (index: number) => {
    setConfirmIndex(null)
    if (await run('delete', 'Failed to delete image', () => deleteImage(project._id, index))) await refresh(project._id)
  }

  const handle = useMemo(() => ({
    projectImages: { run: () => inputRef.current?.click(), disabled: { add: room <= 0 ? 'Maximum 5 images allowed.' : busy ? 'Busy' : null } },
  }), [room, busy])
  usePublishCommandContext(handle)

  return (
    <section className="card detail-section" data-testid="section-images">
      <header className="card__header detail-section__header">
        <h2>Project Images</h2>
        <Button size="sm" icon={<ImagePlus size={14} />} disabled={room <= 0 || !!busy} loading={busy === 'add'} data-command="projectImages.add" onClick={() => inputRef.current?.click()}>
          Add images
        </Button>
      </header>
      <div className="card__body files-panel">
        <input ref={inputRef} type="file" accept={IMAGE_TYPES.join(',')} multiple hidden data-testid="detail-images-input"
          onChange={(e) => { void add(Array.from(e.target.files ?? [])); e.target.value = '' }} />
        {images.length === 0 ? <p className="faint">No images yet. Add 1 to 5 (JPEG, PNG or WebP).</p> : (
          <div className="media-picker__grid" data-testid="image-list">
            {images.map((image, i) => (
              <figure key={image.url} className="thumb" data-testid="project-image" data-url={image.url}>
                <img src={image.url} alt={image.alt || `Image ${i + 1}`} />
                <div className="thumb__actions">
                  <IconButton size="sm" label="Move left" icon={<ArrowLeft size={12} />} disabled={i === 0 || !!busy} onClick={() => void move(i, -1)} />
                  <IconButton size="sm" label="Delete image" icon={<Trash2 size={12} />} disabled={!!busy} onClick={() => setConfirmIndex(i)} />
                  <IconButton size="sm" label="Move right" icon={<ArrowRight size={12} />} disabled={i === images.length - 1 || !!busy} onClick={() => void move(i, 1)} />
                </div>
              </figure>
            ))}
          </div>
        )}
        <p className="field__hint">{images.length}/{MAX_IMAGES} images</p>
        {error ? <p className="files-panel__error" role="alert">{error}</p> : null}
      </div>
      <ConfirmDialog open={confirmIndex !== null} onOpenChange={(open) => !open && setConfirmIndex(null)} title="Delete image"
        description="Are you sure you want to delete this image?" confirmLabel="Delete" tone="danger" busy={busy === 'delete'}
        onConfirm={() => confirmIndex !== null && void remove(confirmIndex)} />
    </section>
  )
}
