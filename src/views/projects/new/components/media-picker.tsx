/** Project Media of Add Project (SPEC.md 2, 5, 9): 1 to 5 jpeg/png/webp images with previews and Remove. */
import { useEffect, useMemo } from 'react'
import { ImagePlus, X } from 'lucide-react'
import { Button } from '../../../../components/button'
import { IMAGE_TYPES, MAX_IMAGES } from '../../../../machines/upload-files'

export interface MediaPickerProps {
  images: readonly File[]
  locked: boolean
  error?: string
  inputRef: React.RefObject<HTMLInputElement | null>
  onAdd: (files: File[]) => void
  onRemove: (index: number) => void
}

export function MediaPicker({ images, locked, error, inputRef, onAdd, onRemove }: MediaPickerProps) {
  const urls = useMemo(() => images.map((file) => URL.createObjectURL(file)), [images])
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls])
  return (
    <div className="media-picker">
      <input ref={inputRef} type="file" accept={IMAGE_TYPES.join(',')} multiple hidden data-testid="images-input"
        onChange={(e) => { onAdd(Array.from(e.target.files ?? [])); e.target.value = '' }} />
      <div className="media-picker__grid">
        {images.map((file, i) => (
          <figure key={urls[i]} className="thumb">
            <img src={urls[i]} alt={file.name} />
            <figcaption className="thumb__name">{file.name}</figcaption>
            {locked ? null : (
              <button type="button" className="thumb__remove btn btn--ghost btn--icon btn--sm" aria-label={`Remove ${file.name}`} onClick={() => onRemove(i)}>
                <X size={12} />
              </button>
            )}
          </figure>
        ))}
        {!locked && images.length < MAX_IMAGES ? (
          <Button className="media-picker__add" icon={<ImagePlus size={16} />} onClick={() => inputRef.current?.click()}>Add images</Button>
        ) : null}
      </div>
      <p className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
        {error ?? (locked ? 'Images uploaded with the draft.' : `${images.length}/${MAX_IMAGES} images · JPEG, PNG or WebP`)}
      </p>
    </div>
  )
}
