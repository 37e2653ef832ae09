/** A small radix tooltip, optionally showing a keyboard shortcut. Needs `TooltipProvider` at the root. */
import type { ReactNode } from 'react'
import { Tooltip as T } from 'radix-ui'
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
  return (
    <T.Root>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content className="tooltip" sideOffset={6}>
          {content}
          {shortcut ? <ShortcutKeys shortcut={shortcut} /> : null}
        </T.Content>
      </T.Portal>
    </T.Root>
  )
}
