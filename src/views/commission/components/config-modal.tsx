/**
 * The create/edit modal (SPEC.md 2, 4, 5), open while commissionConfigModalMachine is not
 * `closed`: the project picker (creating a project's configuration only), the fields and the split
 * preview (config-form.tsx), Cancel and Save from their commands. Escape or × closes; a changed
 * draft first asks 'Discard changes?'. Publishes `commissionModal` while open.
 */
import { useMemo, useState } from 'react'
import { useSelector } from '@xstate/react'
import { useDebounce } from 'use-debounce'
import type { ActorRefFrom } from 'xstate'
import { useCommissionProjectSearch } from '../../../api/commission'
import { CommandButton } from '../../../commands/command-button'
import { isCommissionFormBusy } from '../../../commands/commission-form.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { Dialog } from '../../../components/dialog'
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-url-filters'
import type { commissionConfigModalMachine } from '../../../machines/commission-config-modal.machine'
import { AnswerDialog } from './answer-dialog'
import { DEFAULT_CONFIG_TITLE } from './config-card'
import { ConfigForm } from './config-form'
import { ProjectPicker } from './project-picker'
import { useFormHandle } from './use-form-handle'

type Actor = ActorRefFrom<typeof commissionConfigModalMachine>

/** SPEC.md-style texts of the discard question. */
export const DISCARD_QUESTION = 'Discard changes?'

export function ConfigModal({ actor }: { actor: Actor }) {
  const open = useSelector(actor, (s) => !s.matches('closed'))
  return open ? <OpenModal actor={actor} /> : null
}

function OpenModal({ actor }: { actor: Actor }) {
  const mode = useSelector(actor, (s) => s.context.mode)
  const isDefault = useSelector(actor, (s) => s.context.isDefault)
  const title = useSelector(actor, (s) => s.context.title)
  const picked = useSelector(actor, (s) => s.context.draft.project)
  const discarding = useSelector(actor, (s) => s.matches('discarding'))
  const picking = mode === 'create' && !isDefault
  const [search, setSearch] = useState('')
  const [debounced] = useDebounce(search, SEARCH_DEBOUNCE_MS)
  const projects = useCommissionProjectSearch(debounced, picking)
  const handle = useFormHandle(actor, false, projects.data)
  usePublishCommandContext(useMemo(() => ({ commissionModal: handle }), [handle]))
  const heading =
    mode === 'create'
      ? isDefault
        ? 'Create Default Configuration'
        : 'New Configuration'
      : `Edit ${title ?? DEFAULT_CONFIG_TITLE}`
  return (
    <>
      <Dialog
        open
        onOpenChange={(next) => {
          if (!next) actor.send({ type: 'modal.close' })
        }}
        title={heading}
        size="lg"
        closeCommand="commission.form.cancel"
        description={
          mode === 'create' && !isDefault
            ? 'Choose a project and how each of its orders is split.'
            : 'How each order is split between the parties.'
        }
        footer={
          <>
            <CommandButton id="commission.form.cancel" />
            <CommandButton
              id="commission.form.save"
              variant="primary"
              showShortcut
              loading={isCommissionFormBusy(handle.state)}
            />
          </>
        }
      >
        <ConfigForm
          actor={actor}
          autoFocus={!picking}
          picker={
            picking ? (
              <ProjectPicker search={search} onSearch={setSearch} query={projects} picked={picked} />
            ) : undefined
          }
        />
      </Dialog>
      <AnswerDialog
        open={discarding}
        title={DISCARD_QUESTION}
        description="The changes to this configuration will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        data-testid="discard-dialog"
        onConfirm={() => actor.send({ type: 'discard.confirm' })}
        onCancel={() => actor.send({ type: 'discard.cancel' })}
      />
    </>
  )
}
