/**
 * Toasts (SPEC.md 9: shown for 5000 ms). Call `toast.success('Saved')` / `toast.error(msg)` from
 * anywhere; `<Toaster/>` (mounted once by the protected layout) renders them with radix Toast, in
 * the one place every toast of the console appears: bottom right, above the key-hint bar. Its
 * `pinned` toast (the undo toast) sits at the bottom of that same stack.
 */
import { useSyncExternalStore, type ReactNode } from 'react'
import { Toast as T } from 'radix-ui'
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'

export const TOAST_DURATION_MS = 5000

export type ToastTone = 'info' | 'success' | 'error'

export interface ToastItem {
  id: number
  tone: ToastTone
  title: string
  description?: string
}

let items: ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

function push(tone: ToastTone, title: string, description?: string): number {
  const id = nextId++
  items = [...items, { id, tone, title, description }].slice(-5)
  emit()
  return id
}

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id)
  emit()
}

/** Imperative API: returns the toast id. */
export const toast = {
  info: (title: string, description?: string) => push('info', title, description),
  success: (title: string, description?: string) => push('success', title, description),
  error: (title: string, description?: string) => push('error', title, description),
  dismiss,
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => void listeners.delete(l)
}

const ICONS = { info: Info, success: CircleCheck, error: CircleAlert } as const

export function Toaster({ pinned }: { pinned?: ReactNode }) {
  const list = useSyncExternalStore(subscribe, () => items)
  return (
    <T.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {list.map((t) => {
        const Icon = ICONS[t.tone]
        return (
          <T.Root
            key={t.id}
            className={`toast toast--${t.tone}`}
            onOpenChange={(open) => !open && dismiss(t.id)}
            data-testid="toast"
          >
            <Icon size={16} className="toast__icon" />
            <div className="toast__text">
              <T.Title className="toast__title">{t.title}</T.Title>
              {t.description ? <T.Description className="toast__description">{t.description}</T.Description> : null}
            </div>
            <T.Close className="btn btn--ghost btn--icon btn--sm" aria-label="Dismiss">
              <X size={14} />
            </T.Close>
          </T.Root>
        )
      })}
      <div className="toast-stack" data-testid="toast-stack">
        <T.Viewport className="toast-viewport" />
        {pinned}
      </div>
    </T.Provider>
  )
}
