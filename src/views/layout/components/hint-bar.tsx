/**
 * The key hint bar at the bottom of the console: the keys of the screen on view
 * (on a list J/K, X, Enter and its actions; on a detail page its section keys), read from the
 * registry in the current context (screen-keys.ts), then '?' for all of them. Toggled by the
 * `app.toggleHints` command (palette), remembered in this browser; hidden below 900px (CSS).
 * With single-key shortcuts off, or while an overlay is open (a modal form, the palette), it lists
 * only the keys that still act there (decision 018).
 */
import { useMemo, useState, useSyncExternalStore } from 'react'
import { usePreferences } from '../../../api/preferences'
import { screenHints } from '../../../commands/screen-keys'
import { isOverlayOpen } from '../../../commands/shortcut-handler'
import { useCommandContext, usePublishCommandContext, useRegistry } from '../../../commands/use-command-context'
import { ShortcutKeys } from '../../../components/kbd'

const STORAGE_KEY = 'console.hints'

const stored = (): boolean => {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off'
  } catch {
    return true
  }
}

/** Follows radix's data-state on the page: an overlay opening or closing re-renders the bar. */
function subscribeToOverlays(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ['data-state'] })
  return () => observer.disconnect()
}

const useOverlayOpen = (): boolean => useSyncExternalStore(subscribeToOverlays, () => isOverlayOpen(document))

export function HintBar() {
  const [visible, setVisibleState] = useState(stored)
  const setVisible = useMemo(
    () => (next: boolean) => {
      setVisibleState(next)
      try {
        localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off')
      } catch {
        // Private mode without storage: the choice lasts this session.
      }
    },
    [],
  )
  usePublishCommandContext(useMemo(() => ({ hints: { visible, setVisible } }), [visible, setVisible]))
  const ctx = useCommandContext()
  const registry = useRegistry()
  const { singleKeyShortcuts } = usePreferences()
  const overlayOpen = useOverlayOpen()
  if (!visible) return null
  const singleKeys = singleKeyShortcuts && !overlayOpen
  const hints = screenHints(registry, ctx, singleKeys)
  return (
    <footer className="hint-bar" aria-label="Keys of this screen" data-testid="hint-bar">
      <ul className="hint-bar__list">
        {hints.map((hint) => (
          <li key={hint.id} className="hint-bar__item" data-hint={hint.id}>
            <ShortcutKeys shortcut={hint.shortcut} />
            <span className="hint-bar__label">{hint.label}</span>
          </li>
        ))}
      </ul>
      {singleKeys ? (
        <span className="hint-bar__item hint-bar__more">
          <ShortcutKeys shortcut="?" />
          <span className="hint-bar__label">All keys</span>
        </span>
      ) : null}
    </footer>
  )
}
