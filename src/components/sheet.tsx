/**
 * A side panel (sheet) on the radix Dialog: slides in from the right edge, full height, with a
 * title row (and its ×), a scrolling body and an optional footer. Controlled by `open`; Escape,
 * the overlay and the × close it through `onOpenChange`. Used for a record opened from a list
 * (the orders list's order panel).
 */
import type { ReactNode } from 'react'
import { Dialog as D } from 'radix-ui'
import { X } from 'lucide-react'

export interface SheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  /** A line under the title (e.g. the record's number and date). */
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** The command the × stands for (it closes through onOpenChange, which runs the same event). */
  closeCommand?: string
  'data-testid'?: string
}

export function Sheet({ open, onOpenChange, title, description, children, footer, closeCommand, ...rest }: SheetProps) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="overlay" />
        <D.Content className="sheet" data-testid={rest['data-testid']}>
          <header className="sheet__header">
            <div className="sheet__heading">
              <D.Title className="dialog__title">{title}</D.Title>
              {description ? <D.Description className="sheet__description">{description}</D.Description>
                : <D.Description className="sr-only">{title}</D.Description>}
            </div>
            <D.Close asChild>
              <button className="btn btn--ghost btn--icon btn--sm" aria-label="Close" data-command={closeCommand}>
                <X size={14} />
              </button>
            </D.Close>
          </header>
          <div className="sheet__body">{children}</div>
          {footer ? <footer className="sheet__footer">{footer}</footer> : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}
