/**
 * After a submit that the form refuses, the first invalid field gets the focus and is scrolled
 * into view, so errors never sit off-screen. Every form calls `useFocusFirstInvalid` once with its
 * errors value; the fields themselves only render their errors (a `Field` error or aria-invalid).
 */
import { useEffect, useRef, type RefObject } from 'react'

/** A control that shows an error: aria-invalid itself, or the control of a `Field` with an error. */
const INVALID_SELECTOR = '[aria-invalid="true"], .field .field__error'
const CONTROL_SELECTOR = 'input:not([type="hidden"]), textarea, select, button, [tabindex]'
/** Fields that take typed text: focus never leaves one while the admin types in it. */
const TYPING_SELECTOR = 'input:not([type="checkbox"]):not([type="radio"]), textarea, [contenteditable="true"]'

/** What the focus rule needs to know about the element that has the focus now. */
export interface ActiveFocus {
  /** It is one of the invalid controls. */
  invalid: boolean
  /** It takes typed text and sits inside the form. */
  typingInForm: boolean
}

/**
 * Which control to focus after the form's errors changed, or null to leave the focus alone:
 * the first of `invalid` (document order) when `before` is empty (a refused submit of a clean
 * form), or when the focus is not in one of the form's text fields (Save clicked or pressed as a key).
 * Typing that clears one error while others remain never moves the focus.
 */
export function invalidFocusTarget<T>(invalid: readonly T[], before: readonly T[], active: ActiveFocus): T | null {
  if (invalid.length === 0 || active.invalid) return null
  return before.length === 0 || !active.typingInForm ? invalid[0] : null
}

/** The form's invalid controls in document order: aria-invalid ones and the controls of fields showing an error. */
function invalidControls(root: ParentNode): HTMLElement[] {
  const found = new Set<HTMLElement>()
  for (const el of root.querySelectorAll<HTMLElement>(INVALID_SELECTOR)) {
    if (el.getAttribute('aria-invalid') === 'true') {
      found.add(el)
      continue
    }
    const field = el.closest('.field')
    const labelFor = field?.querySelector('label')?.htmlFor
    const control =
      (labelFor ? document.getElementById(labelFor) : null) ?? field?.querySelector<HTMLElement>(CONTROL_SELECTOR)
    if (control) found.add(control)
  }
  return [...found].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
}

/**
 * Moves the focus to the first invalid control of `scope` (default: the whole page) whenever
 * `errors` changes to a refused submit (see invalidFocusTarget) and scrolls it to the middle of
 * the viewport. `errors` is the form's errors value from its machine (any shape: only a change
 * of identity counts). With a `scope`, a refusal that marks no field scrolls the scope's alert
 * into view instead.
 */
export function useFocusFirstInvalid(errors: unknown, scope?: RefObject<HTMLElement | null>): void {
  const before = useRef<HTMLElement[]>([])
  useEffect(() => {
    const root = scope?.current ?? document
    const invalid = invalidControls(root)
    const active = document.activeElement
    const activeInvalid = active instanceof HTMLElement && invalid.includes(active)
    const target = invalidFocusTarget(invalid, before.current, {
      invalid: activeInvalid,
      typingInForm: !!active && root.contains(active) && active.matches(TYPING_SELECTOR),
    })
    before.current = invalid
    if (target) {
      target.focus({ preventScroll: true })
      target.scrollIntoView({ block: 'center' })
    } else if (activeInvalid) {
      // The admin is in the refused field already: keep it in view, move nothing.
      active.scrollIntoView({ block: 'nearest' })
    } else if (invalid.length === 0 && scope?.current && errors) {
      // A refusal that names no field (a section's save error): bring the message into view.
      scope.current.querySelector('[role="alert"]')?.scrollIntoView({ block: 'nearest' })
    }
  }, [errors, scope])
}
