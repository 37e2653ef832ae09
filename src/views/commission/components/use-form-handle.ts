/**
 * The command handle of a commission form (commission-form.commands.ts), from its actor: the
 * state, mode, draft, whether it changed, why Save cannot run, the preview and the picker's
 * results. Memoized on those slices, so the view republishes only when one changes.
 */
import { useMemo } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { CommissionProjectOption } from '../../../api/schemas/commission'
import type { CommissionFormHandle } from '../../../commands/commission-form.commands'
import { sameDraft } from '../../../machines/commission-config.form'
import { modalSaveBlocker, type commissionConfigModalMachine } from '../../../machines/commission-config-modal.machine'

const NONE: readonly CommissionProjectOption[] = []

export function useFormHandle(
  actor: ActorRefFrom<typeof commissionConfigModalMachine>,
  inline: boolean,
  candidates: readonly CommissionProjectOption[] = NONE,
): CommissionFormHandle {
  const state = useSelector(actor, (s) => s.value as CommissionFormHandle['state'])
  const mode = useSelector(actor, (s) => s.context.mode)
  const isDefault = useSelector(actor, (s) => s.context.isDefault)
  const draft = useSelector(actor, (s) => s.context.draft)
  const dirty = useSelector(actor, (s) => !sameDraft(s.context.draft, s.context.initial))
  const blocker = useSelector(actor, (s) => modalSaveBlocker(s.context))
  const preview = useSelector(actor, (s) => s.context.preview)
  return useMemo(
    () => ({ actor, state, mode, isDefault, inline, draft, dirty, blocker, preview, candidates }),
    [actor, state, mode, isDefault, inline, draft, dirty, blocker, preview, candidates],
  )
}
