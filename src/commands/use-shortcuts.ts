/** Installs the global key handler (shortcut-handler.ts) for the registry, reading the latest context. */
import { useEffect, useRef } from 'react'
import { toast } from '../components/toast'
import { createShortcutHandler } from './shortcut-handler'
import type { CommandContext, CommandRegistry } from './registry'

export function useShortcuts(registry: CommandRegistry, ctx: CommandContext): void {
  const ctxRef = useRef(ctx)
  useEffect(() => {
    ctxRef.current = ctx
  }, [ctx])
  useEffect(() => {
    const handler = createShortcutHandler(registry, () => ctxRef.current, (reason) => toast.info(reason))
    window.addEventListener('keydown', handler)
    return () => window.removeEventListener('keydown', handler)
  }, [registry])
}
