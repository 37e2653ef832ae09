/**
 * Keyboard shortcut notation and matching, free of the DOM so it can be unit-tested.
 * Notation: strokes separated by spaces ('g d' is a two-key sequence), modifiers joined with '+'
 * ('mod+k' = Ctrl or Cmd + K, 'shift+x'); single characters stand for themselves ('?', '#', '/', 'a').
 */

/** One key press: `key` lower-cased ('k', '?', 'escape', 'arrowdown'). */
export interface KeyStroke {
  key: string
  mod: boolean
  shift: boolean
  alt: boolean
}

/** The fields of a KeyboardEvent that matter here. */
export interface KeyEventLike {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

const MODIFIER_KEYS = new Set(['control', 'meta', 'shift', 'alt', 'altgraph', 'capslock', 'os', 'hyper', 'super'])
const KEY_ALIASES: Record<string, string> = { esc: 'escape', up: 'arrowup', down: 'arrowdown', left: 'arrowleft', right: 'arrowright', space: ' ' }

/** Parses 'g d' / 'mod+k' / 'shift+x' / '?' into strokes; throws on an empty or malformed shortcut. */
export function parseShortcut(shortcut: string): KeyStroke[] {
  const parts = shortcut.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) throw new Error(`Empty shortcut: '${shortcut}'`)
  return parts.map((part) => {
    // '+' alone is a key; 'mod++' would be mod and '+'.
    const tokens = part === '+' ? ['+'] : part.endsWith('++') ? [...part.slice(0, -2).split('+'), '+'] : part.split('+')
    const stroke: KeyStroke = { key: '', mod: false, shift: false, alt: false }
    for (const raw of tokens) {
      const token = raw.toLowerCase()
      if (token === 'mod' || token === 'ctrl' || token === 'cmd') stroke.mod = true
      else if (token === 'shift') stroke.shift = true
      else if (token === 'alt') stroke.alt = true
      else if (!stroke.key && token) stroke.key = KEY_ALIASES[token] ?? token
      else throw new Error(`Malformed shortcut: '${shortcut}'`)
    }
    if (!stroke.key) throw new Error(`Malformed shortcut: '${shortcut}'`)
    return stroke
  })
}

/** The stroke of a key event, or null for a bare modifier press. Ctrl and Cmd both count as 'mod'. */
export function strokeFromEvent(event: KeyEventLike): KeyStroke | null {
  const key = event.key.toLowerCase()
  if (!key || MODIFIER_KEYS.has(key) || key === 'dead' || key === 'unidentified') return null
  return { key, mod: event.ctrlKey || event.metaKey, shift: event.shiftKey, alt: event.altKey }
}

/** Shift matters for letters and named keys; for symbols ('?', '#') it is part of typing them. */
function shiftMatters(key: string): boolean {
  return /^[a-z0-9]$/.test(key) || key.length > 1
}

/** Whether a pressed stroke satisfies a shortcut stroke. */
export function strokeMatches(expected: KeyStroke, pressed: KeyStroke): boolean {
  if (expected.key !== pressed.key || expected.mod !== pressed.mod || expected.alt !== pressed.alt) return false
  return shiftMatters(expected.key) ? expected.shift === pressed.shift : true
}

export type MatchResult<T> = { status: 'matched'; values: T[] } | { status: 'pending' } | { status: 'none' }

/**
 * Matches fed strokes against bindings, with multi-key sequences that lapse after `timeoutMs`
 * (default 1000 ms) between presses. `feed(stroke, now)` takes the time in ms so tests need no clock.
 */
export function createSequenceMatcher<T>(bindings: ReadonlyArray<{ shortcut: string; value: T }>, timeoutMs = 1000) {
  const parsed = bindings.map((b) => ({ strokes: parseShortcut(b.shortcut), value: b.value }))
  let buffer: KeyStroke[] = []
  let lastAt = -Infinity

  const prefixOf = (strokes: KeyStroke[], seq: KeyStroke[]) =>
    seq.length <= strokes.length && seq.every((s, i) => strokeMatches(strokes[i], s))

  function attempt(seq: KeyStroke[]): MatchResult<T> {
    const exact = parsed.filter((p) => p.strokes.length === seq.length && prefixOf(p.strokes, seq))
    if (exact.length > 0) return { status: 'matched', values: exact.map((p) => p.value) }
    if (parsed.some((p) => p.strokes.length > seq.length && prefixOf(p.strokes, seq))) return { status: 'pending' }
    return { status: 'none' }
  }

  return {
    feed(stroke: KeyStroke, now: number): MatchResult<T> {
      if (now - lastAt > timeoutMs) buffer = []
      lastAt = now
      buffer.push(stroke)
      let result = attempt(buffer)
      // A dead-end sequence ('g' then 'x') still lets the last key act on its own.
      if (result.status === 'none' && buffer.length > 1) {
        buffer = [stroke]
        result = attempt(buffer)
      }
      if (result.status !== 'pending') buffer = []
      return result
    },
    reset() {
      buffer = []
    },
  }
}

const KEY_LABELS: Record<string, string> = {
  escape: 'Esc',
  enter: 'Enter',
  arrowup: '↑',
  arrowdown: '↓',
  arrowleft: '←',
  arrowright: '→',
  ' ': 'Space',
  backspace: '⌫',
  delete: 'Del',
}

/** Display labels per stroke: 'mod+k' → [['Ctrl','K']] (or [['⌘','K']] on a Mac), 'g d' → [['G'],['D']]. */
export function shortcutLabels(shortcut: string, isMac: boolean): string[][] {
  return parseShortcut(shortcut).map((s) => [
    ...(s.mod ? [isMac ? '⌘' : 'Ctrl'] : []),
    ...(s.alt ? [isMac ? '⌥' : 'Alt'] : []),
    ...(s.shift ? [isMac ? '⇧' : 'Shift'] : []),
    KEY_LABELS[s.key] ?? s.key.toUpperCase(),
  ])
}
