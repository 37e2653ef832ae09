/**
 * Which commands belong to the screen on view, for the hint bar and the '?' sheet: read from the
 * registry in the current context, so no key list is written twice. A command is the screen's
 * when it applies only somewhere (`when`), applies here but not on no screen at all (no route,
 * nothing published: 'Start triage' from the palette applies everywhere but on Projects, so it
 * is console-wide), and its group is not one of the console-wide ones (the palette, navigation,
 * undo, sign out). Console-wide: every other command that applies here.
 */
import { groupCommands } from './command-groups'
import type { Command, CommandContext, CommandRegistry } from './registry'

/** Groups whose commands act the same on every screen. */
export const GLOBAL_GROUPS: ReadonlySet<string> = new Set(['General', 'Navigation', 'Session'])

/** The title of the '?' sheet's first group. */
export const THIS_SCREEN = 'This screen'

/** `ctx` on no screen: no route and nothing published by a view (the session and the shell's UI stay). */
const nowhere = (ctx: CommandContext): CommandContext => ({ ...ctx, route: '', view: {} })

/** Whether `command` is one of the current screen's own commands in `ctx`. */
export function isScreenCommand(registry: CommandRegistry, command: Command, ctx: CommandContext): boolean {
  return (
    !!command.when &&
    !GLOBAL_GROUPS.has(command.group) &&
    registry.isVisible(command, ctx) &&
    !registry.isVisible(command, nowhere(ctx))
  )
}

/** One key of the hint bar: the shortcut and what it does here (the label when short, else the shorter of label and title). */
export interface KeyHint {
  id: string
  shortcut: string
  label: string
}

/**
 * The keys of the screen on view, in registry order, one per shortcut (the first visible command
 * holding it, as the key handler runs): e.g. on Projects J, K, X, Enter, A (approve) …
 * `singleKeys` false leaves out shortcuts that start with a character key (they do nothing then).
 */
export function screenHints(registry: CommandRegistry, ctx: CommandContext, singleKeys = true): KeyHint[] {
  const seen = new Set<string>()
  const hints: KeyHint[] = []
  for (const command of registry.all) {
    const shortcut = command.shortcut
    if (!shortcut || seen.has(shortcut) || !isScreenCommand(registry, command, ctx)) continue
    if (!singleKeys && startsWithCharacter(shortcut)) continue
    seen.add(shortcut)
    hints.push({ id: command.id, shortcut, label: hintLabel(command, ctx) })
  }
  return hints
}

/** A label up to this long is shown whole in a hint, even when the title is shorter. */
const HINT_LABEL_MAX = 40

/**
 * What a hint says: the label in this context when it is short ('Activate 40 projects, 60 already
 * active' says what the key does to a mixed selection, where the title cannot), else the shorter of
 * label and title, so the bar stays compact.
 */
function hintLabel(command: Command, ctx: CommandContext): string {
  const label = command.label?.(ctx)
  if (!label) return command.title
  return label.length <= Math.max(HINT_LABEL_MAX, command.title.length) ? label : command.title
}

/** Whether a shortcut's first stroke is a character key without mod or alt ('j', '?', 'shift+x', 'g d'). */
export function startsWithCharacter(shortcut: string): boolean {
  const first = shortcut.trim().split(/\s+/)[0].toLowerCase()
  const parts = first === '+' ? ['+'] : first.split('+')
  if (parts.some((p) => p === 'mod' || p === 'ctrl' || p === 'cmd' || p === 'alt')) return false
  const key = parts[parts.length - 1]
  return key.length === 1 && key !== ' '
}

/**
 * The '?' sheet's sections: 'This screen' (the screen's commands with keys, and its commands
 * without keys that the palette offers here), then the console-wide commands with keys that apply
 * here, by group. Another screen's keys and a closed dialog's are not listed: they do nothing here.
 * `query` (case-insensitive words) keeps the commands whose title, label, group, keywords or
 * shortcut hold every word.
 */
export function sheetGroups(registry: CommandRegistry, ctx: CommandContext, query = ''): Array<[string, Command[]]> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const matches = (c: Command) => {
    const text = [c.title, c.label?.(ctx) ?? '', c.group, c.shortcut ?? '', ...(c.keywords ?? [])]
      .join(' ')
      .toLowerCase()
    return words.every((w) => text.includes(w))
  }
  const screen = registry.all.filter((c) => isScreenCommand(registry, c, ctx) && matches(c))
  const own = new Set(screen.map((c) => c.id))
  const rest = registry.all.filter((c) => !own.has(c.id) && c.shortcut && registry.isVisible(c, ctx) && matches(c))
  const groups = groupCommands(rest)
  return screen.length ? [[THIS_SCREEN, screen], ...groups] : groups
}
