/**
 * Pure focus and selection rules for keyboard-driven lists (j/k, x, shift+x). Ids are kept in
 * the order of the rows on screen; nothing here touches the DOM.
 */

/** The next focus index after moving by `delta` rows, clamped to the list; -1 for an empty list. */
export function moveFocus(index: number, delta: number, length: number): number {
  if (length === 0) return -1
  if (index < 0) return delta > 0 ? 0 : length - 1
  return Math.min(length - 1, Math.max(0, index + delta))
}

/** `selection` with `id` added or removed. */
export function toggleId(selection: readonly string[], id: string): string[] {
  return selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id]
}

/**
 * Selects every row between the anchor (the last toggled row) and `id`, inclusive, keeping what
 * was already selected. Without an anchor on this page it toggles `id` alone.
 */
export function selectRange(selection: readonly string[], ids: readonly string[], anchor: string | null, id: string): string[] {
  const from = anchor ? ids.indexOf(anchor) : -1
  const to = ids.indexOf(id)
  if (to < 0) return [...selection]
  if (from < 0) return toggleId(selection, id)
  const [lo, hi] = from < to ? [from, to] : [to, from]
  const range = ids.slice(lo, hi + 1)
  return [...selection, ...range.filter((r) => !selection.includes(r))]
}

/** Keeps only the selected ids still present in `ids` (after a reload or a page change). */
export function pruneSelection(selection: readonly string[], ids: readonly string[]): string[] {
  if (selection.length === 0) return []
  // A set: an infinite list holds thousands of loaded rows.
  const present = new Set(ids)
  return selection.filter((s) => present.has(s))
}
