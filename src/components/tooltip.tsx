/**
 * A small radix tooltip, optionally showing a keyboard shortcut. Needs `TooltipProvider` at the root.
 *
 * The radix tooltip (a dozen components per trigger: popper, anchor, portal, presence) mounts only
 * once its trigger is first pointed at or focused: until then the trigger renders alone. A list's
 * rows hold several icon buttons each, and most are never pointed at, so a screen of rows renders
 * about a third fewer components. The trigger is a new element once armed, so the pointer or the
 * focus that armed it is carried over to it.
 */
import {
  cloneElement,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react'
import { flushSync } from 'react-dom'
import { Tooltip as T } from 'radix-ui'
import { ShortcutKeys } from './kbd'

export const TooltipProvider = T.Provider

interface TriggerProps {
  ref?: Ref<HTMLElement>
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void
  onFocus?: (event: FocusEvent<HTMLElement>) => void
}

export function Tooltip({
  content,
  shortcut,
  children,
}: {
  content: ReactNode
  shortcut?: string
  /** One element that takes a ref and pointer/focus handlers (a button, a focusable span), with no ref of its own. */
  children: ReactElement<TriggerProps>
}) {
  const [armedBy, setArmedBy] = useState<'pointer' | 'focus' | null>(null)
  const trigger = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    const element = trigger.current
    if (!element || !armedBy) return
    // The radix trigger opens on a pointer move over it, or on focus (after its provider's delay).
    if (armedBy === 'focus') element.focus()
    else element.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }))
  }, [armedBy])

  if (!armedBy) {
    // The handlers go onto the child itself, not through a Slot: one component fewer per trigger.
    const { onPointerEnter, onFocus } = children.props
    return cloneElement(children, {
      ref: trigger,
      // At once, within the event: a tap or a quick click presses right after entering, and a
      // press that began on the element being replaced would not make a click.
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        onPointerEnter?.(event)
        flushSync(() => setArmedBy('pointer'))
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        onFocus?.(event)
        setArmedBy('focus')
      },
    })
  }
  return (
    <T.Root>
      {/* asChild: the element is the child's (a span is fine); radix types the ref as a button's. */}
      <T.Trigger asChild ref={trigger as RefObject<HTMLButtonElement | null>}>
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
