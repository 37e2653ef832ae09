/** A command context for command tests: a route, a spy navigate, and the view state a test publishes. */
import { vi } from 'vitest'
import { createActor } from 'xstate'
import type { CommandContext, ViewCommandContext } from '../../../src/commands/registry'
import { registry } from '../../../src/commands/app-registry'
import { withTarget, type CommandTarget } from '../../../src/commands/registry'
import { authMachine } from '../../../src/machines/auth.machine'

export function context(route: string, view: ViewCommandContext = {}): CommandContext {
  return {
    route,
    navigate: vi.fn(),
    auth: createActor(authMachine),
    ui: { openPalette: vi.fn(), openShortcuts: vi.fn(), openTab: vi.fn() },
    view,
  }
}

/** A fake actor whose `send` records the events. */
export function recorder<T>() {
  const sent: unknown[] = []
  return { actor: { send: (e: unknown) => void sent.push(e) } as unknown as T, sent }
}

/** Command `id` resolved in `ctx` (with `target` focused), as a control would see it. */
export function control(id: string, ctx: CommandContext, target?: CommandTarget) {
  const command = registry.get(id)
  if (!command) throw new Error(`unknown command ${id}`)
  const c = withTarget(ctx, target)
  return {
    visible: registry.isVisible(command, c),
    reason: registry.disabledReason(command, c),
    label: command.label?.(c) ?? command.title,
    checked: command.checked?.(c),
    run: () => registry.run(command, c),
  }
}
