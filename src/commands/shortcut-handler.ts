/**
 * The global key handler on tinykeys. Keys typed into inputs are ignored except mod+… and Escape;
 * inside dialogs and menus only mod+… shortcuts act. Sequences ('g d') lapse after 1 s and win
 * over a single key they end with ('g u' is not also 'u'). A command's `altShortcuts` are bound like
 * its `shortcut`. Ctrl/Cmd+Z typed into a field stays the field's. Among commands sharing a key, the first
 * visible and enabled one runs; if all are disabled the reason goes to `onBlocked` (a toast).
 */
import { createKeybindingsHandler } from 'tinykeys'
import { strokeCount, toKeybinding } from './keys'
import type { Command, CommandContext, CommandRegistry } from './registry'

export const SEQUENCE_TIMEOUT_MS = 1000

type Closest = { closest?: (selector: string) => unknown; isContentEditable?: boolean }

const closestOf = (target: EventTarget | null, selector: string): boolean => {
  const el = target as Closest | null
  return typeof el?.closest === 'function' && el.closest(selector) != null
}
const isTyping = (target: EventTarget | null) =>
  !!(target as Closest | null)?.isContentEditable || closestOf(target, 'input, textarea, select, [contenteditable="true"]')
const isInOverlay = (target: EventTarget | null) => closestOf(target, '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')

/** Whether the handler leaves `event` alone (typing, overlays, repeats, already handled). */
export function ignoreKey(event: KeyboardEvent): boolean {
  if (event.isComposing || event.repeat) return true
  const mod = event.ctrlKey || event.metaKey
  // A radix checkbox swallows Enter (WAI-ARIA: checkboxes do not activate on Enter), which would
  // also swallow mod+Enter, the Save of the form the checkbox is in.
  if (event.defaultPrevented && !(mod && closestOf(event.target, '[role="checkbox"]'))) return true
  if (isTyping(event.target) && !mod && event.key !== 'Escape') return true
  // Ctrl/Cmd+Z in a field is the field's own undo, never the console's (app.undo).
  if (isTyping(event.target) && mod && event.key.toLowerCase() === 'z') return true
  return isInOverlay(event.target) && !mod
}

/** A keydown listener running the registry's commands in the context `getCtx()` returns. */
export function createShortcutHandler(registry: CommandRegistry, getCtx: () => CommandContext, onBlocked: (reason: string) => void): EventListener {
  const byBinding = new Map<string, Command[]>()
  // Longer sequences first: tinykeys tries bindings in this order and fires only the first match.
  const withKeys = registry.all.flatMap((c) => [c.shortcut, ...(c.altShortcuts ?? [])]
    .filter((key): key is string => !!key).map((key) => ({ c, key })))
  for (const { c, key } of [...withKeys].sort((a, b) => strokeCount(b.key) - strokeCount(a.key))) {
    const binding = toKeybinding(key)
    byBinding.set(binding, [...(byBinding.get(binding) ?? []), c])
  }
  const map = Object.fromEntries([...byBinding].map(([binding, commands]) => [binding, (event: KeyboardEvent) => {
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
  }]))
  const fresh = () => createKeybindingsHandler(map, { timeout: SEQUENCE_TIMEOUT_MS, ignore: ignoreKey })
  let inner = fresh()
  return (event) => inner(event)
}
