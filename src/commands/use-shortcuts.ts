/**
 * Installs the global key handler (shortcut-handler.ts) for the registry, reading the latest
 * context. `onBlocked` hears why a shortcut's command cannot run (the signed-in area shows it as a
 * toast; the login route, which loads no toast library, passes none). `singleKeys` is the admin's
 * preference (default on; the login route has none): off, character keys without mod do nothing.
 */
import { useEffect, useRef } from 'react'
import { createShortcutHandler } from './shortcut-handler'
import type { CommandContext, CommandRegistry } from './registry'

export function useShortcuts(
  registry: CommandRegistry,
  ctx: CommandContext,
  onBlocked: (reason: string) => void = () => {},
  singleKeys = true,
): void {
  const ctxRef = useRef(ctx)
  const blockedRef = useRef(onBlocked)
  const singleKeysRef = useRef(singleKeys)
  useEffect(() => {
    ctxRef.current = ctx
    blockedRef.current = onBlocked
    singleKeysRef.current = singleKeys
  }, [ctx, onBlocked, singleKeys])
  useEffect(() => {
    const handler = createShortcutHandler(
      registry,
      () => ctxRef.current,
      (reason) => blockedRef.current(reason),
      { singleKeys: () => singleKeysRef.current },
    )
    window.addEventListener('keydown', handler)
    return () => window.removeEventListener('keydown', handler)
  }, [registry])
}
