/**
 * Focus goes back where it was when a radix dialog closes (issue 14 "Keys"). Radix returns focus
 * to a dialog's Trigger, but most of the console's dialogs (the palette opened by Ctrl/⌘ K, the '?'
 * sheet, a prompt opened by a key) have none, so focus fell to the page body. Spread the result on
 * a radix `Content`: `onOpenAutoFocus` runs before radix moves focus in, so it still sees the
 * element that had it; `onCloseAutoFocus` focuses that element again when it is still on the page
 * (a command that navigated away leaves radix's default).
 */
import { useMemo, useRef } from 'react'

export interface ReturnFocusHandlers {
  onOpenAutoFocus: (event: Event) => void
  onCloseAutoFocus: (event: Event) => void
}

export function useReturnFocus(): ReturnFocusHandlers {
  const previous = useRef<HTMLElement | null>(null)
  return useMemo(() => ({
    onOpenAutoFocus: () => {
      const active = document.activeElement
      previous.current = active instanceof HTMLElement && active !== document.body ? active : null
    },
    onCloseAutoFocus: (event: Event) => {
      const element = previous.current
      previous.current = null
      if (!element?.isConnected) return
      event.preventDefault()
      element.focus({ preventScroll: true })
    },
  }), [])
}
