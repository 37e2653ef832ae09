/** A quiet rotating ring; `label` is announced to screen readers. */
export function Spinner({ size = 16, label = 'Loading' }: { size?: number; label?: string }) {
  return <span className="spinner" role="status" aria-label={label} style={{ width: size, height: size }} />
}
