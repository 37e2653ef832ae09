/**
 * Project Images on the detail page (SPEC.md 2, 5, 7, 8): add (capped to the slots left of 5),
 * delete after 'Are you sure you want to delete this image?', reorder with left/right arrows. The
 * flow is projectImagesMachine, published as `view.projectImages`; every control is a
 * `projects.images.*` command, the per-image ones with the image index as target.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { actorOptions } from '../../../../machines/shared/inspect'
import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react'
import { ConfirmDialog } from '../../../../components/dialog'
import { CommandButton } from '../../../../commands/command-button'
import { CommandIconButton } from '../../../../commands/command-icon-button'
import { usePublishCommandContext } from '../../../../commands/use-command-context'
import { projectImagesMachine } from '../../../../machines/project-images.machine'
import { IMAGE_TYPES, MAX_IMAGES } from '../../../../machines/shared/upload-files.rules'
import { useSectionEffects } from '../use-section-effects'
import { useSectionsActor } from '../sections-context'
import '../../shared/files.css'

/** The Project Images card. */
export function ImagesSection() {
  const project = useSelector(useSectionsActor(), (s) => s.context.project)
  const actor = useActorRef(
    projectImagesMachine,
    actorOptions({ input: { projectId: project._id, images: project.images } }),
  )
  const inputRef = useRef<HTMLInputElement>(null)
  const images = useSelector(actor, (s) => s.context.images)
  const error = useSelector(actor, (s) => s.context.error)
  const adding = useSelector(actor, (s) => s.matches('adding'))
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete') || s.matches('deleting'))
  const deleting = useSelector(actor, (s) => s.matches('deleting'))
  useSelector(actor, (s) => s.value)

  useSectionEffects(actor, { onPicker: () => inputRef.current?.click() })
  useEffect(() => actor.send({ type: 'images.sync', images: project.images }), [actor, project.images])
  usePublishCommandContext(useMemo(() => ({ projectImages: actor }), [actor]))

  return (
    <section className="card detail-section" data-testid="section-images">
      <header className="card__header detail-section__header">
        <h2>Project Images</h2>
        <CommandButton id="projects.images.add" size="sm" icon={<ImagePlus size={14} />} loading={adding} />
      </header>
      <div className="card__body files-panel">
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          hidden
          data-testid="detail-images-input"
          onChange={(e) => {
            actor.send({ type: 'images.add', files: Array.from(e.target.files ?? []) })
            e.target.value = ''
          }}
        />
        {images.length === 0 ? (
          <p className="faint">No images yet. Add 1 to 5 (JPEG, PNG or WebP).</p>
        ) : (
          <div className="media-picker__grid" data-testid="image-list">
            {images.map((image, i) => {
              const target = { kind: 'image', id: String(i) }
              return (
                <figure key={image.url} className="thumb" data-testid="project-image" data-url={image.url}>
                  <img src={image.url} alt={image.alt || `Image ${i + 1}`} />
                  <div className="thumb__actions">
                    <CommandIconButton
                      id="projects.images.moveLeft"
                      target={target}
                      size="sm"
                      icon={<ArrowLeft size={12} />}
                    />
                    <CommandIconButton
                      id="projects.images.delete"
                      target={target}
                      size="sm"
                      icon={<Trash2 size={12} />}
                    />
                    <CommandIconButton
                      id="projects.images.moveRight"
                      target={target}
                      size="sm"
                      icon={<ArrowRight size={12} />}
                    />
                  </div>
                </figure>
              )
            })}
          </div>
        )}
        <p className="field__hint">
          {images.length}/{MAX_IMAGES} images
        </p>
        {error ? (
          <p className="files-panel__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && actor.send({ type: 'confirm.cancel' })}
        title="Delete image"
        description="Are you sure you want to delete this image?"
        confirmLabel="Delete"
        tone="danger"
        busy={deleting}
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
      />
    </section>
  )
}
