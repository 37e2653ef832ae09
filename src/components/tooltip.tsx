/**
 * A small radix tooltip, optionally showing a keyboard shortcut. Needs `TooltipProvider` at the root.
 *
 * The radix tooltip (a dozen components per trigger: popper, anchor, portal, presence) mounts only
 * once its trigger is first pointed at or focused: until then the trigger renders alone. A list's
 * rows hold several icon buttons each, and most are never pointed at, so a screen of rows renders
 * about a third fewer components. The trigger is a new element once armed, so the pointer or the
 * focus that armed it is carried over to it.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { Slot, Tooltip as T } from 'radix-ui'
import { ShortcutKeys } from './kbd'

export const TooltipProvider = T.Provider

export function Tooltip({
  content,
  shortcut,
  children,
}: {
  content: ReactNode
  shortcut?: string
  children: ReactNode
}) {
  const [armedBy, setArmedBy] = useState<'pointer' | 'focus' | null>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    const element = trigger.current
    if (!element || !armedBy) return
    // The radix trigger opens on a pointer move over it, or on focus (after its provider's delay).
    if (armedBy === 'focus') element.focus()
    else element.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }))
  }, [armedBy])

  if (!armedBy) {
    return (
      <Slot.Root
        ref={trigger}
        // At once, within the event: a tap or a quick click presses right after entering, and a
        // press that began on the element being replaced would not make a click.
        onPointerEnter={() => flushSync(() => setArmedBy('pointer'))}
        onFocus={() => setArmedBy('focus')}
      >
        {children}
      </Slot.Root>
    )
  }
  return (
    <T.Root>
      <T.Trigger asChild ref={trigger}>
        {children}
      </T.Trigger>
      <T.Portal>
        <T.Content className="tooltip" sideOffset={6}>
          {content}
          {shortcut ? <ShortcutKeys shortcut={shortcut} /> : null}
        </T.Content>
      </T.Portal>
    </T.Root>
  )
}
