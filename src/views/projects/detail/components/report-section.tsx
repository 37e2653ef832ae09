/**
 * Report Management on the detail page (SPEC.md 2, 5 "Reports", 7, 8): upload a .doc/.docx
 * (replacing asks first), download through a signed link opened in a new tab, delete (cannot be
 * undone), and the report price prompt. The flow is projectReportMachine, published as
 * `view.projectReport`; the buttons are `projects.report.*` commands.
 */
import { useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { actorOptions } from '../../../../machines/shared/inspect'
import { Download, FileUp, IndianRupee, Trash2 } from 'lucide-react'
import { Badge } from '../../../../components/badge'
import { ConfirmDialog, PromptDialog } from '../../../../components/dialog'
import { CommandButton } from '../../../../commands/command-button'
import { usePublishCommandContext } from '../../../../commands/use-command-context'
import { formatINR } from '../../../../lib/format'
import { projectReportMachine, REPLACE_TEXT } from '../../../../machines/project-report.machine'
import { useSectionEffects } from '../use-section-effects'
import { useSectionsActor } from '../sections-context'
import '../../shared/files.css'

const WORD_TYPES =
  '.doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/** The Report Management card. */
export function ReportSection() {
  const project = useSelector(useSectionsActor(), (s) => s.context.project)
  const actor = useActorRef(
    projectReportMachine,
    actorOptions({ input: { projectId: project._id, hasReport: project.hasReport, reportPrice: project.reportPrice } }),
  )
  const inputRef = useRef<HTMLInputElement>(null)
  const hasReport = useSelector(actor, (s) => s.context.hasReport)
  const reportPrice = useSelector(actor, (s) => s.context.reportPrice)
  const error = useSelector(actor, (s) => s.context.error)
  const state = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'idle'))
  const cancel = (open: boolean) => !open && actor.send({ type: 'confirm.cancel' })

  useSectionEffects(actor, {
    onPicker: () => inputRef.current?.click(),
    onTabBlocked: () => actor.send({ type: 'download.blocked' }),
  })
  usePublishCommandContext(useMemo(() => ({ projectReport: actor }), [actor]))

  return (
    <section className="card detail-section" data-testid="section-report">
      <header className="card__header detail-section__header">
        <h2>Report Management</h2>
      </header>
      <div className="card__body files-panel">
        <p className="files-panel__row">
          <Badge tone={hasReport ? 'success' : 'neutral'}>{hasReport ? 'Report uploaded' : 'No report'}</Badge>
          <span className="muted">
            Price: <strong data-testid="report-price">{formatINR(reportPrice)}</strong>
          </span>
        </p>
        <input
          ref={inputRef}
          type="file"
          hidden
          data-testid="report-input"
          accept={WORD_TYPES}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) actor.send({ type: 'report.file', file })
            e.target.value = ''
          }}
        />
        <div className="files-panel__row">
          <CommandButton
            id="projects.report.upload"
            size="sm"
            icon={<FileUp size={14} />}
            loading={state === 'uploading'}
          />
          <CommandButton
            id="projects.report.download"
            size="sm"
            icon={<Download size={14} />}
            loading={state === 'downloading'}
          />
          <CommandButton
            id="projects.report.price"
            size="sm"
            icon={<IndianRupee size={14} />}
            loading={state === 'savingPrice'}
          />
          <CommandButton
            id="projects.report.delete"
            size="sm"
            variant="danger"
            icon={<Trash2 size={14} />}
            loading={state === 'deleting'}
          />
        </div>
        {error ? (
          <p className="files-panel__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={state === 'confirmingReplace'}
        onOpenChange={cancel}
        title="Replace report"
        description={REPLACE_TEXT}
        confirmLabel="Continue"
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
      />
      <ConfirmDialog
        open={state === 'confirmingDelete' || state === 'deleting'}
        onOpenChange={cancel}
        title="Delete report"
        tone="danger"
        confirmLabel="Delete"
        busy={state === 'deleting'}
        description="Are you sure you want to delete the report? This action cannot be undone."
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
      />
      <PromptDialog
        open={state === 'editingPrice'}
        onOpenChange={cancel}
        title="Report price"
        label="Report price (₹)"
        required
        description={error ?? undefined}
        initialValue={String(reportPrice)}
        onSubmit={(text) => actor.send({ type: 'price.submit', text })}
      />
    </section>
  )
}
