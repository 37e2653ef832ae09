/**
 * The protected layout (SPEC.md 2 "Layout and sidebar"): a spinner while the session restores,
 * a redirect to /login when signed out, else the console shell with the command system mounted,
 * the step-up dialog any screen's sensitive call may open (step-up-gate.ts), the undo actor
 * with its toast (pinned in the one toast stack), and the connection actor behind the header's status pill.
 */
import { useEffect, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Redirect } from 'wouter'
import { Spinner } from '../../components/spinner'
import { Toaster } from '../../components/toast'
import { CommandProvider } from '../../commands/command-provider'
import { AuthActor } from './auth-context'
import { AppShell } from './components/app-shell'
import { StepUpDialog } from './components/step-up-dialog'
import { UndoToast } from './components/undo-toast'
import { UndoActor } from './undo-context'
import { ConnectionActor } from './connection-context'
import { actorOptions } from '../../machines/shared/inspect'

export function ProtectedLayout({ children }: { children: ReactNode }) {
  const status = AuthActor.useSelector((s) =>
    s.matches('restoring') ? 'restoring' : s.matches('signedIn') ? 'signedIn' : 'signedOut',
  )
  const queryClient = useQueryClient()
  // Nothing fetched for one admin may show for the next one.
  useEffect(() => {
    if (status === 'signedOut') queryClient.clear()
  }, [status, queryClient])
  if (status === 'restoring') {
    return (
      <div className="page-center" data-testid="auth-loading">
        <Spinner size={24} label="Loading" />
      </div>
    )
  }
  if (status === 'signedOut') return <Redirect to="/login" replace />
  return (
    <CommandProvider>
      <ConnectionActor.Provider options={actorOptions()}>
        <UndoActor.Provider options={actorOptions()}>
          <AppShell>{children}</AppShell>
          <Toaster pinned={<UndoToast />} />
        </UndoActor.Provider>
      </ConnectionActor.Provider>
      <StepUpDialog />
    </CommandProvider>
  )
}
