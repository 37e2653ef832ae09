/**
 * Focus goes back where it was when a radix dialog closes. Radix returns focus
 * to a dialog's Trigger, but most of the console's dialogs (the palette opened by Ctrl/⌘ K, the '?'
 * sheet, a prompt opened by a key) have none, so focus fell to the page body. Spread
 * `useReturnFocus()` on a radix `Content`: when it closes, focus goes to the element that had it
 * before the dialog took it, if that element is still on the page; if focus was on the page body,
 * or a command removed the element (it navigated), radix's default stays.
 *
 * How: one capturing `focusin`/`focusout` listener per document keeps the recent focus targets
 * (null = the body), so it also knows the element when the dialog focused an `autoFocus` field
 * before any of its own handlers ran.
 */
import { useEffect, useMemo } from 'react'

const HISTORY = 20
const OVERLAY = '[role="dialog"], [role="alertdialog"]'
/** Recent focus targets, newest last; null when focus went to the body. */
let history: Array<HTMLElement | null> = []
let installed = false

function install(): void {
  if (installed || typeof document === 'undefined') return
  installed = true
  const push = (element: HTMLElement | null) => {
    history = [...history.filter((e) => e !== element), element].slice(-HISTORY)
  }
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement) push(event.target)
    },
    true,
  )
  // Focus leaving to the body (a click on the page's background); not a closing overlay's field
  // losing focus as it goes, which is what this module decides about.
  document.addEventListener(
    'focusout',
    (event) => {
      const left = event.target instanceof HTMLElement ? event.target : null
      if (event.relatedTarget == null && document.hasFocus() && !left?.closest(OVERLAY)) push(null)
    },
    true,
  )
}

/**
 * The element focus should return to when `content` (a closing dialog) goes: the newest focus
 * target outside it, skipping the elements of overlays already closed; null when that was the
 * body or is gone from the page.
 */
export function returnTarget(entries: ReadonlyArray<HTMLElement | null>, content: Node | null): HTMLElement | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const element = entries[i]
    if (element === null) return null
    if (content?.contains(element)) continue
    if (!element.isConnected) {
      if (element.closest(OVERLAY)) continue
      return null
    }
    return element
  }
  return null
}

export interface ReturnFocusHandlers {
  onCloseAutoFocus: (event: Event) => void
}

export function useReturnFocus(): ReturnFocusHandlers {
  useEffect(install, [])
  return useMemo(
    () => ({
      onCloseAutoFocus: (event: Event) => {
        const element = returnTarget(history, event.target instanceof Node ? event.target : null)
        if (!element) return
        event.preventDefault()
        element.focus({ preventScroll: true })
      },
    }),
    [],
  )
}
