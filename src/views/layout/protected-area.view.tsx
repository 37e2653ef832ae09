/**
 * Everything the signed-in console needs around its screens, loaded as one lazy chunk after the
 * entry so that /login never downloads it: react-query, tooltips, the command system, toasts and
 * the shell (through ProtectedLayout), the loading state shown while a screen's chunk loads, and
 * the error boundary that keeps the shell when a screen fails (screen-boundary.tsx).
 */
import { Suspense, type ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from '../../api/query-client'
import { LoadingState } from '../../components/states'
import { TooltipProvider } from '../../components/tooltip'
import { ScreenBoundary } from './components/screen-boundary'
import { ProtectedLayout } from './protected-layout.view'

export default function ProtectedArea({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={400}>
        <ProtectedLayout>
          <ScreenBoundary>
            <Suspense fallback={<LoadingState title="Loading" />}>{children}</Suspense>
          </ScreenBoundary>
        </ProtectedLayout>
      </TooltipProvider>
    </QueryClientProvider>
  )
}
