/**
 * The global key handler on tinykeys. Its rules (decision 018-keys):
 * - Typing: keys typed into a text field (input, textarea, select, contenteditable, a textbox or
 *   searchbox role) are the field's, except mod+… and Escape; Ctrl/Cmd+Z there is the field's own
 *   undo.
 * - Overlays: while a dialog, alert dialog, menu, listbox or popover is open (the key comes from
 *   inside one, or one is open in the document), only mod+… shortcuts act; Escape is the overlay's.
 * - Sequences ('g d') lapse after SEQUENCE_TIMEOUT_MS and win over a single key they end with
 *   ('g u' is not also 'u').
 * - Single-key shortcuts off (the admin's preference): every stroke of a character key (letter,
 *   digit, punctuation, symbol) without Ctrl/Cmd/Alt is ignored, so single keys ('j', 'x', '?')
 *   and sequences made of them ('g d') do nothing; mod+…, Escape, Enter and the arrows still act
 *   (WCAG 2.1.4 Character Key Shortcuts).
 * A command's `altShortcuts` are bound like its `shortcut`. Among commands sharing a key, the first
 * visible and enabled one runs; if all are disabled the reason goes to `onBlocked` (a toast).
 */
import { createKeybindingsHandler } from 'tinykeys'
import { strokeCount, toKeybinding } from './keys'
import type { Command, CommandContext, CommandRegistry } from './registry'

export const SEQUENCE_TIMEOUT_MS = 1000

type Closest = {
  closest?: (selector: string) => unknown
  isContentEditable?: boolean
  ownerDocument?: { querySelector?: (selector: string) => unknown } | null
}

const closestOf = (target: EventTarget | null, selector: string): boolean => {
  const el = target as Closest | null
  return typeof el?.closest === 'function' && el.closest(selector) != null
}

/** Fields that take typed text (a checkbox or radio input does not). */
const TYPING_SELECTOR = [
  'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="reset"])',
  'textarea',
  'select',
  '[contenteditable]:not([contenteditable="false"])',
  // Not role="combobox": a radix Select's trigger is a button with that role, and the list keys
  // ('/', j) must act after a filter was picked from it (focus returns to the trigger).
  '[role="textbox"]',
  '[role="searchbox"]',
].join(', ')
/** Overlays a key may come from: radix dialogs (popovers are role="dialog" too), menus, select lists, the palette. */
const OVERLAY_SELECTOR = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'
/** An overlay open anywhere in the document (radix marks its open content data-state="open"). */
const OPEN_OVERLAY_SELECTOR = [
  '[role="dialog"][data-state="open"]',
  '[role="alertdialog"][data-state="open"]',
  '[role="menu"][data-state="open"]',
  '[role="listbox"][data-state="open"]',
].join(', ')

/** Whether the key is typed into a text field. */
export const isTyping = (target: EventTarget | null) =>
  !!(target as Closest | null)?.isContentEditable || closestOf(target, TYPING_SELECTOR)

/** Whether an overlay (dialog, menu, select list, the palette) is open in `doc`: single keys do not act then. */
export const isOverlayOpen = (doc: Document): boolean => doc.querySelector(OPEN_OVERLAY_SELECTOR) != null

/** Whether the key comes from inside an overlay, or one is open in the target's document. */
export const isInOverlay = (target: EventTarget | null) =>
  closestOf(target, OVERLAY_SELECTOR) ||
  (target as Closest | null)?.ownerDocument?.querySelector?.(OPEN_OVERLAY_SELECTOR) != null

/**
 * Whether `event` is a character key without Ctrl/Cmd/Alt: a letter, digit, punctuation or symbol,
 * Shift allowed ('?', 'X'); not Escape, Enter, Space, the arrows or the other named keys.
 */
export function isCharacterKey(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.metaKey && !event.altKey && event.key.length === 1 && event.key !== ' '
}

export interface ShortcutOptions {
  /** Whether single-key shortcuts are on (the admin's preference); read on every key. Default: on. */
  singleKeys?: () => boolean
}

/** Whether the handler leaves `event` alone (typing, overlays, repeats, already handled, single keys off). */
export function ignoreKey(event: KeyboardEvent, options: ShortcutOptions = {}): boolean {
  if (event.isComposing || event.repeat) return true
  const mod = event.ctrlKey || event.metaKey
  // A radix checkbox swallows Enter (WAI-ARIA: checkboxes do not activate on Enter), which would
  // also swallow mod+Enter, the Save of the form the checkbox is in.
  if (event.defaultPrevented && !(mod && closestOf(event.target, '[role="checkbox"]'))) return true
  if (options.singleKeys && !options.singleKeys() && isCharacterKey(event)) return true
  const typing = isTyping(event.target)
  if (typing && !mod && event.key !== 'Escape') return true
  // Ctrl/Cmd+Z in a field is the field's own undo, never the console's (app.undo).
  if (typing && mod && event.key.toLowerCase() === 'z') return true
  return !mod && isInOverlay(event.target)
}

/**
 * A keydown listener running the registry's commands in the context `getCtx()` returns, by the
 * rules above.
 */
export function createShortcutHandler(
  registry: CommandRegistry,
  getCtx: () => CommandContext,
  onBlocked: (reason: string) => void,
  options: ShortcutOptions = {},
): EventListener {
  const byBinding = new Map<string, Command[]>()
  // Longer sequences first: tinykeys tries bindings in this order and fires only the first match.
  const withKeys = registry.all.flatMap((c) =>
    [c.shortcut, ...(c.altShortcuts ?? [])].filter((key): key is string => !!key).map((key) => ({ c, key })),
  )
  for (const { c, key } of [...withKeys].sort((a, b) => strokeCount(b.key) - strokeCount(a.key))) {
    const binding = toKeybinding(key)
    byBinding.set(binding, [...(byBinding.get(binding) ?? []), c])
  }
  const map = Object.fromEntries(
    [...byBinding].map(([binding, commands]) => [
      binding,
      (event: KeyboardEvent) => {
        // tinykeys stops at the first binding that fires and keeps the other half-typed sequences
        // ('g o' after 'g u'); start afresh so the next 'g' begins a new sequence.
        inner = fresh()
        const ctx = getCtx()
        const candidates = commands.filter((c) => registry.isVisible(c, ctx))
        if (candidates.length === 0) return
        event.preventDefault()
        const runnable = candidates.find((c) => !registry.disabledReason(c, ctx))
        if (runnable) registry.run(runnable, ctx)
        else onBlocked(registry.disabledReason(candidates[0], ctx) ?? 'Not available')
      },
    ]),
  )
  const ignore = (event: KeyboardEvent) => ignoreKey(event, options)
  const fresh = () => createKeybindingsHandler(map, { timeout: SEQUENCE_TIMEOUT_MS, ignore })
  let inner = fresh()
  return (event) => inner(event)
}
