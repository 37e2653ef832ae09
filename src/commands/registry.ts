/**
 * The one command type and the registry every surface reads: the palette, the key handler, the
 * '?' sheet and `<CommandButton id/>`. Domain files export arrays (`*.commands.ts`);
 * app-registry.ts joins them (`createRegistry` asserts unique ids). Commands never fetch: they
 * navigate or send an event to an actor.
 */
import type { ActorRefFrom } from 'xstate'
import type { TemplateDecision } from '../api/schemas/preferences'
import type { authMachine } from '../machines/auth.machine'

/**
 * What views publish for commands (focused record, selection, their actors). Later issues extend
 * it by declaration merging: `declare module '../commands/registry' { interface ViewCommandContext { ... } }`.
 */
export interface ViewCommandContext {
  /** The record the keyboard focus is on, e.g. { kind: 'project', id }. */
  focused?: CommandTarget
  /** Ids of the selected rows of the current list. */
  selection?: readonly string[]
}

/** A record a command acts on: the focused row, or the row whose button was pressed. */
export interface CommandTarget {
  kind: string
  id: string
}

/**
 * The context a per-item control runs its command in: `target` becomes the focused record and the
 * selection is ignored, so a row's own Approve acts on that row only. The palette and the keys run
 * the same command on the focus or the selection.
 */
export function withTarget(ctx: CommandContext, target: CommandTarget | undefined): CommandContext {
  return target ? { ...ctx, view: { ...ctx.view, focused: target, selection: [] } } : ctx
}

/** Everything a command may read or use. */
export interface CommandContext {
  /** Current wouter location, e.g. '/projects'. */
  route: string
  navigate: (to: string) => void
  auth: ActorRefFrom<typeof authMachine>
  /**
   * The palette, the '?' sheet and new tabs (a page of this origin, e.g. the API reference);
   * absent on the login route, which mounts none of them.
   */
  ui?: { openPalette: () => void; openShortcuts: () => void; openTab: (path: string) => void }
  view: ViewCommandContext
}

/** A user picked on a palette argument page: id and what the page showed ('Ravi Kumar (ravi@…)'). */
export interface PickedUser {
  id: string
  label: string
}

/**
 * What a command asks for before it runs from the palette: a second page of the palette, with a
 * breadcrumb and Backspace/Escape back. Keys and buttons still run `run` (which may open a dialog).
 * - 'text': a reason or note; `templates` offers the admin's reason templates of that decision
 *   (src/api/schemas/preferences.ts), variables filled from `values`; empty text is refused with
 *   `requiredMessage`.
 * - 'user': a users search; the picked user is the value.
 */
export type CommandArgument =
  | {
      kind: 'text'
      /** The page's title, e.g. 'Reason for rejecting 3 projects'. */
      prompt: (ctx: CommandContext) => string
      placeholder: string
      requiredMessage: string
      templates?: {
        decision: TemplateDecision
        values: (ctx: CommandContext) => { title: string; owner?: string | null; category?: string | null }
      }
      runWith: (ctx: CommandContext, text: string) => void
    }
  | {
      kind: 'user'
      prompt: (ctx: CommandContext) => string
      placeholder: string
      runWith: (ctx: CommandContext, user: PickedUser) => void
    }

/** One action of the console. `shortcut` uses the notation of keys.ts ('g d', 'mod+k', '?', 'shift+x'). */
export interface Command {
  id: string
  title: string
  /** Title that depends on the context (e.g. 'Approve 3 projects'); palette and buttons prefer it. */
  label?: (ctx: CommandContext) => string
  group: string
  keywords?: readonly string[]
  shortcut?: string
  /** Further keys running the same command (the handler binds them too; `shortcut` is the one shown). */
  altShortcuts?: readonly string[]
  /** Whether the command applies at all here (hidden otherwise). */
  when?: (ctx: CommandContext) => boolean
  /** Why it cannot run now (shown greyed with this reason), or null/undefined when it can. */
  disabledReason?: (ctx: CommandContext) => string | null | undefined
  /** For checkbox and select-option controls: whether the option is on ('indeterminate' for a partial select-all). */
  checked?: (ctx: CommandContext) => boolean | 'indeterminate'
  run: (ctx: CommandContext) => void
  /** When set, the palette asks for this first and runs `argument.runWith` instead of `run`. */
  argument?: CommandArgument
}

export type RunOutcome = { ran: true } | { ran: false; reason: string }

/** Builds a registry; throws on duplicate ids so a clash fails at start-up and in tests. */
export function createRegistry(list: readonly Command[]) {
  const byId = new Map<string, Command>()
  for (const command of list) {
    if (byId.has(command.id)) throw new Error(`Duplicate command id: ${command.id}`)
    byId.set(command.id, command)
  }
  const isVisible = (command: Command, ctx: CommandContext) => command.when?.(ctx) ?? true
  const disabledReason = (command: Command, ctx: CommandContext) => command.disabledReason?.(ctx) || null
  const blocked = (command: Command, ctx: CommandContext): RunOutcome | null => {
    if (!isVisible(command, ctx)) return { ran: false, reason: `${command.title} is not available here` }
    const reason = disabledReason(command, ctx)
    return reason ? { ran: false, reason } : null
  }
  return {
    all: list,
    get: (id: string) => byId.get(id),
    isVisible,
    disabledReason,
    /** Commands that apply in `ctx`, in registry order. */
    visible: (ctx: CommandContext) => list.filter((c) => isVisible(c, ctx)),
    /** Runs when visible and enabled; otherwise says why not. */
    run(command: Command, ctx: CommandContext): RunOutcome {
      const no = blocked(command, ctx)
      if (no) return no
      command.run(ctx)
      return { ran: true }
    },
    /** Runs a command's argument page result (`argument.runWith`) when visible and enabled; otherwise says why not. */
    runWith(command: Command, ctx: CommandContext, value: string | PickedUser): RunOutcome {
      const no = blocked(command, ctx)
      if (no) return no
      const arg = command.argument
      if (!arg) return { ran: false, reason: `${command.title} takes no argument` }
      if (arg.kind === 'text' && typeof value === 'string') arg.runWith(ctx, value)
      else if (arg.kind === 'user' && typeof value !== 'string') arg.runWith(ctx, value)
      else return { ran: false, reason: `${command.title} needs a ${arg.kind}` }
      return { ran: true }
    },
  }
}

export type CommandRegistry = ReturnType<typeof createRegistry>
