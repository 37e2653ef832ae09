/**
 * Shortcut notation of the commands, and its translation to tinykeys. Notation: strokes separated
 * by spaces ('g d' is a two-key sequence), modifiers joined with '+' ('mod+k' = Ctrl or Cmd + K,
 * 'shift+x'); single characters stand for themselves ('?', '#', '/', 'a'). tinykeys does the
 * matching and the sequences; this module only converts and labels.
 */

interface Stroke {
  key: string
  mod: boolean
  shift: boolean
  alt: boolean
}

const KEY_ALIASES: Record<string, string> = {
  esc: 'escape',
  up: 'arrowup',
  down: 'arrowdown',
  left: 'arrowleft',
  right: 'arrowright',
  space: ' ',
}

function parseStroke(part: string, shortcut: string): Stroke {
  // '+' alone is a key; 'mod++' would be mod and '+'.
  const tokens = part === '+' ? ['+'] : part.endsWith('++') ? [...part.slice(0, -2).split('+'), '+'] : part.split('+')
  const stroke: Stroke = { key: '', mod: false, shift: false, alt: false }
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
}

function parse(shortcut: string): Stroke[] {
  const parts = shortcut.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) throw new Error(`Empty shortcut: '${shortcut}'`)
  return parts.map((part) => parseStroke(part, shortcut))
}

const TINYKEYS_NAMES: Record<string, string> = {
  escape: 'Escape',
  enter: 'Enter',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
  ' ': 'Space',
  backspace: 'Backspace',
  delete: 'Delete',
}

/**
 * The tinykeys keybinding of a shortcut: 'mod+k' → '$mod+k', 'shift+x' → 'Shift+x', 'g d' → 'g d'.
 * Symbols typed with Shift ('?', '#') allow it as an optional modifier ('[Shift]+?'). Throws on a
 * malformed shortcut.
 */
export function toKeybinding(shortcut: string): string {
  return parse(shortcut)
    .map((s) => {
      const symbol = !/^[a-z0-9]$/.test(s.key) && s.key.length === 1 && s.key !== ' '
      const mods = [s.mod ? '$mod' : '', s.alt ? 'Alt' : '', s.shift ? 'Shift' : symbol ? '[Shift]' : ''].filter(
        Boolean,
      )
      return [...mods, TINYKEYS_NAMES[s.key] ?? s.key].join('+')
    })
    .join(' ')
}

/** How many key presses a shortcut takes ('g d' → 2). */
export const strokeCount = (shortcut: string) => parse(shortcut).length

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
  return parse(shortcut).map((s) => [
    ...(s.mod ? [isMac ? '⌘' : 'Ctrl'] : []),
    ...(s.alt ? [isMac ? '⌥' : 'Alt'] : []),
    ...(s.shift ? [isMac ? '⇧' : 'Shift'] : []),
    KEY_LABELS[s.key] ?? s.key.toUpperCase(),
  ])
}
