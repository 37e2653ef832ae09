/**
 * Triage's source report beside the README (decision 046): the compact report of the project's
 * latest commit (languages, licence, secrets in red with path:line, risk with reasons), its state
 * while analysed, and the `projects.sourceReport.*` commands: the full report in a dialog
 * (shift+s) and the SBOM (shift+b).
 */
import { Download, Maximize2 } from 'lucide-react'
import { CommandButton } from '../../commands/command-button'
import { Dialog } from '../../components/dialog'
import { Spinner } from '../../components/spinner'
import { FullReport } from '../source-report/full-report'
import { CompactReport, ReportStateNote } from '../source-report/source-report'
import { useSourceReportSurface } from '../source-report/use-source-report'

/** The compact source report of `projectId` and its full report's dialog. */
export function TriageSourceReport({ projectId }: { projectId: string }) {
  const { actor, query, report, state, step, dialogOpen } = useSourceReportSurface(projectId, 'triage')
  const data = query.data
  return (
    <section aria-label="Source report" className="triage-source" data-testid="triage-source-report">
      <h3>Source report</h3>
      {query.isPending ? (
        <p className="muted sr-text" role="status">
          <Spinner size={12} label="Loading" /> Loading the source report…
        </p>
      ) : query.error && !data ? (
        <p className="triage-error" role="alert">
          {query.error.message}
        </p>
      ) : (
        <>
          {state && state !== 'ready' ? <ReportStateNote state={state} /> : null}
          {report ? <CompactReport report={report} /> : null}
        </>
      )}
      <div className="sr-actions">
        <CommandButton
          id="projects.sourceReport.open"
          size="sm"
          variant="ghost"
          icon={<Maximize2 size={12} />}
          showShortcut
        />
        <CommandButton
          id="projects.sourceReport.sbom"
          size="sm"
          variant="ghost"
          icon={<Download size={12} />}
          loading={step === 'downloading'}
          showShortcut
        >
          SBOM
        </CommandButton>
      </div>
      <Dialog
        open={dialogOpen && !!report}
        onOpenChange={(open) => !open && actor.send({ type: 'dialog.close' })}
        title="Source report"
        size="lg"
        closeCommand="projects.sourceReport.close"
        footer={
          <CommandButton
            id="projects.sourceReport.sbom"
            size="sm"
            icon={<Download size={14} />}
            loading={step === 'downloading'}
          />
        }
      >
        {report ? <FullReport report={report} /> : null}
      </Dialog>
    </section>
  )
}
