/** Commands grouped by `group`, in first-seen order: the palette's and the '?' sheet's sections. */
import type { Command } from './registry'

export function groupCommands(commands: readonly Command[]): Array<[string, Command[]]> {
  const groups = new Map<string, Command[]>()
  for (const c of commands) groups.set(c.group, [...(groups.get(c.group) ?? []), c])
  return [...groups]
}
