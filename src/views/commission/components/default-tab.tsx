/**
 * The Default Config tab (SPEC.md 2): the default configuration's form in place (the same fields
 * and split preview as the modal, Save and Reset from their commands), or, when there is none yet,
 * the empty state with 'Create Default Configuration', which opens the modal. The form is a second
 * actor of commissionConfigModalMachine held in `edit` on the stored default; after a save it takes
 * the saved default again. Publishes `commissionDefaultForm`.
 */
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { invalidateCommission, useDefaultCommissionConfig } from '../../../api/commission'
import { withReason } from '../../../api/error-text'
import type { CommissionConfig } from '../../../api/schemas/commission'
import { CommandButton } from '../../../commands/command-button'
import { isCommissionFormBusy } from '../../../commands/commission-form.commands'
import { CommandRetry } from '../../../commands/command-retry'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { EmptyState, ErrorState, LoadingState } from '../../../components/states'
import { toast } from '../../../components/toast'
import { formatDateTime } from '../../../lib/format'
import { sameDraft } from '../../../machines/commission-config.form'
import { commissionConfigModalMachine } from '../../../machines/commission-config-modal.machine'
import { actorOptions } from '../../../machines/shared/inspect'
import { ConfigForm } from './config-form'
import { useFormHandle } from './use-form-handle'

export function DefaultTab() {
  const { data, error, isPending, refetch } = useDefaultCommissionConfig()
  if (isPending) return <LoadingState title="Loading the default configuration" />
  if (error && data === undefined) {
    return (
      <ErrorState
        title="Error Loading Default Configuration"
        message={withReason('Failed to load the default configuration', error)}
        action={<CommandRetry retry={() => void refetch()} />}
      />
    )
  }
  if (!data) {
    return (
      <EmptyState
        title="No default configuration"
        description="Projects without a configuration of their own need a default to be split."
        action={<CommandButton id="commission.createDefault" variant="primary" />}
      />
    )
  }
  return <DefaultForm config={data} />
}

function DefaultForm({ config }: { config: CommissionConfig }) {
  const queryClient = useQueryClient()
  const actor = useActorRef(commissionConfigModalMachine, actorOptions())
  const closed = useSelector(actor, (s) => s.matches('closed'))
  useEffect(() => {
    const sub = actor.on('commission.saved', (e) => {
      toast.success(e.notice ?? 'Default configuration saved')
      actor.send({ type: 'modal.edit', config: e.config })
      void invalidateCommission(queryClient)
    })
    // Closed on a conflict: the form opens again on the default as the other admin left it.
    const stale = actor.on('commission.stale', (e) => {
      actor.send({ type: 'modal.edit', config: e.config })
      void invalidateCommission(queryClient)
    })
    return () => {
      sub.unsubscribe()
      stale.unsubscribe()
    }
  }, [actor, queryClient])
  // Held on the stored default: opened at mount, and following a refetch while the admin has not typed.
  useEffect(() => {
    const s = actor.getSnapshot()
    if (s.matches('closed') || (s.matches('edit') && sameDraft(s.context.draft, s.context.initial)))
      actor.send({ type: 'modal.edit', config })
  }, [actor, config])
  const handle = useFormHandle(actor, true)
  usePublishCommandContext(useMemo(() => ({ commissionDefaultForm: handle }), [handle]))
  if (closed) return null
  return (
    <section className="card commission-default" data-testid="default-form">
      <header className="card__header">
        <h2>Default Configuration</h2>
        <span className="muted">Updated {formatDateTime(config.updatedAt)}</span>
      </header>
      <div className="card__body">
        <p className="muted commission-default__hint">
          Applies to every project without an active configuration of its own.
        </p>
        <ConfigForm actor={actor} />
      </div>
      <footer className="dialog__footer">
        <CommandButton id="commission.form.reset" />
        <CommandButton
          id="commission.form.save"
          variant="primary"
          showShortcut
          loading={isCommissionFormBusy(handle.state)}
        />
      </footer>
    </section>
  )
}
