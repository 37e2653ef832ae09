/**
 * Installs the global key handler (shortcut-handler.ts) for the registry, reading the latest
 * context. `onBlocked` hears why a shortcut's command cannot run (the signed-in area shows it as a
 * toast; the login route, which loads no toast library, passes none).
 */
import { useEffect, useRef } from 'react'
import { createShortcutHandler } from './shortcut-handler'
import type { CommandContext, CommandRegistry } from './registry'

export function useShortcuts(registry: CommandRegistry, ctx: CommandContext, onBlocked: (reason: string) => void = () => {}): void {
  const ctxRef = useRef(ctx)
  const blockedRef = useRef(onBlocked)
  useEffect(() => {
    ctxRef.current = ctx
    blockedRef.current = onBlocked
  }, [ctx, onBlocked])
  useEffect(() => {
    const handler = createShortcutHandler(registry, () => ctxRef.current, (reason) => blockedRef.current(reason))
    window.addEventListener('keydown', handler)
    return () => window.removeEventListener('keydown', handler)
  }, [registry])
}
