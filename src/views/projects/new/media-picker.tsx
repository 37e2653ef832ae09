/**
 * Project Media of Add Project (SPEC.md 2, 5, 9): 1 to 5 jpeg/png/webp images with previews.
 * 'Add images' and each Remove are commands (`projects.new.chooseImages`, `projects.new.removeImage`
 * with the image index as target); the hidden input sends what was picked to the flow.
 */
import { useEffect, useMemo } from 'react'
import { ImagePlus, X } from 'lucide-react'
import { CommandButton } from '../../../commands/command-button'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { formatBytes } from '../../../lib/format'
import { IMAGE_TYPES, MAX_IMAGES } from '../../../machines/shared/upload-files.rules'

export interface MediaPickerProps {
  images: readonly File[]
  locked: boolean
  error?: string
  inputRef: React.RefObject<HTMLInputElement | null>
  onAdd: (files: File[]) => void
}

export function MediaPicker({ images, locked, error, inputRef, onAdd }: MediaPickerProps) {
  const urls = useMemo(() => images.map((file) => URL.createObjectURL(file)), [images])
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls])
  return (
    <div className="media-picker">
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        multiple
        hidden
        data-testid="images-input"
        onChange={(e) => {
          onAdd(Array.from(e.target.files ?? []))
          e.target.value = ''
        }}
      />
      <div className="media-picker__grid">
        {images.map((file, i) => (
          <figure key={urls[i]} className="thumb">
            <img src={urls[i]} alt={file.name} />
            <figcaption className="thumb__name" title={file.name}>
              {file.name} · {formatBytes(file.size)}
            </figcaption>
            {locked ? null : (
              <CommandIconButton
                id="projects.new.removeImage"
                target={{ kind: 'image', id: String(i) }}
                className="thumb__remove"
                size="sm"
                icon={<X size={12} />}
              />
            )}
          </figure>
        ))}
        {images.length < MAX_IMAGES ? (
          <CommandButton id="projects.new.chooseImages" className="media-picker__add" icon={<ImagePlus size={16} />} />
        ) : null}
      </div>
      <p className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
        {error ??
          (locked ? 'Images uploaded with the draft.' : `${images.length}/${MAX_IMAGES} images · JPEG, PNG or WebP`)}
      </p>
    </div>
  )
}
