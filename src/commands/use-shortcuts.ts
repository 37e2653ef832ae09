/**
 * The single global key handler. Keys typed into inputs are ignored except mod+… and Escape;
 * inside dialogs and menus only mod+… shortcuts act. Sequences ('g d') lapse after 1 s.
 * Among commands sharing a key, the first visible and enabled one runs; if all are disabled the
 * reason is shown as a toast.
 */
import { useEffect, useRef } from 'react'
import { toast } from '../components/toast'
import { createSequenceMatcher, strokeFromEvent } from './keys'
import type { Command, CommandContext, CommandRegistry } from './registry'

const SEQUENCE_TIMEOUT_MS = 1000

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  return target.closest('input, textarea, select, [contenteditable="true"]') !== null
}

function isInOverlay(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null
}

export function useShortcuts(registry: CommandRegistry, ctx: CommandContext): void {
  const ctxRef = useRef(ctx)
  useEffect(() => {
    ctxRef.current = ctx
  }, [ctx])

  useEffect(() => {
    const bindings = registry.all.filter((c): c is Command & { shortcut: string } => !!c.shortcut).map((c) => ({ shortcut: c.shortcut, value: c }))
    const matcher = createSequenceMatcher(bindings, SEQUENCE_TIMEOUT_MS)

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat) return
      const stroke = strokeFromEvent(event)
      if (!stroke) return
      if (isTypingTarget(event.target) && !stroke.mod && stroke.key !== 'escape') return
      // Dialogs and menus own their keys (Escape closes them); only mod+… reaches commands.
      if (isInOverlay(event.target) && !stroke.mod) return
      const result = matcher.feed(stroke, performance.now())
      if (result.status === 'pending') return void event.preventDefault()
      if (result.status !== 'matched') return
      const current = ctxRef.current
      const candidates = result.values.filter((c) => registry.isVisible(c, current))
      if (candidates.length === 0) return
      event.preventDefault()
      const runnable = candidates.find((c) => !registry.disabledReason(c, current))
      if (runnable) registry.run(runnable, current)
      else toast.info(registry.disabledReason(candidates[0], current) ?? 'Not available')
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [registry])
}
