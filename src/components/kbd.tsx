/** Keyboard keys: `<Kbd>K</Kbd>` and `<ShortcutKeys shortcut="g d"/>` (platform-aware labels). */
import type { ReactNode } from 'react'
import { shortcutLabels } from '../commands/keys'

/** True on Apple platforms, where 'mod' is ⌘. */
export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)

export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="kbd">{children}</kbd>
}

/** Renders each stroke of a shortcut; sequences read 'G then D'. */
export function ShortcutKeys({ shortcut, className }: { shortcut: string; className?: string }) {
  const strokes = shortcutLabels(shortcut, isMac)
  return (
    <span className={['shortcut', className].filter(Boolean).join(' ')} aria-label={`Shortcut ${shortcut}`}>
      {strokes.map((labels, i) => (
        <span key={i} className="shortcut__stroke">
          {i > 0 ? <span className="shortcut__then">then</span> : null}
          {labels.map((label) => (
            <Kbd key={label}>{label}</Kbd>
          ))}
        </span>
      ))}
    </span>
  )
}
