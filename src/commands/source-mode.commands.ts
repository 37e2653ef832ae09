/**
 * The Folder/ZIP choice of an upload source (SPEC.md 2 "Add Project": a folder or ZIP radio; the
 * detail page's Project files too): one command per screen (`projects.new.sourceMode`,
 * `projects.files.sourceMode`) run with the mode as target, whose `checked` is the picker's mode.
 * The picker on screen publishes its mode and setter as `view.sourceMode`.
 */
import type { Command, CommandContext } from './registry'

/** Where a source upload comes from. */
export type SourceMode = 'folder' | 'zip'

declare module './registry' {
  interface ViewCommandContext {
    /** The upload source picker on screen: its mode and how to change it. */
    sourceMode?: { mode: SourceMode; set: (mode: SourceMode) => void }
  }
}

const focusedMode = (ctx: CommandContext): SourceMode | null => {
  const focused = ctx.view.focused
  return focused?.kind === 'sourceMode' && (focused.id === 'folder' || focused.id === 'zip') ? focused.id : null
}

function sourceMode(prefix: 'projects.new' | 'projects.files', group: string): Command {
  return {
    id: `${prefix}.sourceMode`,
    title: 'Upload from a folder or a ZIP',
    group,
    keywords: ['folder', 'zip', 'source'],
    label: (ctx) => (focusedMode(ctx) === 'zip' ? 'ZIP' : 'Folder'),
    when: (ctx) => !!ctx.view.sourceMode && focusedMode(ctx) !== null,
    checked: (ctx) => ctx.view.sourceMode?.mode === focusedMode(ctx),
    run: (ctx) => {
      const mode = focusedMode(ctx)
      if (mode) ctx.view.sourceMode?.set(mode)
    },
  }
}

/** The two screens' source mode commands. */
export const sourceModeCommands: Command[] = [
  sourceMode('projects.new', 'Add Project'),
  sourceMode('projects.files', 'Project files'),
]
